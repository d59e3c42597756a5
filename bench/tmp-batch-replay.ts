import { benchReplay } from './offline';
import { launchBrowser } from '../tests/e2e/support/browser';
import { startTestServer } from '../tests/support/test-server';
const server = await startTestServer({ staticDir: 'dist-batch' });
const browser = await launchBrowser();
try {
  console.log(new Date().toISOString(), 'load', (await import('node:os')).loadavg());
  console.table(await benchReplay(browser, server));
  if (process.env.SINGLE) { console.log('load', (await import('node:os')).loadavg()); console.table(await benchReplay(browser, server, { single: true })); }
  console.log(new Date().toISOString(), 'load', (await import('node:os')).loadavg());
} finally {
  await browser.close();
  await server.close();
}
