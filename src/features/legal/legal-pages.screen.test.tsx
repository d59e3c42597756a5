// @vitest-environment jsdom
// The legal pages' content (the footer of NAV-12; LCEN art. 6), from the branding configuration. Moved
// from tests/e2e/shell-nav.test.ts (decision 018): the footer links, the page titles and one axe pass
// per page stay there.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanScreen, installJsdomGaps, renderScreen } from '../../../tests/support/screen';
import { DEFAULT_BRANDING } from '../../lib/branding';
import { AssistancePage, CookiePolicyPage, LegalNoticePage } from './legal-pages';

beforeAll(installJsdomGaps);
afterEach(cleanScreen);

const b = DEFAULT_BRANDING;
const text = () => document.body.textContent!.replace(/\s+/g, ' ');

// Role queries skip the visibility check (`hidden: true`): computing styles is what makes them slow in jsdom.
describe('the legal pages', { timeout: 60_000 }, () => {
  it('the legal notice names the publisher, its host and the rights over personal data', () => {
    renderScreen(<LegalNoticePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Mentions légales', hidden: true })).toBeTruthy();
    for (const section of ['Éditeur', 'Hébergement', 'Données personnelles', 'Propriété intellectuelle']) {
      expect(screen.getByRole('heading', { level: 2, name: section, hidden: true })).toBeTruthy();
    }
    expect(text()).toContain(`${b.productName} est édité par ${b.legal.name}`);
    expect(text()).toContain(`numéro SIREN ${b.legal.siren}`);
    expect(text()).toContain(`Directeur ou directrice de la publication : ${b.legal.director}.`);
    expect(text()).toContain(`Contact : ${b.supportEmail} — ${b.supportPhone}.`);
    expect(text()).toContain('Les factures et avoirs sont conservés dix ans');
  });

  it('the cookie policy says no tracking cookie is set, and what the device keeps', () => {
    renderScreen(<CookiePolicyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Politique de cookies', hidden: true })).toBeTruthy();
    expect(text()).toContain('n’utilise aucun cookie publicitaire ni de mesure d’audience');
    const kept = screen.getAllByRole('listitem', { hidden: true }).map((li) => li.textContent);
    expect(kept).toHaveLength(4);
    expect(kept[0]).toContain('Votre session de connexion');
    expect(screen.getByRole('heading', { level: 2, name: 'Comment les effacer', hidden: true })).toBeTruthy();
  });

  it('the assistance page gives the support phone and e-mail as links', () => {
    renderScreen(<AssistancePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Assistance', hidden: true })).toBeTruthy();
    const contact = screen.getByRole('heading', { level: 2, name: 'Nous contacter', hidden: true }).parentElement!;
    expect(within(contact).getByRole('link', { name: b.supportPhone, hidden: true }).getAttribute('href')).toBe(
      `tel:${b.supportPhone.replace(/\s/g, '')}`,
    );
    expect(within(contact).getByRole('link', { name: b.supportEmail, hidden: true }).getAttribute('href')).toBe(
      `mailto:${b.supportEmail}`,
    );
    expect(text()).toContain(
      `Activer le module de facturation : il est gratuit, appelez le support au ${b.supportPhone}.`,
    );
  });
});
