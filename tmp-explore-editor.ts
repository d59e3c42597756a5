import { startTestServer } from './tests/support/test-server';
import { chromium } from 'playwright-core';

const server = await startTestServer({ staticDir: '/tmp/editor-dist' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
try {
  for (const vp of [{ width: 1366, height: 900 }, { width: 820, height: 1180 }]) {
    const ctx = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport: vp, serviceWorkers: 'block' });
    const page = await ctx.newPage();
    page.on('console', (m) => m.type() === 'error' && console.log('CONSOLE', m.text()));
    page.on('pageerror', (e) => console.log('PAGEERROR', e));
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Identifiant').fill('demo');
    await page.getByLabel('Mot de passe').fill('demo');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.evaluate(() => localStorage.setItem('facturation-announcement-dismissed', 'true'));
    await page.goto(`${server.url}/mes-factures/ajouter-facture`);
    await page.getByRole('heading', { name: 'Nouvelle facture' }).waitFor({ timeout: 20000 });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/editor-shots/new-${vp.width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/editor-shots/errors-${vp.width}.png`, fullPage: true });
    await ctx.close();
  }
} finally {
  await browser.close();
  await server.close();
}
