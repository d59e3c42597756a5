// « Mes caisses » on a tablet (decision 037), 820×1180 with touch, against the real server and its demo
// registers: a week of journals reviewed with the buttons and a swipe, a day's sales and an expense
// with its receipt photo entered, the drawer counted and the day closed; the integrity checked by
// the server and by the browser; offline, a cached day takes a movement that is sent once back
// online; the journals' path with « é » and « %C3%A9 »; the main screens on a laptop.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import { formatDateLong } from '../../src/domain/format';
import {
  closeToasts,
  CONDITION_WAIT,
  expectAccessible,
  launchBrowser,
  newContext,
  openSignedIn,
  screenLoaded,
  sessionFor,
  shot,
  shotAt,
  startAppServer,
  TABLET,
  visit,
} from './support/browser';
import { companyOf, OFFLINE_NOISE, waitForCaches } from './support/offline-helpers';

const LAPTOP = { width: 1366, height: 900 };
const JPEG = readFileSync(new URL('./fixtures/ticket-de-caisse.jpg', import.meta.url));

let server: TestServer;
let browser: Browser;
let token: string;
beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
  token = (await server.api.login('demo')).token;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Reg {
  uuid: string;
  label: string;
  currentDay: string;
  today: { day: string };
}
async function registers(company: number): Promise<Reg[]> {
  const res = await server.api.get('/api/sales-register', { token, company });
  expect(res.status).toBe(200);
  return res.body as Reg[];
}
async function journalOf(company: number, uuid: string, day: string) {
  const res = await server.api.get(`/api/sales-register/${uuid}/history?dateStart=${day}&dateEnd=${day}`, {
    token,
    company,
  });
  expect(res.status).toBe(200);
  return (res.body.days as Array<Record<string, Array<{ amount: number; label: string }>> & { day: string }>).find(
    (d) => d.day === day,
  );
}

const dayHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^Journée du / });
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

/** A horizontal swipe on the journal, as a finger does it. */
async function swipe(page: Page, direction: 'left' | 'right') {
  const box = (await dayHeading(page).boundingBox())!;
  const y = box.y + box.height + 200;
  const [from, to] = direction === 'right' ? [100, 600] : [600, 100];
  await page.evaluate(
    ({ from, to, y }) => {
      const target = document.elementFromPoint(from, y)!;
      const touch = (x: number) => new Touch({ identifier: 1, target, clientX: x, clientY: y });
      target.dispatchEvent(
        new TouchEvent('touchstart', { bubbles: true, touches: [touch(from)], changedTouches: [touch(from)] }),
      );
      target.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(to)] }));
    },
    { from, to, y },
  );
}

