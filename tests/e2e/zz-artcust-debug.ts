import { dismissAnnouncement, launchBrowser, newContext, signIn, startAppServer } from './support/browser';
const server = await startAppServer();
const browser = await launchBrowser();
try {
  const context = await newContext(browser);
  const page = await context.newPage();
  page.on('console', (m) => console.log('CONSOLE', m.type(), m.text()));
  page.on('response', (r) => { if (r.url().includes('/api/')) console.log('RESP', r.status(), r.url()); });
  await signIn(page, server.url, 'demo');
  await dismissAnnouncement(page);
  await page.goto(`${server.url}${process.argv[2] ?? '/mes-factures/mes-articles'}`);
  await page.waitForTimeout(6000);
  await page.screenshot({ path: '/tmp/artcust/debug.png' });
  console.log((await page.locator('main').innerText()).slice(0, 1500));
} finally {
  await browser.close();
  await server.close();
}
