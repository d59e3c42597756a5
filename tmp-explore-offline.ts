import { startTestServer } from './tests/support/test-server';
import { chromium } from 'playwright-core';

const server = await startTestServer({ staticDir: '/tmp/editor-dist' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const shot = (p: any, n: string) => p.screenshot({ path: `/tmp/editor-shots/offline-${n}.png` });
try {
  const { token } = await server.api.login('demo');
  const drafts = await server.api.get('/api/factures?validated=false&pageSize=5', { token });
  const draftId = drafts.body.items[0].id;
  const quotesBefore = (await server.api.get('/api/estimates?pageSize=100', { token })).body.total;
  console.log('draft', draftId, 'quotes', quotesBefore);
  const ctx = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport: { width: 1366, height: 900 }, serviceWorkers: 'allow' });
  const page = await ctx.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log('CONSOLE', m.text()));
  page.on('pageerror', (e) => console.log('PAGEERROR', e));
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Identifiant').fill('demo');
  await page.getByLabel('Mot de passe').fill('demo');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.evaluate(() => localStorage.setItem('facturation-announcement-dismissed', 'true'));
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30000 });
  await page.goto(`${server.url}/mes-factures/modifier-facture?id=${draftId}`);
  await page.getByRole('heading', { name: 'Brouillon de facture' }).waitFor({ timeout: 20000 });
  await page.goto(`${server.url}/mes-factures/ajouter-devis`);
  await page.getByRole('heading', { name: 'Nouveau devis' }).waitFor({ timeout: 20000 });
  await page.waitForTimeout(2000);

  await ctx.setOffline(true);
  await page.reload();
  await page.getByRole('heading', { name: 'Nouveau devis' }).waitFor({ timeout: 20000 });
  const box = page.getByRole('combobox', { name: 'Client' });
  await box.click(); await box.fill('bistrot');
  await page.getByRole('option', { name: /Bistrot/ }).first().click();
  const art = page.getByRole('combobox', { name: 'Ajouter un article du catalogue' });
  await art.click(); await art.fill('croissant');
  await page.getByRole('option', { name: /Croissant/ }).first().click();
  await page.getByLabel('Quantité').fill('12');
  await page.getByRole('button', { name: 'Aperçu' }).click();
  const dlg = page.getByRole('dialog', { name: /^Aperçu de votre document/ });
  await dlg.locator('object[type="application/pdf"]').waitFor({ timeout: 30000 });
  await page.waitForTimeout(1500);
  await shot(page, 'preview');
  console.log('pdf', await page.evaluate(`(async () => { const o = document.querySelector('object'); const b = await (await fetch(o.data)).arrayBuffer(); return [b.byteLength, new TextDecoder().decode(new Uint8Array(b).slice(0, 5))]; })()`));
  await dlg.getByRole('button', { name: 'Fermer', exact: true }).click();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await page.waitForURL(/modifier-devis\?id=tmp-/, { timeout: 20000 });
  await page.getByText('En attente d’envoi').first().waitFor({ timeout: 20000 });
  await shot(page, 'quote-queued');
  console.log('quote url', page.url());
  // reload offline: the draft comes back
  await page.reload();
  await page.getByRole('heading', { name: 'Nouveau devis' }).waitFor({ timeout: 20000 });
  console.log('after reload lines', await page.getByLabel('Totaux du document').innerText());

  await page.goto(`${server.url}/mes-factures/modifier-facture?id=${draftId}`);
  await page.getByRole('heading', { name: 'Brouillon de facture' }).waitFor({ timeout: 20000 });
  await page.getByRole('button', { name: 'Valider' }).click();
  await page.locator('.mantine-Notification-root').filter({ hasText: 'Validation en attente' }).first().waitFor({ timeout: 20000 });
  await shot(page, 'validation-queued');

  await ctx.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  for (let i = 0; i < 30; i++) {
    const inv = await server.api.get(`/api/invoices/${draftId}`, { token });
    const q = (await server.api.get('/api/estimates?pageSize=100', { token })).body.total;
    if (inv.body.validated && q === quotesBefore + 1) { console.log('SYNCED', inv.body.number, q); break; }
    await new Promise((r) => setTimeout(r, 1000));
    if (i === 29) console.log('NOT SYNCED', inv.body.validated, q);
  }
  await page.waitForTimeout(2000);
  await shot(page, 'after-sync');
  console.log('left', await page.evaluate(`(async () => {
    const db = await new Promise((res, rej) => { const r = indexedDB.open('workplace-1'); r.onsuccess = () => res(r.result); r.onerror = rej; });
    const count = (t) => new Promise((res) => { const r = db.transaction(t).objectStore(t).count(); r.onsuccess = () => res(r.result); });
    const keys = await new Promise((res) => { const r = db.transaction('drafts').objectStore('drafts').getAllKeys(); r.onsuccess = () => res(r.result); });
    return { drafts: await count('drafts'), outbox: await count('outbox'), keys };
  })()`));
  await ctx.close();
} finally {
  await browser.close();
  await server.close();
}
