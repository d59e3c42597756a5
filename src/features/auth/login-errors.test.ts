import { describe, expect, it } from 'vitest';
import { loginErrorMessage } from './login-errors';

describe('login error catalogue (ERR-1)', () => {
  it('401', () =>
    expect(loginErrorMessage(401, 'Unauthorized', 'x')).toBe('Identifiant et/ou mot de passe incorrect(s)'));
  it('403', () => expect(loginErrorMessage(403, 'Forbidden', null)).toBe('Accès non autorisé'));
  it('other status: the text or "Une erreur est survenue"', () => {
    expect(loginErrorMessage(429, 'Too Many Requests', 'Trop de tentatives')).toBe('Trop de tentatives');
    expect(loginErrorMessage(502, 'Bad Gateway', null)).toBe('Bad Gateway');
    expect(loginErrorMessage(500, '', null)).toBe('Une erreur est survenue');
  });
  it('no response', () => expect(loginErrorMessage(null, null, null)).toBe('Une erreur interne est survenue'));
});
