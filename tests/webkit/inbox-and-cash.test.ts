// Issue 19 in WebKit: a deposit of one file in the inbox with its progress bar; the cash-register
// day screen on the shop's tablet (820×1180) takes a movement while the server is unreachable, and
// the movement reaches the server once when it is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/test-server';
import type { Relay } from './support/unreachable';
import {
  controlled,
  injectSession,
  label,
  LAPTOP,
  role,
  openLane,
  TABLET,
  text,
  waitForCaches,
  WebKit,
  within,
} from './support/webkit';

let server: TestServer;
let relay: Relay;
let page: WebKit;
let token: string;
beforeAll(async () => {
  ({ server, relay, page } = await openLane(LAPTOP));
  token = (await server.api.login('demo')).token;
  await injectSession(page, relay.url, server);
});
afterAll(async () => {
  await relay?.close();
});

describe('WebKit: inbox deposit and the cash-register day', () => {
  it('deposits one file with its progress bar, then finds it in the inbox', async () => {
    await page.goto(`${relay.url}/ma-bannette/deposer`);
    await page.find(role('heading', 'Déposer des fichiers'));
    await page.click(role('combobox', /^Catégorie du dépôt/));
    await page.click(role('option', 'Comptabilité › Ventes'));
    // The file picker is the system's: the file is given to the (hidden) input as the picker would.
    const name = 'Ventes novembre.pdf';
    await page.run(
      `const input = document.querySelector('input[type=file][aria-label="Fichiers à déposer"]');
const bytes = new Uint8Array(4_000_000).fill(0x20);
bytes.set(new TextEncoder().encode('%PDF-1.4\\n'));
const files = new DataTransfer();
files.items.add(new File([bytes], arguments[0], { type: 'application/pdf' }));
input.files = files.files;
input.dispatchEvent(new Event('change', { bubbles: true }));
// Every value the bar takes while the file goes up.
window.progressSeen = [];
new MutationObserver(() => {
  const bar = document.querySelector('[role="progressbar"][aria-label="Progression de l’envoi de ' + arguments[0] + '"]');
  if (bar) window.progressSeen.push(Number(bar.getAttribute('aria-valuenow')));
}).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });`,
      name,
    );
    await page.find(text(/ · Prêt à déposer$/));
    await page.click(role('button', 'Déposer le fichier'));
    await page.find(text(/ · Déposé$/), 60_000);
    await page.find(text('Dépôt effectué'), 60_000);
    await page.find(role('progressbar', `Progression de l’envoi de ${name}`));
    const seen = await page.run<number[]>('return window.progressSeen;');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toBe(100);
    await page.shot('inbox/deposited-1366');

    await page.click(role('link', 'Voir ma bannette'));
    await page.until('return location.pathname === "/ma-bannette";');
    await page.find(within(role('row', undefined, { hasText: name }), text('Déposé')));
    const res = await server.api.get(`/api/my-inbox?q=${encodeURIComponent(name)}&pageSize=100`, { token });
    expect((res.body.items as Array<{ name: string }>).filter((d) => d.name === name)).toHaveLength(1);
    await page.expectNoConsoleErrors();
  });

  it('on the tablet, the day screen takes a movement with the server unreachable; it is sent once when back', async () => {
    await page.resize(TABLET);
    expect(await page.run('return [innerWidth, innerHeight]')).toEqual([TABLET.width, TABLET.height]);
    await page.visit('/mes-caisses');
    await page.find(role('heading', 'Mes caisses'));
    await controlled(page);
    await waitForCaches(page, ['cashRegisters']);
    const company = await page.run<number>(
      "return JSON.parse(localStorage.getItem('workplace.session')).profile.userLastCompany;",
    );
    const registers = (await server.api.get('/api/sales-register', { token, company })).body as Array<{
      uuid: string;
      label: string;
      today: { day: string };
    }>;
    const tea = registers.find((r) => r.label === 'Caisse salon de thé')!;
    const movements = async () => {
      const res = await server.api.get(
        `/api/sales-register/${tea.uuid}/history?dateStart=${tea.today.day}&dateEnd=${tea.today.day}`,
        { token, company },
      );
      expect(res.status).toBe(200);
      const day = (res.body.days as Array<{ day: string; revenues?: Array<{ amount: number }> }>).find(
        (d) => d.day === tea.today.day,
      );
      return (day?.revenues ?? []).filter((m) => m.amount === 13.37).length;
    };

    await relay.down();
    await page.reload();
    await page.find(role('heading', 'Mes caisses'), 60_000);
    await page.visit(`/mes-caisses/journ%C3%A9es?caisse=${tea.uuid}&jour=${tea.today.day}`);
    await page.find(role('heading', 'Journées de caisse'));
    await page.find(role('heading', /^Journée du /));
    await page.click(role('button', 'Saisir des mouvements'));
    const form = role('dialog', 'Saisir des mouvements');
    await page.click(within(form, text('Encaissements')));
    await page.fill(within(form, label('Encaissements en espèces')), '13,37');
    await page.click(within(form, role('button', 'Enregistrer')));
    await page.gone(form);
    await page.find(text('En attente d’envoi'));
    await page.shot('cash/movement-queued-820');
    expect(await movements()).toBe(0);

    // Back: no event, no click; the outbox's own timer sends it.
    await relay.up();
    await page.gone(text('En attente d’envoi'), 60_000);
    await expect.poll(movements).toBe(1);
    await page.find(role('button', 'Synchronisation : tout est envoyé'));
    expect(await movements()).toBe(1);
    await page.expectNoConsoleErrors();
  });
});