describe('Mes caisses on a tablet', () => {
  it('reviews a week, enters sales and an expense with its photo, counts the drawer and closes the day', async () => {
    const { context, page } = await openSignedIn(browser, server.url, '/mes-caisses', TABLET, 'demo', { mobile: true });
    const company = await companyOf(page);
    const counter = (await registers(company)).find((r) => r.label === 'Caisse comptoir')!;
    await page.getByRole('heading', { name: 'Mes caisses', level: 1 }).waitFor();
    const card = page.getByRole('region', { name: 'Caisse comptoir' });
    await card.getByText('Ouverte', { exact: true }).waitFor();
    await screenLoaded(page);
    await shot(page, 'caisses-tablette', true);
    await expectAccessible(page, 'Mes caisses');

    // A week back, day by day, with the buttons and a swipe.
    await card.getByRole('link', { name: 'Voir la journée' }).click();
    await page.getByRole('heading', { name: 'Journées de caisse', level: 1 }).waitFor();
    const today = counter.today.day;
    await expect.poll(() => new URL(page.url()).searchParams.get('jour')).toBe(counter.currentDay);
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      const before = page.url();
      if (i === 2) await swipe(page, 'right');
      else await button(page, 'Jour précédent').click();
      await page.waitForURL((u) => u.toString() !== before);
      seen.push(new URL(page.url()).searchParams.get('jour')!);
    }
    expect([...seen].sort().reverse()).toEqual(seen);
    await page.getByText('Clôturée', { exact: true }).first().waitFor();
    await page.getByRole('heading', { name: 'Ventes', exact: true }).waitFor();
    await screenLoaded(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);
    await shot(page, 'journee-cloturee-tablette', true);
    await expectAccessible(page, 'une journée clôturée');
    await swipe(page, 'left');
    await page.waitForURL((u) => u.searchParams.get('jour') === seen[3]);
    await button(page, 'Aujourd’hui').click();
    await page.waitForURL((u) => u.searchParams.get('jour') === today);

    // Today's sales, per VAT rate.
    await button(page, 'Saisir des mouvements').click();
    const form = page.getByRole('dialog', { name: 'Saisir des mouvements' });
    await form.getByLabel('Ventes TVA 5,5 %', { exact: true }).fill('412,30');
    await expectAccessible(page, 'la saisie des mouvements');
    await form.getByLabel('Ventes TVA 20 %', { exact: true }).fill('abc');
    await button(form, 'Enregistrer').click();
    await form.getByText('Montant invalide : saisissez un nombre, par exemple 12,50.').waitFor();
    await form.getByLabel('Ventes TVA 20 %', { exact: true }).fill('57,70');
    await shot(page, 'saisie-ventes-tablette');
    await button(form, 'Enregistrer').click();
    await form.waitFor({ state: 'detached' });
    await closeToasts(page);

    // An expense paid from the drawer, with the photo of its receipt.
    await button(page, 'Saisir des mouvements').click();
    await form.getByText('Dépense', { exact: true }).click();
    await form.getByLabel('Dépense payée en espèces', { exact: true }).fill('7,20');
    await form.getByLabel('Libellé de la dépense', { exact: true }).fill('Ampoules');
    await form
      .getByLabel('Photo du justificatif (facultative)')
      .setInputFiles({ name: 'ticket-de-caisse.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await form.getByRole('img', { name: 'Aperçu du justificatif' }).waitFor();
    await shot(page, 'saisie-depense-tablette');
    await button(form, 'Enregistrer').click();
    await form.waitFor({ state: 'detached' });
    await closeToasts(page);
    await page.getByRole('img', { name: 'Justificatif', exact: true }).waitFor();
    const recorded = await journalOf(company, counter.uuid, today);
    expect(recorded!.expenses.filter((m) => m.label === 'Ampoules').map((m) => m.amount)).toEqual([7.2]);
    expect(recorded!.sales.map((m) => m.amount)).toEqual(expect.arrayContaining([412.3, 57.7]));

    // The drawer counted by notes and coins; the écart follows the count.
    await button(page, 'Clôturer la journée').click();
    const closing = page.getByRole('dialog', { name: 'Clôturer la journée' });
    await closing.getByLabel('Billets de 50 €', { exact: true }).fill('4');
    await closing.getByRole('button', { name: 'Ajouter : Billets de 20 €', exact: true }).click();
    await closing.getByRole('button', { name: 'Ajouter : Billets de 20 €', exact: true }).click();
    await expect.poll(() => closing.getByTestId('counted-total').textContent()).toBe('240,00\u00a0€');
    await shot(page, 'cloture-tablette', true);
    await expectAccessible(page, 'la clôture');
    await closing.getByRole('button', { name: 'Clôturer la journée', exact: true }).click();
    await closing.waitFor({ state: 'detached' });
    await page.getByText('Clôturée', { exact: true }).first().waitFor();
    await page.getByText(/^Clôturée le /).waitFor();
    await closeToasts(page);
    await shot(page, 'journee-du-jour-cloturee-tablette', true);
    const closed = (await journalOf(company, counter.uuid, today)) as unknown as {
      counted: { total: number; detail: unknown };
    };
    expect(closed.counted).toEqual({ total: 240, detail: { '50': 4, '20': 2 } });

    // The integrity, by the server and by this browser.
    await button(page, 'Vérifier l’intégrité').click();
    const integrity = page.getByRole('dialog', { name: /^Vérifier l’intégrité/ });
    await integrity.getByRole('button', { name: 'Lancer la vérification', exact: true }).click();
    await expect
      .poll(() => integrity.getByText('Chaîne intègre', { exact: true }).count(), { timeout: CONDITION_WAIT })
      .toBe(2);
    await shot(page, 'integrite-tablette', true);
    await expectAccessible(page, 'la vérification de l’intégrité');
    await integrity.getByRole('heading', { name: 'Archive d’une période' }).scrollIntoViewIfNeeded();
    await shot(page, 'archive-tablette');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      button(integrity, 'Télécharger l’archive').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    expect((await readFile((await download.path())!)).subarray(0, 2).toString()).toBe('PK');
    await context.close();
  });

  it('offline, a cached day takes a movement, sent once back online', async () => {
    const context = await newContext(browser, {
      serviceWorkers: 'allow',
      viewport: TABLET,
      mobile: true,
      session: await sessionFor(server.url),
      allowConsole: OFFLINE_NOISE,
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/mes-caisses`);
    await page.getByRole('heading', { name: 'Mes caisses', level: 1 }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, {
      timeout: CONDITION_WAIT,
    });
    await waitForCaches(page, ['cashRegisters']);
    const company = await companyOf(page);
    const tea = (await registers(company)).find((r) => r.label === 'Caisse salon de thé')!;

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Mes caisses', level: 1 }).waitFor();
    await visit(page, `/mes-caisses/journ%C3%A9es?caisse=${tea.uuid}&jour=${tea.today.day}`);
    await page.getByRole('heading', { name: 'Journées de caisse', level: 1 }).waitFor();
    await page
      .getByText(/^Données du /)
      .first()
      .waitFor();
    await button(page, 'Saisir des mouvements').click();
    const form = page.getByRole('dialog', { name: 'Saisir des mouvements' });
    await form.getByText('Encaissements', { exact: true }).click();
    await form.getByLabel('Encaissements en espèces', { exact: true }).fill('13,37');
    await button(form, 'Enregistrer').click();
    await form.waitFor({ state: 'detached' });
    await page.getByText('En attente d’envoi', { exact: true }).first().waitFor();
    await closeToasts(page);
    await shot(page, 'journee-hors-ligne-tablette', true);
    expect(
      ((await journalOf(company, tea.uuid, tea.today.day))?.revenues ?? []).filter((m) => m.amount === 13.37),
    ).toEqual([]);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByText('En attente d’envoi', { exact: true }).waitFor({ state: 'detached' });
    await expect
      .poll(
        async () =>
          ((await journalOf(company, tea.uuid, tea.today.day))?.revenues ?? []).filter((m) => m.amount === 13.37)
            .length,
      )
      .toBe(1);

    // A closing asked offline, refused on its replay (the day was closed meanwhile on another
    // device): the day says so, and the sync panel gives the server's reason.
    await context.setOffline(true);
    await button(page, 'Clôturer la journée').click();
    const closing = page.getByRole('dialog', { name: 'Clôturer la journée' });
    await closing.getByText('Montant total', { exact: true }).click();
    await closing.getByLabel('Montant compté dans le tiroir', { exact: true }).fill('100');
    await button(closing, 'Clôturer la journée').click();
    await closing.waitFor({ state: 'detached' });
    await page.getByText('Clôture en attente d’envoi', { exact: true }).waitFor();
    await closeToasts(page);
    const elsewhere = await server.api.put(
      `/api/sales-register/${tea.uuid}/days/${tea.today.day}/close`,
      { closed: true, counted: { total: 120, detail: null } },
      { token, company },
    );
    expect(elsewhere.status).toBe(200);
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByText('Clôture refusée par le serveur', { exact: true }).waitFor();
    await page.getByRole('button', { name: '1 modification refusée', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Synchronisation' });
    await panel.getByText('Cette journée est déjà clôturée.', { exact: true }).waitFor();
    await panel
      .getByText(/clôture de la journée du /)
      .first()
      .waitFor();
    await shot(page, 'cloture-refusee-tablette');
    await context.close();
  });

  it('opens the journals with « é » and « %C3%A9 », and the main screens on a laptop', async () => {
    const { context, page } = await openSignedIn(browser, server.url, '/mes-caisses/journ%C3%A9es', LAPTOP);
    await page.getByRole('heading', { name: 'Journées de caisse', level: 1 }).waitFor();
    await dayHeading(page).waitFor();
    // The drawer's link, written with « é », reaches the same screen from inside the app.
    await visit(page, '/mes-caisses');
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Journées', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Journées de caisse', level: 1 }).waitFor();
    await dayHeading(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/mes-caisses/journ%C3%A9es');
    await screenLoaded(page);
    await shot(page, 'journee-portable', true);
    await expectAccessible(page, 'une journée (portable)');

    // A day older than the 62 kept on the device is read online.
    const company = await companyOf(page);
    const counter = (await registers(company)).find((r) => r.label === 'Caisse comptoir')!;
    const iso = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const history = await server.api.get(
      `/api/sales-register/${counter.uuid}/history?dateStart=${iso(130)}&dateEnd=${iso(100)}`,
      { token, company },
    );
    const oldDay = (history.body.days as Array<{ day: string; registerDetails: { closed: boolean } }>).find(
      (d) => d.registerDetails.closed,
    )!.day;
    await visit(page, `/mes-caisses/journ%C3%A9es?caisse=${counter.uuid}&jour=${oldDay}`);
    await page.getByRole('heading', { level: 2, name: `Journée du ${formatDateLong(oldDay)}`, exact: true }).waitFor();
    await page.getByText('Clôturée', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Ventes', exact: true }).waitFor();

    await visit(page, '/mes-caisses');
    await page.getByRole('region', { name: 'Caisse comptoir' }).waitFor();
    await screenLoaded(page);
    await shot(page, 'caisses-portable', true);

    await visit(page, '/mes-caisses/dashboard');
    await page.getByRole('heading', { name: 'Tableau de bord des caisses', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Résultat de caisse par mois' }).waitFor();
    await page.getByText('Cette année', { exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('du')?.endsWith('-01-01') === true);
    await page.locator('.recharts-surface').first().waitFor();
    await screenLoaded(page);
    await shot(page, 'tableau-de-bord-portable', true);
    await expectAccessible(page, 'le tableau de bord des caisses');
    await shotAt(page, 'tableau-de-bord-tablette', TABLET, true);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(LAPTOP.width);
    await context.close();
  });
});
