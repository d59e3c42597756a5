// « Ma comptabilité » end to end (decision 039), against the real server: the firm imports a FEC (a
// faulty one first: the French refusal report), the client reads the dashboard on a tablet, finds
// an entry in the general ledger and by search, the firm asks about that entry, the client opens
// the request from its notification and answers with a file, and the firm sees the answer. One
// axe pass per screen; the screens at tablet and laptop sizes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import {
  closeToasts,
  expectAccessible,
  launchBrowser,
  openSignedIn,
  screenLoaded,
  shot,
  shotAt,
  startAppServer,
  TABLET,
  visit,
} from './support/browser';
import { todayInParis } from '../../src/domain/dates';
import { OFFLINE_NOISE } from './support/offline-helpers';

const LAPTOP = { width: 1366, height: 900 };

/** The ledger's last column ends inside the table, and its label column is at least 160 px wide. */
async function ledgerFit(lines: Locator) {
  const table = await lines.boundingBox();
  const balance = await lines.getByRole('columnheader', { name: 'Solde', exact: true }).boundingBox();
  const label = await lines.getByRole('columnheader', { name: 'Libellé', exact: true }).boundingBox();
  if (!table || !balance || !label) return null;
  return { inside: balance.x + balance.width <= table.x + table.width + 0.5, readable: label.width >= 160 };
}

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const HEADER =
  'JournalCode\tJournalLib\tEcritureNum\tEcritureDate\tCompteNum\tCompteLib\tCompAuxNum\tCompAuxLib\tPieceRef\tPieceDate\tEcritureLib\tDebit\tCredit\tEcritureLet\tDateLet\tValidDate\tMontantdevise\tIdevise';
type Line = [
  journal: string,
  num: string,
  date: string,
  account: string,
  label: string,
  piece: string,
  text: string,
  debit: string,
  credit: string,
  letter?: string,
];
const JOURNALS: Record<string, string> = { AN: 'A-nouveaux', VT: 'Ventes', HA: 'Achats', BQ: 'Banque' };

// The demo seeds the bakery's last exercise and the one under way (server/src/seed/accounting.ts): the
// firm imports last year's FEC again (it replaces the seeded one) and the year before's, so the
// exercises stay the same whatever the year the test runs in.
const LAST_YEAR = Number(todayInParis(new Date()).slice(0, 4)) - 1;
const YEAR_BEFORE = LAST_YEAR - 1;

/** A FEC of the year (tab-separated, UTF-8), its entries balanced. */
function fec(year: number, scale: number, extra: Line[] = []): string {
  const d = (md: string) => `${year}${md}`;
  const n = (v: number) => (v * scale).toFixed(2).replace('.', ',');
  const lines: Line[] = [
    ['AN', '1', d('0101'), '51200000', 'Banque Populaire', 'AN1', 'À-nouveaux', n(5000), '0,00'],
    ['AN', '1', d('0101'), '10100000', 'Capital', 'AN1', 'À-nouveaux', '0,00', n(5000)],
    ['VT', '2', d('0115'), '41100000', 'Clients', 'F-001', 'Facture Dupont', n(1200), '0,00', 'AA'],
    ['VT', '2', d('0115'), '70600000', 'Prestations de services', 'F-001', 'Facture Dupont', '0,00', n(1000)],
    ['VT', '2', d('0115'), '44571000', 'TVA collectée', 'F-001', 'Facture Dupont', '0,00', n(200)],
    ['HA', '3', d('0210'), '60630000', 'Fournitures d’entretien', 'A-118', 'Leroy Merlin fournitures', n(500), '0,00'],
    ['HA', '3', d('0210'), '44566000', 'TVA déductible', 'A-118', 'Leroy Merlin fournitures', n(100), '0,00'],
    ['HA', '3', d('0210'), '40100000', 'Fournisseurs', 'A-118', 'Leroy Merlin fournitures', '0,00', n(600)],
    ['BQ', '4', d('0305'), '51200000', 'Banque Populaire', 'R-001', 'Règlement Dupont', n(1200), '0,00'],
    ['BQ', '4', d('0305'), '41100000', 'Clients', 'R-001', 'Règlement Dupont', '0,00', n(1200), 'AA'],
    ['BQ', '5', d('0320'), '40100000', 'Fournisseurs', 'P-001', 'Paiement Leroy Merlin', n(600), '0,00'],
    ['BQ', '5', d('0320'), '51200000', 'Banque Populaire', 'P-001', 'Paiement Leroy Merlin', '0,00', n(600)],
    ...extra,
  ];
  const rows = lines.map(([j, num, date, acc, accLabel, piece, text, debit, credit, letter]) =>
    [
      j,
      JOURNALS[j],
      num,
      date,
      acc,
      accLabel,
      '',
      '',
      piece,
      date,
      text,
      debit,
      credit,
      letter ?? '',
      letter ? date : '',
      date,
      '',
      '',
    ].join('\t'),
  );
  return `${[HEADER, ...rows].join('\r\n')}\r\n`;
}

