// @vitest-environment jsdom
// The screens of « Mon compte » (decision 043): the firm's invoices with their status, filter, PDF and
// card payment (online only), the empty state of a company the firm has not linked yet, the firm
// staff's « Compte client » card that links the company to its customer record, the statement with
// its balances, exports and balance payment, and the return page that believes the server, never
// the address. The server, the provider's page and the axe passes stay in
// tests/e2e/my-account.test.ts.
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgetAll } from '../../data/sync/engine';
import { cleanScreen, installJsdomGaps } from '../../../tests/support/screen';
import { adminProfile, companyId, demoProfile, renderInRouter, signInAs } from '../../../tests/support/screen-profiles';
import { firmInvoicesSearch, statementSearch } from './account-search';
import type { CardPayment, FirmCustomer, FirmInvoice, FirmLink, Statement } from './api/my-account-api';

const fetchInvoices = vi.fn();
const fetchInvoicePdf = vi.fn();
const fetchStatement = vi.fn();
const fetchStatementExport = vi.fn();
const startPayment = vi.fn();
const fetchPayment = vi.fn();
const fetchLink = vi.fn();
const saveLink = vi.fn();
const fetchFirmCustomers = vi.fn();
vi.mock('./api/my-account-api', async (actual) => ({
  ...(await actual<typeof import('./api/my-account-api')>()),
  fetchInvoices: (...a: unknown[]) => fetchInvoices(...a),
  fetchInvoicePdf: (...a: unknown[]) => fetchInvoicePdf(...a),
  fetchStatement: (...a: unknown[]) => fetchStatement(...a),
  fetchStatementExport: (...a: unknown[]) => fetchStatementExport(...a),
  startPayment: (...a: unknown[]) => startPayment(...a),
  fetchPayment: (...a: unknown[]) => fetchPayment(...a),
  fetchLink: (...a: unknown[]) => fetchLink(...a),
  saveLink: (...a: unknown[]) => saveLink(...a),
  fetchFirmCustomers: (...a: unknown[]) => fetchFirmCustomers(...a),
}));
const goToProvider = vi.fn();
vi.mock('./components/go-to-provider', () => ({ goToProvider: (url: string) => goToProvider(url) }));

const { InvoicesPage } = await import('./components/invoices-page');
const { StatementPage } = await import('./components/statement-page');
const { PaymentReturnPage } = await import('./components/payment-return-page');

const invoice = (id: number, over: Partial<FirmInvoice> = {}): FirmInvoice => ({
  id,
  number: `FC-2026-${String(id).padStart(3, '0')}`,
  type: 'Facture',
  date: '2026-10-01',
  dueDate: '2026-10-31',
  ht: 150,
  tva: 30,
  ttc: 180,
  paid: 0,
  remaining: 180,
  status: 'unpaid',
  statusLabel: 'À payer',
  ...over,
});
const FIRM = { label: 'Cabinet Rousseau & Associés' };
const list = (items: FirmInvoice[], firm: { label: string } | null = FIRM) => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 200,
  firm,
});

const payment = (status: CardPayment['status']): CardPayment => ({
  id: 7,
  status,
  statusLabel: {
    pending: 'Paiement en cours de confirmation',
    accepted: 'Paiement accepté',
    refused: 'Paiement refusé',
  }[status],
  amount: 180,
  reference: 'FC-2026-011',
  invoiceId: 11,
  createdAt: '2026-11-26T10:00:00.000Z',
});

beforeAll(() => {
  installJsdomGaps();
  URL.createObjectURL ??= () => 'blob:test';
  URL.revokeObjectURL ??= () => {};
});
afterEach(() => {
  cleanScreen();
  forgetAll();
  signInAs(null);
  vi.restoreAllMocks();
  for (const f of [
    fetchInvoices,
    fetchInvoicePdf,
    fetchStatement,
    fetchStatementExport,
    startPayment,
    fetchPayment,
    fetchLink,
    saveLink,
    fetchFirmCustomers,
  ])
    f.mockReset();
  goToProvider.mockReset();
});

