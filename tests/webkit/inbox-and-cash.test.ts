// In WebKit (decision 047): a deposit of one file in the inbox with its progress bar; the cash-register
// day screen on the shop's tablet (820×1180) takes a movement while the server is unreachable, and
// the movement reaches the server once when it is back.
import { describe, expect, it } from 'vitest';
import { controlled, label, LAPTOP, role, TABLET, text, waitForCaches, within } from './support/webkit';
import { useLane } from './support/lane';

const lane = useLane(LAPTOP, { signIn: true, session: true });

describe('WebKit: inbox deposit and the cash-register day', () => {
  it('deposits one file with its progress bar, then finds it in the inbox', async () => {
    await lane.page.goto(`${lane.relay.url}/ma-bannette/deposer`);
    await lane.page.find(role('heading', 'Déposer des fichiers'));
    await lane.page.click(role('combobox', /^Catégorie du dépôt/));
    await lane.page.click(role('option', 'Comptabilité › Ventes'));
    // The file picker is the system's: the file is given to the (hidden) input as the picker would.
    const name = 'Ventes novembre.pdf';
    await lane.page.run(
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
    await lane.page.find(text(/ · Prêt à déposer$/));
    await lane.page.click(role('button', 'Déposer le fichier'));
    await lane.page.find(text(/ · Déposé$/), 60_000);
    await lane.page.find(text('Dépôt effectué'), 60_000);
    await lane.page.find(role('progressbar', `Progression de l’envoi de ${name}`));
    const seen = await lane.page.run<number[]>('return window.progressSeen;');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toBe(100);
    await lane.page.shot('inbox/deposited-1366');

    await lane.page.click(role('link', 'Voir ma bannette'));
    await lane.page.until('return location.pathname === "/ma-bannette";');
    await lane.page.find(within(role('row', undefined, { hasText: name }), text('Déposé')));
    const res = await lane.server.api.get(`/api/my-inbox?q=${encodeURIComponent(name)}&pageSize=100`, {
      token: lane.token,
    });
    expect((res.body.items as Array<{ name: string }>).filter((d) => d.name === name)).toHaveLength(1);
    await lane.page.expectNoConsoleErrors();
  });

  it('on the tablet, the day screen takes a movement with the server unreachable; it is sent once when back', async () => {
    await lane.page.resize(TABLET);
    expect(await lane.page.run('return [innerWidth, innerHeight]')).toEqual([TABLET.width, TABLET.height]);
    await lane.page.visit('/mes-caisses');
    await lane.page.find(role('heading', 'Mes caisses'));
    await controlled(lane.page);
    await waitForCaches(lane.page, ['cashRegisters']);
    const company = await lane.page.run<number>(
      "return JSON.parse(localStorage.getItem('workplace.session')).profile.userLastCompany;",
    );
    const registers = (await lane.server.api.get('/api/sales-register', { token: lane.token, company })).body as Array<{
      uuid: string;
      label: string;
      today: { day: string };
    }>;
    const tea = registers.find((r) => r.label === 'Caisse salon de thé')!;
    const movements = async () => {
      const res = await lane.server.api.get(
        `/api/sales-register/${tea.uuid}/history?dateStart=${tea.today.day}&dateEnd=${tea.today.day}`,
        { token: lane.token, company },
      );
      expect(res.status).toBe(200);
      const day = (res.body.days as Array<{ day: string; revenues?: Array<{ amount: number }> }>).find(
        (d) => d.day === tea.today.day,
      );
      return (day?.revenues ?? []).filter((m) => m.amount === 13.37).length;
    };

    await lane.relay.down();
    await lane.page.reload();
    await lane.page.find(role('heading', 'Mes caisses'), 60_000);
    await lane.page.visit(`/mes-caisses/journ%C3%A9es?caisse=${tea.uuid}&jour=${tea.today.day}`);
    await lane.page.find(role('heading', 'Journées de caisse'));
    await lane.page.find(role('heading', /^Journée du /));
    await lane.page.click(role('button', 'Saisir des mouvements'));
    const form = role('dialog', 'Saisir des mouvements');
    await lane.page.click(within(form, text('Encaissements')));
    await lane.page.fill(within(form, label('Encaissements en espèces')), '13,37');
    await lane.page.click(within(form, role('button', 'Enregistrer')));
    await lane.page.gone(form);
    await lane.page.find(text('En attente d’envoi'));
    await lane.page.shot('cash/movement-queued-820');
    expect(await movements()).toBe(0);

    // Back: no event, no click; the outbox's own timer sends it.
    await lane.relay.up();
    await lane.page.gone(text('En attente d’envoi'), 60_000);
    await expect.poll(movements).toBe(1);
    await lane.page.find(role('button', 'Synchronisation : tout est envoyé'));
    expect(await movements()).toBe(1);
    await lane.page.expectNoConsoleErrors();
  });
});
