import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps a relative path with its query', () =>
    expect(safeRedirect('/mes-factures/liste-des-factures?q=1')).toBe('/mes-factures/liste-des-factures?q=1'));
  it('refuses absolute and protocol-relative addresses', () => {
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect(undefined)).toBe('/');
  });
  it('never loops back to the login page', () => expect(safeRedirect('/login?redirect=/x')).toBe('/'));
});