const INVOICES = '/mon-compte-workplace/factures-workplace';
const STATEMENT = '/mon-compte-workplace/extrait-du-compte';
const PAYMENT = '/mon-compte-workplace/paiement';

function open(path: string, profile = demoProfile()) {
  signInAs(profile);
  return renderInRouter(null, {
    path,
    routes: (root) => {
      // As src/routes/my-account-routes.tsx does: each screen gets its route's validated search.
      const invoices: AnyRoute = createRoute({
        getParentRoute: () => root,
        path: INVOICES,
        validateSearch: firmInvoicesSearch,
        component: () => <InvoicesPage search={invoices.useSearch()} />,
      });
      const statement: AnyRoute = createRoute({
        getParentRoute: () => root,
        path: STATEMENT,
        validateSearch: statementSearch,
        component: () => <StatementPage search={statement.useSearch()} />,
      });
      const payment = createRoute({
        getParentRoute: () => root,
        path: `${PAYMENT}/$paiement`,
        component: PaymentReturnPage,
      });
      return [invoices, statement, payment];
    },
  });
}

describe('Mes factures (the firm’s invoices)', { timeout: 60_000 }, () => {
  const rows = [
    invoice(12),
    invoice(11, { status: 'overdue', statusLabel: 'En retard', dueDate: '2026-09-30' }),
    invoice(10, { status: 'paid', statusLabel: 'Payée', paid: 180, remaining: 0 }),
    invoice(9, { type: 'Avoir', status: 'credit', statusLabel: 'Avoir', ht: -50, tva: -10, ttc: -60, remaining: 0 }),
  ];

  it('lists the invoices with their status, filters them, and pays an unpaid one on the provider’s page', async () => {
    fetchInvoices.mockResolvedValue(list(rows));
    startPayment.mockResolvedValue({ ...payment('pending'), redirectUrl: 'http://127.0.0.1:4599/pay/abc' });
    const router = open(INVOICES);
    const table = await screen.findByRole('table', { name: 'Factures du cabinet' });
    for (const label of ['À payer', 'En retard', 'Payée', 'Avoir']) within(table).getByText(label);
    screen.getByText(/Reste à payer :/);
    // Only what is left to pay has the card button; a paid invoice and a credit note do not.
    expect(
      screen.getAllByRole('button', { name: /^Payer par carte/ }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Payer par carte FC-2026-012', 'Payer par carte FC-2026-011']);

    fireEvent.click(screen.getByRole('radio', { name: 'En retard' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ statut: 'overdue' }));
    await waitFor(() => expect(within(table).queryByText('FC-2026-012')).toBeNull());
    within(table).getByText('FC-2026-011');

    fireEvent.click(screen.getByRole('button', { name: 'Payer par carte FC-2026-011' }));
    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith('http://127.0.0.1:4599/pay/abc'));
    expect(startPayment).toHaveBeenCalledWith(11, expect.any(Number));
  });

  it('downloads the stored PDF, and says why a payment did not start', async () => {
    fetchInvoices.mockResolvedValue(list(rows));
    fetchInvoicePdf.mockResolvedValue({ blob: new Blob(['%PDF-1.7']), name: 'FC-2026-012.pdf' });
    const { HTTPError } = await import('ky');
    startPayment.mockRejectedValue(
      new HTTPError(
        new Response(JSON.stringify({ message: 'Prestataire de paiement injoignable' }), { status: 503 }),
        new Request('http://x/api/my-account/payments'),
        {} as never,
      ),
    );
    open(INVOICES);
    fireEvent.click(await screen.findByRole('button', { name: 'Télécharger FC-2026-012' }));
    await waitFor(() => expect(fetchInvoicePdf).toHaveBeenCalledWith(12, 'FC-2026-012', expect.any(Number), true));
    fireEvent.click(screen.getByRole('button', { name: 'Payer par carte FC-2026-012' }));
    await screen.findByText('Le paiement par carte n’a pas pu commencer');
    screen.getByText('Prestataire de paiement injoignable');
    expect(goToProvider).not.toHaveBeenCalled();
  });

  it('offline, the card button is disabled and says why', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fetchInvoices.mockResolvedValue(list(rows));
    open(INVOICES);
    const buttons = await screen.findAllByRole('button', { name: 'Paiement indisponible hors ligne' });
    expect(buttons.every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.queryByRole('button', { name: /^Payer par carte/ })).toBeNull();
  });

  it('a company the firm has not linked yet gets a clear empty state', async () => {
    fetchInvoices.mockResolvedValue(list([], null));
    open(INVOICES);
    await screen.findByText('Votre compte n’est pas encore ouvert par votre cabinet');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('without the download right, no PDF button', async () => {
    const profile = demoProfile();
    profile.appRights = profile.appRights.map((r) => (r.label === 'monCompte' ? { ...r, permissions: ['view'] } : r));
    fetchInvoices.mockResolvedValue(list(rows));
    open(INVOICES, profile);
    await screen.findByRole('table', { name: 'Factures du cabinet' });
    expect(screen.queryByRole('button', { name: /^Télécharger/ })).toBeNull();
  });
});

describe('Compte client (the firm links the company to its customer record)', { timeout: 60_000 }, () => {
  const CABINET = { ...FIRM, id: 99, numberInvoiceValidateMonth: null, subscriptionInvoice: null, gedUserRight: true };
  /** Julien Rousseau, the firm's staff, member of the firm company too, in `company`. */
  const firmUser = (company: string) => {
    const profile = adminProfile();
    return { ...profile, userCompanies: [...profile.userCompanies, CABINET], userLastCompany: companyId(company) };
  };
  const customer = (id: number, accountNumber: string, socialReason: string) =>
    ({ id, accountNumber, socialReason, name: '', city: 'Marseille' }) as FirmCustomer;
  const CUSTOMERS = [
    customer(41, 'C00004', 'Café des Arts'),
    customer(42, 'C00005', 'Cabinet Infirmier du Vieux Port'),
    customer(43, 'C00006', 'Fleurs et Jardins de Provence'),
  ];
  const linkTo = (clientCompanyId: number, c: FirmCustomer): FirmLink => ({
    clientCompanyId,
    firmCompanyId: CABINET.id,
    customerId: c.id,
    customerLabel: `${c.socialReason} (${c.accountNumber})`,
    linkedAt: '2026-11-26T10:00:00.000Z',
  });
  const pick = async (field: string, option: string) => {
    fireEvent.click(screen.getByRole('combobox', { name: field, hidden: true }));
    fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
  };

  it('a firm user links the company: the firm company, its customer record, then the invoices reload', async () => {
    const cafe = companyId('Café des Arts');
    fetchInvoices.mockResolvedValueOnce(list([], null)).mockResolvedValue(list([invoice(12)]));
    fetchLink.mockResolvedValue({ link: null });
    fetchFirmCustomers.mockResolvedValue(CUSTOMERS);
    saveLink.mockResolvedValue({ link: linkTo(cafe, CUSTOMERS[0]) });
    open(INVOICES, firmUser('Café des Arts'));
    // The client's empty state and, above it, the firm's card.
    await screen.findByText('Votre compte n’est pas encore ouvert par votre cabinet', undefined, { timeout: 10_000 });
    screen.getByText('Ouvrir le compte de cette société');
    expect(fetchLink.mock.calls[0][0]).toBe(cafe);
    // The current company cannot be its own firm.
    fireEvent.click(screen.getByRole('combobox', { name: 'Cabinet', hidden: true }));
    await screen.findByRole('option', { name: FIRM.label, hidden: true });
    expect(screen.queryByRole('option', { name: 'Café des Arts', hidden: true })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: FIRM.label, hidden: true }));
    // The firm company's customers, read with the firm company as X-Company-Id.
    await waitFor(() => expect(fetchFirmCustomers).toHaveBeenCalledWith(CABINET.id));
    const link = screen.getByRole('button', { name: 'Lier le compte', hidden: true }) as HTMLButtonElement;
    expect(link.disabled).toBe(true);
    await pick('Fiche client', 'Café des Arts (C00004)');
    await waitFor(() => expect(link.disabled).toBe(false));
    fireEvent.click(link);

    await waitFor(() => expect(saveLink).toHaveBeenCalledWith(cafe, { firmCompanyId: CABINET.id, customerId: 41 }));
    await screen.findByText('Compte lié');
    const line = await screen.findByText(/^Lié à la fiche client/);
    expect(line.textContent).toBe(`Lié à la fiche client Café des Arts (C00004) de ${FIRM.label}`);
    // The page reads its invoices again: the firm's documents to that customer record.
    await waitFor(() => expect(fetchInvoices).toHaveBeenCalledTimes(2));
    await screen.findByText('FC-2026-012');
  });

  it('a linked company shows its customer record; « Modifier » reopens the form, offline it says why', async () => {
    const garage = companyId('Garage Dupont & Fils');
    fetchInvoices.mockResolvedValue(list([invoice(12)]));
    fetchLink.mockResolvedValue({ link: linkTo(garage, CUSTOMERS[2]) });
    fetchFirmCustomers.mockResolvedValue(CUSTOMERS);
    open(INVOICES, firmUser('Garage Dupont & Fils'));
    const line = await screen.findByText(/^Lié à la fiche client/);
    expect(line.textContent).toBe(`Lié à la fiche client Fleurs et Jardins de Provence (C00006) de ${FIRM.label}`);
    fireEvent.click(screen.getByRole('button', { name: 'Modifier', hidden: true }));
    await screen.findByText('Modifier le compte de cette société');
    // The current link is chosen already.
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Fiche client', hidden: true }) as HTMLInputElement).value).toBe(
        'Fleurs et Jardins de Provence (C00006)',
      ),
    );
    expect((screen.getByRole('combobox', { name: 'Cabinet', hidden: true }) as HTMLInputElement).value).toBe(
      FIRM.label,
    );

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await screen.findByText('Nécessite une connexion');
    expect((screen.getByRole('button', { name: 'Lier le compte', hidden: true }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Annuler', hidden: true }));
    const modify = (await screen.findByRole('button', { name: 'Modifier', hidden: true })) as HTMLButtonElement;
    expect(modify.disabled).toBe(true);
    screen.getByText('Nécessite une connexion');
  });

  it('a customer record linked to another company: the server’s message in a toast', async () => {
    fetchInvoices.mockResolvedValue(list([], null));
    fetchLink.mockResolvedValue({ link: null });
    fetchFirmCustomers.mockResolvedValue(CUSTOMERS);
    const { HTTPError } = await import('ky');
    saveLink.mockRejectedValue(
      new HTTPError(
        new Response(JSON.stringify({ message: 'Cette fiche client est déjà reliée à une autre société' }), {
          status: 409,
        }),
        new Request('http://x/api/my-account/link/3'),
        {} as never,
      ),
    );
    open(INVOICES, firmUser('Menuiserie Lefèvre Artisan Bois'));
    await screen.findByText('Ouvrir le compte de cette société');
    await pick('Cabinet', FIRM.label);
    await pick('Fiche client', 'Café des Arts (C00004)');
    const link = screen.getByRole('button', { name: 'Lier le compte', hidden: true }) as HTMLButtonElement;
    await waitFor(() => expect(link.disabled).toBe(false));
    fireEvent.click(link);
    await screen.findByText('Le compte n’a pas été lié');
    screen.getByText('Cette fiche client est déjà reliée à une autre société');
    // Still not linked: the form stays.
    screen.getByText('Ouvrir le compte de cette société');
    expect(fetchInvoices).toHaveBeenCalledTimes(1);
  });

  it('a client user does not see the card', async () => {
    fetchInvoices.mockResolvedValue(list([], null));
    open(INVOICES, demoProfile({ company: 'Café des Arts' }));
    await screen.findByText('Votre compte n’est pas encore ouvert par votre cabinet');
    expect(screen.queryByText('Compte client')).toBeNull();
    expect(screen.queryByText('Ouvrir le compte de cette société')).toBeNull();
    expect(fetchLink).not.toHaveBeenCalled();
  });
});

describe('Extrait de compte', { timeout: 60_000 }, () => {
  const statement: Statement = {
    firm: FIRM,
    dateStart: '2025-11-27',
    dateEnd: '2026-11-26',
    openingBalance: 100,
    lines: [
      {
        date: '2026-10-01',
        kind: 'invoice',
        label: 'Facture FC-2026-011',
        reference: 'FC-2026-011',
        debit: 180,
        credit: 0,
        balance: 280,
      },
      {
        date: '2026-10-15',
        kind: 'payment',
        label: 'Règlement par carte',
        reference: 'CB-5',
        credit: 100,
        debit: 0,
        balance: 180,
      },
    ],
    totalDebit: 180,
    totalCredit: 100,
    closingBalance: 180,
  };

  it('shows the balances and the lines, exports, and pays the balance by card', async () => {
    fetchStatement.mockResolvedValue(statement);
    fetchStatementExport.mockResolvedValue({ blob: new Blob(['a;b']), name: 'extrait.csv' });
    startPayment.mockResolvedValue({ ...payment('pending'), redirectUrl: 'http://127.0.0.1:4599/pay/solde' });
    open(STATEMENT);
    const table = await screen.findByRole('table', { name: 'Extrait de compte' });
    within(table).getByText('Solde d’ouverture');
    within(table).getByText('Règlement par carte');
    within(table).getByText('Solde de clôture au 26/11/2026');
    // The server's default period fills the fields.
    expect(fetchStatement.mock.calls[0][0]).toEqual({ dateStart: undefined, dateEnd: undefined });
    expect(screen.getByLabelText('Du').textContent).toBe('27/11/2025');

    fireEvent.click(screen.getByRole('button', { name: 'Exporter en CSV' }));
    await waitFor(() =>
      expect(fetchStatementExport).toHaveBeenCalledWith(
        { dateStart: '2025-11-27', dateEnd: '2026-11-26' },
        'csv',
        expect.any(Number),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Payer le solde par carte' }));
    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith('http://127.0.0.1:4599/pay/solde'));
    expect(startPayment).toHaveBeenCalledWith(null, expect.any(Number));
  });

  it('a balance in the client’s favour has nothing to pay; a reversed period is refused before asking', async () => {
    fetchStatement.mockResolvedValue({ ...statement, closingBalance: -20 });
    // Another period than the first test's: the device keeps statements per period.
    open(`${STATEMENT}?du=2025-01-01`);
    await screen.findByRole('table', { name: 'Extrait de compte' });
    expect(screen.queryByRole('button', { name: 'Payer le solde par carte' })).toBeNull();
    cleanScreen();
    forgetAll();
    fetchStatement.mockClear();
    open(`${STATEMENT}?du=2026-06-01&au=2026-01-01`);
    await screen.findByText('La date de fin précède la date de début.');
    expect(fetchStatement).not.toHaveBeenCalled();
  });
});

describe('the payment return page', { timeout: 60_000 }, () => {
  it('shows the server’s state, asks again while pending, and ignores what the address claims', async () => {
    fetchPayment.mockResolvedValueOnce(payment('pending')).mockResolvedValue(payment('accepted'));
    open(`${PAYMENT}/7?statut=accepte&montant=1`);
    await screen.findByText('Paiement en cours de confirmation');
    await screen.findByText('Paiement accepté', undefined, { timeout: 6_000 });
    expect(fetchPayment.mock.calls[0][0]).toBe(7);
  });

  it('a refused payment says so', async () => {
    fetchPayment.mockResolvedValue(payment('refused'));
    open(`${PAYMENT}/7`);
    await screen.findByText('Paiement refusé');
    screen.getByText(/Aucun montant n’a été débité/);
  });
});
