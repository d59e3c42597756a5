import { describe, expect, it } from 'vitest';
import { isActiveChild } from './nav-drawer';

const inbox = [{ to: '/ma-bannette' }, { to: '/ma-bannette/deposer' }];
describe('drawer highlighting', () => {
  it('lights only the closest entry', () => {
    expect(isActiveChild('/ma-bannette/deposer', '/ma-bannette', inbox)).toBe(false);
    expect(isActiveChild('/ma-bannette/deposer', '/ma-bannette/deposer', inbox)).toBe(true);
    expect(isActiveChild('/ma-bannette', '/ma-bannette', inbox)).toBe(true);
  });
  it('keeps a parent entry lit on its own sub-pages', () => {
    expect(
      isActiveChild('/mes-factures/mes-clients/ficheClient', '/mes-factures/mes-clients', [
        { to: '/mes-factures/mes-clients' },
      ]),
    ).toBe(true);
  });
});