async function sharedCompany(): Promise<{ company: number; demo: string; admin: string }> {
  const demo = await server.api.login('demo');
  const admin = await server.api.login('admin');
  // Garage Dupont & Fils: both are members, and it has no accounting of its own in the demo (the
  // bakery, which the firm follows too, has its exercises and requests already).
  const mine = new Set((demo.profile.userCompanies as Array<{ id: number }>).map((c) => c.id));
  const company = (admin.profile.userCompanies as Array<{ id: number; label: string }>).find(
    (c) => mine.has(c.id) && c.label === 'Garage Dupont & Fils',
  )!.id;
  for (const token of [demo.token, admin.token])
    expect((await server.api.put('/api/user/me', { idDerniereSociete: company }, { token })).status).toBe(200);
  return { company, demo: demo.token, admin: admin.token };
}

const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

describe('Ma comptabilité', () => {
  it('the firm imports a FEC, the client reads it and answers a request with a file, the firm sees the answer', async () => {
    const { company, demo, admin } = await sharedCompany();
    // The previous exercise, imported through the API: the dashboard compares the two.
    const previous = new FormData();
    previous.append(
      'file',
      new Blob([fec(YEAR_BEFORE, 0.8)], { type: 'text/plain' }),
      `123456789FEC${YEAR_BEFORE}1231.txt`,
    );
    const imported = await server.api.request('POST', '/api/my-accounting/imports', {
      token: admin,
      company,
      rawBody: previous,
      idempotencyKey: crypto.randomUUID(),
    });
    expect(imported.status).toBe(201);

    // The firm: a faulty file is refused with its report, then the year's FEC is accepted.
    const firm = await openSignedIn(browser, server.url, '/ma-comptabilite/importer-fec', LAPTOP, 'admin');
    const fp = firm.page;
    await fp.getByRole('heading', { name: 'Importer un FEC', level: 1 }).waitFor();
    const faulty = fec(LAST_YEAR, 1, [
      ['VT', '9', `${LAST_YEAR}1340`, '41100000', 'Clients', 'F-9', 'Date fausse', 'abc', '0,00'],
    ]);
    const upload = fp.locator('input[type="file"]');
    await upload.setInputFiles({
      name: `123456789FEC${LAST_YEAR}1231.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(faulty),
    });
    await button(fp, 'Importer le FEC').click();
    const report = fp.getByRole('table', { name: 'Anomalies du FEC' });
    await report.waitFor();
    expect(await report.getByRole('row').count()).toBeGreaterThan(1);
    await fp
      .getByText(/^\d+ anomalies? :$|au total/)
      .first()
      .waitFor();
    await screenLoaded(fp);
    await shot(fp, 'fec-refuse-portable', true);
    await expectAccessible(fp, 'l’import d’un FEC refusé');
    await upload.setInputFiles({
      name: `123456789FEC${LAST_YEAR}1231.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(fec(LAST_YEAR, 1)),
    });
    await button(fp, 'Importer le FEC').click();
    await fp
      .getByRole('alert')
      .or(fp.getByText('FEC importé', { exact: true }).first())
      .first()
      .waitFor();
    await fp
      .getByRole('table', { name: 'Historique des imports' })
      .getByRole('row')
      .filter({ hasText: 'En vigueur' })
      .filter({ hasText: `01/01/${LAST_YEAR} – 31/12/${LAST_YEAR}` })
      .waitFor();
    await closeToasts(fp);
    await shot(fp, 'fec-importe-portable', true);

    // The client on a tablet: the dashboard against the previous exercise.
    const client = await openSignedIn(browser, server.url, '/ma-comptabilite/dashboard', TABLET, 'demo', {
      mobile: true,
      allowConsole: OFFLINE_NOISE,
    });
    const cp = client.page;
    await cp.getByRole('heading', { name: 'Tableau de bord comptable', level: 1 }).waitFor();
    const revenue = cp.getByRole('region', { name: 'Chiffre d’affaires et produits' });
    await expect.poll(() => revenue.textContent()).toContain('1\u202f000,00\u00a0€');
    await cp
      .getByRole('table', { name: 'Produits par mois' })
      .getByRole('columnheader', { name: 'Exercice précédent' })
      .waitFor();
    await cp.locator('.recharts-surface').first().waitFor();
    await screenLoaded(cp);
    expect(await cp.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);
    await shot(cp, 'tableau-de-bord-tablette', true);
    await expectAccessible(cp, 'le tableau de bord comptable');
    await shotAt(cp, 'tableau-de-bord-portable', LAPTOP, true);

    // The general ledger: the class of charges, its lines with their running balance.
    await visit(cp, '/ma-comptabilite/grand-livre');
    await cp.getByRole('heading', { name: 'Grand livre', level: 1 }).waitFor();
    await cp.getByRole('navigation', { name: 'Plan comptable' }).getByText('4 Tiers', { exact: true }).click();
    // TanStack writes a number-like string param quoted (compte=%224%22): read through the app's parser.
    await cp.waitForURL((u) => /^"?4"?$/.test(u.searchParams.get('compte') ?? ''));
    const lines = cp.getByRole('table', { name: 'Lignes du grand livre' });
    await lines.getByRole('cell', { name: 'Leroy Merlin fournitures', exact: true }).first().waitFor();
    await lines.getByRole('cell', { name: '40100000', exact: true }).first().waitFor();
    await expect.poll(() => lines.getByRole('cell', { name: '60630000', exact: true }).count()).toBe(0);
    await screenLoaded(cp);
    await shot(cp, 'grand-livre-tablette', true);
    await expectAccessible(cp, 'le grand livre');
    // Every column inside the table and the label readable, on the tablet (the tree above the lines)
    // and on a laptop (the tree and the menu beside them: a Solde cut off at the edge until now).
    await expect.poll(() => ledgerFit(lines)).toEqual({ inside: true, readable: true });
    await cp.setViewportSize(LAPTOP);
    await expect.poll(() => ledgerFit(lines)).toEqual({ inside: true, readable: true });
    await shot(cp, 'grand-livre-portable', true);
    await cp.setViewportSize(TABLET);
    const [csv] = await Promise.all([cp.waitForEvent('download'), button(cp, 'Exporter en CSV').click()]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);

    // The search: the entry by its label and an amount range, kept for the next visit.
    await visit(cp, '/ma-comptabilite/recherche');
    await cp.getByRole('heading', { name: 'Recherche d’écritures', level: 1 }).waitFor();
    await cp.getByLabel('Texte', { exact: true }).fill('leroy');
    await cp.getByLabel('Montant minimum', { exact: true }).fill('400');
    await button(cp, 'Rechercher').click();
    const found = cp.getByRole('table', { name: 'Écritures trouvées' });
    await found.getByRole('cell', { name: '500,00\u00a0€', exact: true }).waitFor();
    await screenLoaded(cp);
    await shot(cp, 'recherche-tablette', true);
    await expectAccessible(cp, 'la recherche d’écritures');
    // Back on the search later: the saved state (period, accounts) comes back.
    await expect
      .poll(async () => (await server.api.get('/api/my-accounting', { token: demo, company })).body.period?.exercise)
      .toBeTruthy();
    await expect
      .poll(async () => (await server.api.get('/api/my-accounting', { token: demo, company })).body.period?.exercise)
      .toBeTruthy();
    await visit(cp, '/ma-comptabilite/grand-livre');
    await cp.getByRole('heading', { name: 'Grand livre', level: 1 }).waitFor();
    await visit(cp, '/ma-comptabilite/recherche');
    await cp.waitForURL((u) => u.searchParams.has('exercice'));

    // The firm asks about that entry from its own search.
    await visit(
      fp,
      '/ma-comptabilite/recherche?exercice=' + new URL(cp.url()).searchParams.get('exercice') + '&q=leroy&min=400',
    );
    await fp
      .getByRole('button', { name: /^Demander une information : Leroy Merlin fournitures/ })
      .first()
      .click();
    const ask = fp.getByRole('dialog', { name: 'Demander une information' });
    await ask.getByLabel('Question', { exact: true }).fill('Pouvez-vous nous transmettre la facture de cet achat ?');
    await expectAccessible(fp, 'la demande d’information (cabinet)');
    await button(ask, 'Envoyer la demande').click();
    await ask.waitFor({ state: 'detached' });
    await closeToasts(fp);

    // The client opens it from its notification (type 2) and answers with a file.
    const notifications = await server.api.get('/api/notifications', { token: demo, company });
    const notice = (notifications.body.items as Array<{ id: number; type: number }>).find((n) => n.type === 2)!;
    await visit(cp, `/notifications/${notice.id}`);
    await cp.waitForURL((u) => u.pathname === '/ma-comptabilite/demande-information' && u.searchParams.has('demande'));
    const card = cp.getByRole('article', { name: 'Justificatif demandé : Leroy Merlin fournitures' });
    await card.getByText('Pouvez-vous nous transmettre la facture de cet achat ?', { exact: true }).waitFor();
    await card.getByLabel('Votre réponse', { exact: true }).fill('La facture est jointe.');
    await card.locator('input[type="file"]').setInputFiles({
      name: 'facture-leroy.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    await screenLoaded(cp);
    await expectAccessible(cp, 'les demandes d’information');
    await button(card, 'Envoyer la réponse').click();
    await cp.getByText('Réponse envoyée', { exact: true }).waitFor();
    await card.getByText('Répondue', { exact: true }).waitFor();
    await closeToasts(cp);
    await shot(cp, 'demande-repondue-tablette', true);
    await shotAt(cp, 'demande-repondue-portable', LAPTOP, true);

    // The firm sees the answer and its file, and closes the request.
    await visit(fp, '/ma-comptabilite/demande-information');
    const seen = fp.getByRole('article', { name: 'Justificatif demandé : Leroy Merlin fournitures' });
    await seen.getByText('La facture est jointe.', { exact: true }).waitFor();
    await seen.getByRole('button', { name: /^facture-leroy\.pdf/ }).waitFor();
    await screenLoaded(fp);
    await shot(fp, 'demande-cabinet-portable', true);

    // Offline, the client reads the dashboard kept on the device, with its age, and writes a
    // second answer: it waits in the outbox and is sent once the network is back.
    await client.context.setOffline(true);
    await visit(cp, '/ma-comptabilite/dashboard');
    await cp
      .getByText(/^Données du /)
      .first()
      .waitFor();
    await expect.poll(() => revenue.textContent()).toContain('1\u202f000,00\u00a0€');
    await visit(cp, '/ma-comptabilite/demande-information');
    await card.getByLabel('Votre réponse', { exact: true }).fill('Le paiement a suivi le 20 mars.');
    await button(card, 'Envoyer la réponse').click();
    await card.getByText('En attente d’envoi', { exact: true }).waitFor();
    await closeToasts(cp);
    await shot(cp, 'reponse-hors-ligne-tablette', true);
    await client.context.setOffline(false);
    await cp.evaluate(() => window.dispatchEvent(new Event('online')));
    await card.getByText('En attente d’envoi', { exact: true }).waitFor({ state: 'detached' });
    await card.getByRole('listitem').filter({ hasText: 'Le paiement a suivi le 20 mars.' }).waitFor();

    // The firm's page reads the requests again when it opens.
    await visit(fp, '/ma-comptabilite/importer-fec');
    await fp.getByRole('heading', { name: 'Importer un FEC', level: 1 }).waitFor();
    await visit(fp, '/ma-comptabilite/demande-information');
    await seen.getByText('Le paiement a suivi le 20 mars.', { exact: true }).waitFor();
    await button(seen, 'Clôturer la demande').click();
    await seen.getByText('Clôturée', { exact: true }).waitFor();
    await client.context.close();
    await firm.context.close();
  });
});
