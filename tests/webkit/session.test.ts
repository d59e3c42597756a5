// In WebKit (decision 047): sign in through the form, switch company, sign out with the device's data wiped
// (a shop's iPad is shared: the next user must find nothing of the previous one). What WebKit lacks
// of what the app uses is checked here too, with what the app does without it (decision 047).
import { describe, expect, it } from 'vitest';
import { LAPTOP, label, role, text, within } from './support/webkit';
import { useLane } from './support/lane';

const lane = useLane(LAPTOP);

const companyMenu = { testId: 'company-menu' };
const companyId = (name: string) => lane.server.seed!.companies.find((c) => c.label === name)!.id;

/** The names of the origin's IndexedDB databases (indexedDB.databases(), Safari 14+). */
const databases = () =>
  lane.page.driver.executeAsyncScript<string[]>(
    'const done = arguments[arguments.length - 1]; indexedDB.databases().then((list) => done(list.map((d) => d.name)), (e) => done(["erreur: " + e]));',
  );

describe('WebKit: signing in and out', () => {
  it('is Safari’s engine, without Background Sync nor persistent storage: the app still signs in', async () => {
    await lane.page.goto(`${lane.relay.url}/login`);
    const engine = await lane.page.run<{
      ua: string;
      sync: boolean;
      syncOnRegistration: boolean;
      locks: boolean;
      persist: boolean;
    }>(`
      return {
        ua: navigator.userAgent,
        sync: 'SyncManager' in window,
        syncOnRegistration: 'ServiceWorkerRegistration' in window && 'sync' in ServiceWorkerRegistration.prototype,
        locks: 'locks' in navigator,
        persist: !!(navigator.storage && navigator.storage.persist),
      };`);
    expect(engine.ua).toMatch(/AppleWebKit\/605\.1\.15 .*Safari\/605\.1\.15/);
    // What the outbox (src/data/outbox.ts) and the storage (src/data/storage.ts) feature-detect.
    expect(engine.sync).toBe(false);
    expect(engine.syncOnRegistration).toBe(false);
    expect(engine.persist).toBe(false);
    // Web Locks exist in this WebKit (Safari 15.4+): one replaying tab, as in Chromium.
    expect(engine.locks).toBe(true);

    await lane.page.fill(label('Identifiant'), 'demo');
    await lane.page.fill(label('Mot de passe'), 'demo');
    await lane.page.click(role('button', 'Se connecter'));
    // The announcement greets a new sign-in: dismissed for good, as a user would.
    await lane.page.click(role('button', 'Ne plus me montrer'));
    await lane.page.find(role('heading', /^Bonjour/));
    expect(await lane.page.pathname()).toBe('/');
    // Signed in: the session is kept and the user's database created on the device.
    expect(await lane.page.run('return JSON.parse(localStorage.getItem("workplace.session")).profile.username')).toBe(
      'demo',
    );
    const userId = await lane.page.run<number>(
      'return JSON.parse(localStorage.getItem("workplace.session")).profile.id',
    );
    await expect.poll(databases).toContain(`workplace-${userId}`);
    await lane.page.expectNoConsoleErrors();
  });

  it('switches company with the search field; a reload starts from the company saved on the server', async () => {
    expect(await lane.page.textOf(companyMenu)).toContain('Boulangerie Pâtisserie Martin');
    await lane.page.click(companyMenu);
    await lane.page.fill(label('Rechercher une société'), 'plume');
    const option = within(role('listbox', 'Mes sociétés'), role('option', 'Librairie La Plume d’Or'));
    await lane.page.click(option);
    await lane.page.until('return W.text(W.findAll(args[0])[0] || document.body).includes(args[1]);', [
      companyMenu,
      'Librairie La Plume d’Or',
    ]);
    await expect
      .poll(async () => (await lane.server.api.login('demo')).profile.userLastCompany)
      .toBe(companyId('Librairie La Plume d’Or'));
    await lane.page.reload();
    await lane.page.find(role('heading', /^Bonjour/));
    expect(await lane.page.textOf(companyMenu)).toContain('Librairie La Plume d’Or');
    // Back to the usual company for the next test (and the server keeps it).
    await lane.page.click(companyMenu);
    await lane.page.fill(label('Rechercher une société'), 'martin');
    await lane.page.click(within(role('listbox', 'Mes sociétés'), role('option', 'Boulangerie Pâtisserie Martin')));
    await expect
      .poll(async () => (await lane.server.api.login('demo')).profile.userLastCompany)
      .toBe(companyId('Boulangerie Pâtisserie Martin'));
    await lane.page.expectNoConsoleErrors();
  });

  it('signing out wipes the device: no session, no IndexedDB database of the user', async () => {
    const userId = await lane.page.run<number>(
      'return JSON.parse(localStorage.getItem("workplace.session")).profile.id',
    );
    await lane.page.visit('/mes-factures/liste-des-factures');
    await lane.page.find(role('heading', 'Mes factures'));
    // The invoice list is kept on the device before the sign-out.
    await expect.poll(async () => (await lane.page.readStore('invoices')).length).toBeGreaterThan(0);
    await lane.page.click(role('button', /Menu du profil/));
    await lane.page.click(role('menuitem', 'Déconnexion'));
    await lane.page.until('return location.pathname === "/login";');
    await lane.page.find(label('Identifiant'));
    expect(await lane.page.run('return localStorage.length')).toBe(0);
    await expect.poll(databases).not.toContain(`workplace-${userId}`);
    // Signed out for real: a protected path goes back to the login page.
    await lane.page.goto(`${lane.relay.url}/me`);
    await lane.page.until('return location.pathname === "/login" && location.search === "?redirect=%2Fme";');
    await lane.page.find(text('Mot de passe oublié ?'));
    await lane.page.expectNoConsoleErrors();
  });
});
