import { launchBrowser } from './tests/e2e/support/browser';
import { startTestServer } from './tests/support/test-server';
import { benchReplay } from './bench/offline';
const server = await startTestServer({ staticDir: 'dist-M' });
const browser = await launchBrowser();
try { console.table(await benchReplay(browser, server)); } finally { await browser.close(); await server.close(); }
