// @vitest-environment jsdom
// « Mentions légales de la société » (decision 046) in jsdom: what is still missing at the top, the
// rulebook's checks under the fields as the user types, the save (online only) that brings the
// invoicing environment of the device up to date, a server refusal in French, and offline. The real
// server and axe at both sizes are in tests/e2e/company-legal.test.ts.
import { createRoute } from '@tanstack/react-router';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HTTPError } from 'ky';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanScreen, installJsdomGaps } from '../../../tests/support/screen';
import { demoProfile, renderInRouter, signInAs } from '../../../tests/support/screen-profiles';
import { defineServerData } from '../../data/sync/server-data';
import { keepTable } from '../../data/sync/tables';
import { forgetAll } from '../../data/sync/engine';
import type { LegalDetails } from './api/legal-details-api';

const fetchLegalDetails = vi.fn();
const saveLegalDetails = vi.fn();
vi.mock('./api/legal-details-api', async (actual) => ({
  ...(await actual<typeof import('./api/legal-details-api')>()),
  fetchLegalDetails: (...a: unknown[]) => fetchLegalDetails(...a),
  saveLegalDetails: (...a: unknown[]) => saveLegalDetails(...a),
}));

const { LegalDetailsPage } = await import('./components/legal-details-page');

const DETAILS: LegalDetails = {
  label: 'Boulangerie Pâtisserie Martin',
  legalForm: null,
  shareCapital: '8 000 €',
  address: '14 rue des Lilas',
  postalCode: '69003',
  city: 'Lyon',
  siren: null,
  siret: null,
  rcs: 'RCS Lyon',
  vatNumber: null,
  email: 'contact@boulangerie-martin.fr',
  phone: null,
  soleTrader: false,
  latePenaltyRate: null,
  vatOnDebits: false,
  missing: ['forme juridique', 'SIREN', 'numéro de TVA intracommunautaire'],
};

const environmentFetcher = vi.fn();

beforeAll(() => {
  installJsdomGaps();
  // The device's environment, kept as a table with a fake conditional read (datasets.ts declares the real one).
  keepTable(
    defineServerData({ key: 'environment', keep: 'table', fetchIfChanged: (...a) => environmentFetcher(...a) }),
  );
});
afterEach(() => {
  cleanScreen();
  forgetAll();
  signInAs(null);
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
  for (const f of [fetchLegalDetails, saveLegalDetails, environmentFetcher]) f.mockReset();
});

function open(profile = demoProfile()) {
  signInAs(profile);
  return renderInRouter(null, {
    path: '/mes-factures/mentions-legales',
    routes: (root) => [
      createRoute({
        getParentRoute: () => root as never,
        path: '/mes-factures/mentions-legales',
        component: LegalDetailsPage,
      }),
    ],
  });
}

const input = (label: string | RegExp) =>
  screen.getByLabelText(label, { selector: 'input, textarea' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const saveButton = () => screen.getByRole('button', { name: /^Enregistrer/, hidden: true }) as HTMLButtonElement;

describe('Mentions légales de la société', { timeout: 60_000 }, () => {
  it('lists what is missing, checks the identifiers as they are typed, saves and refreshes the device’s environment', async () => {
    fetchLegalDetails.mockResolvedValue(DETAILS);
    open();
    const missing = await screen.findByText('Mentions à compléter avant de valider une facture');
    const alert = missing.closest('.mantine-Alert-root')!;
    expect(alert.textContent).toMatch(/Forme juridique[\s\S]*SIREN[\s\S]*Numéro de TVA intracommunautaire/);
    expect(input(/^Raison sociale/).value).toBe('Boulangerie Pâtisserie Martin');
    expect(input('Taux des pénalités de retard').placeholder).toBe('3 fois le taux d’intérêt légal');

    // A wrong key, typed in full: the rulebook's message under the field at once.
    type('SIREN', '404 833 049');
    await screen.findByText('Le SIREN de la société n’est pas valide (9 chiffres, clé de contrôle).');
    type('SIREN', '404 833 048');
    await waitFor(() => expect(screen.queryByText(/Le SIREN de la société n’est pas valide/)).toBeNull());
    // A VAT number of another SIREN.
    type('Numéro de TVA intracommunautaire', 'FR44732829320');
    await screen.findByText('Le numéro de TVA intracommunautaire de la société ne correspond pas à son SIREN.');
    type('Numéro de TVA intracommunautaire', 'FR83404833048');
    type('Forme juridique', 'SARL');
    fireEvent.click(
      screen.getByRole('switch', { name: 'Option pour le paiement de la TVA d’après les débits', hidden: true }),
    );

    const saved = {
      ...DETAILS,
      legalForm: 'SARL',
      siren: '404833048',
      vatNumber: 'FR83404833048',
      vatOnDebits: true,
      missing: [],
    };
    saveLegalDetails.mockResolvedValue(saved);
    environmentFetcher.mockResolvedValue({ status: 'unchanged' });
    fireEvent.click(saveButton());
    await screen.findByText('Mentions légales enregistrées');
    expect(saveLegalDetails).toHaveBeenCalledTimes(1);
    expect(saveLegalDetails.mock.calls[0][1]).toMatchObject({
      label: 'Boulangerie Pâtisserie Martin',
      legalForm: 'SARL',
      siren: '404 833 048',
      vatNumber: 'FR83404833048',
      phone: null,
      latePenaltyRate: null,
      soleTrader: false,
      vatOnDebits: true,
    });
    await screen.findByText('Les mentions obligatoires sont complètes : vos factures peuvent être validées.');
    // The invoicing environment kept on the device is read again (the editors' preview and checks).
    await waitFor(() => expect(environmentFetcher).toHaveBeenCalled());
  });

  it('an invalid identifier is not sent; the server’s refusal is shown in French', async () => {
    fetchLegalDetails.mockResolvedValue(DETAILS);
    open();
    await screen.findByText('Mentions à compléter avant de valider une facture');
    type('SIRET', '123');
    saveButton().focus();
    fireEvent.click(saveButton());
    await screen.findByText('Les mentions contiennent des erreurs.');
    // The focus goes to the first field to fix.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('Le SIRET de la société n’est pas valide (14 chiffres, clé de contrôle).').length).toBe(
      2,
    );
    expect(saveLegalDetails).not.toHaveBeenCalled();

    type('SIRET', '');
    saveLegalDetails.mockRejectedValue(
      new HTTPError(
        new Response(
          JSON.stringify({ message: 'Mentions invalides', errors: ['Le SIREN de la société n’est pas valide.'] }),
          {
            status: 422,
            headers: { 'content-type': 'application/json' },
          },
        ),
        new Request('http://localhost/api/company/legal-details'),
        {} as never,
      ),
    );
    fireEvent.click(saveButton());
    await screen.findByText('Les mentions légales n’ont pas été enregistrées');
    expect(screen.getAllByText('Le SIREN de la société n’est pas valide.').length).toBeGreaterThan(0);
  });

  it('offline: « Hors ligne », the save disabled', async () => {
    fetchLegalDetails.mockResolvedValue(DETAILS);
    open();
    await screen.findByText('Mentions à compléter avant de valider une facture');
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    window.dispatchEvent(new Event('offline'));
    await screen.findByText('Hors ligne');
    expect(saveButton().disabled).toBe(true);
    expect(saveButton().textContent).toBe('Enregistrer (en ligne uniquement)');
  });
});
