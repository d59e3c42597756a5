import { describe, expect, it } from 'vitest';
import { loginNameProblem, normaliseLogin } from './login-name';

describe('login names', () => {
  it('normalises with NFKC', () => {
    expect(normaliseLogin(' ａｄｍｉｎ ')).toBe('admin');
    expect(normaliseLogin('ﬁne')).toBe('fine');
    expect(normaliseLogin('j.petit@cabinet-durand.fr')).toBe('j.petit@cabinet-durand.fr');
  });

  it('accepts ASCII letters, digits and . _ - @', () => {
    for (const login of ['demo', 'admin', 'j.petit@cabinet-durand.fr', 'paul_durand-2', 'A.B'])
      expect(loginNameProblem(login), login).toBeNull();
  });

  it('refuses look-alikes, invisible characters, accents and separators, naming the first one', () => {
    expect(loginNameProblem('admın')).toContain('le caractère « ı » (U+0131)');
    expect(loginNameProblem('\u0430dmin')).toContain('« а » (U+0430)');
    expect(loginNameProblem('\u03bfscar')).toContain('« ο » (U+03BF)');
    expect(loginNameProblem('ad\u200bmin')).toContain('U+200B (invisible)');
    expect(loginNameProblem('ad\u2060min')).toContain('U+2060 (invisible)');
    expect(loginNameProblem('\ufeffadmin')).toContain('U+FEFF (invisible)');
    expect(loginNameProblem('demo|paie')).toContain('« | » (U+007C)');
    expect(loginNameProblem('zoé')).toContain('« é » (U+00E9)');
    expect(loginNameProblem('a b')).toContain('U+0020 (espace)');
    expect(loginNameProblem('a\u00a0b')).toContain('U+00A0 (espace)');
    expect(loginNameProblem('a😀')).toContain('« 😀 » (U+1F600)');
  });
});
