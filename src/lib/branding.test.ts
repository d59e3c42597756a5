import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING, usesDirectoryLogin } from './branding';

describe('directory login choice (AUTH-2)', () => {
  const branding = {
    ...DEFAULT_BRANDING,
    directory: { domains: ['cabinet-durand.fr'], excluded: ['externe@cabinet-durand.fr'] },
  };
  it('uses the directory endpoint when the login contains a configured domain', () => {
    expect(usesDirectoryLogin('j.petit@cabinet-durand.fr', branding)).toBe(true);
    expect(usesDirectoryLogin('demo', branding)).toBe(false);
  });
  it('does not for an excluded address', () =>
    expect(usesDirectoryLogin('externe@cabinet-durand.fr', branding)).toBe(false));
});
