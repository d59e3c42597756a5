import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import { demoFileNames } from '../support/demo-names';
import { PAYROLL_SUCCESS, startPayrollHost, type PayrollHost } from '../support/payroll-host';
import { launchBrowser, openSignedIn, startAppServer } from './support/browser';

// Payroll single sign-on (decision 045) in a real Chromium: the profile menu's entry opens
// a tab in the click (no pop-up blocker), the app fetches the signed fields and posts the hidden form
// into it, and the local payroll host accepts the signature. The token's rules are in
// tests/api/payroll-sso.test.ts. A second test opens /fiscadas/{id} (decision 045) on the same server.

let host: PayrollHost;
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  host = await startPayrollHost();
  server = await startAppServer({ PAYROLL_SSO_URL: host.url, PAYROLL_SSO_SECRET: host.secret });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await host?.close();
});

describe('payroll single sign-on', () => {
  it('the demo user’s « Mon service de paie » opens a tab the payroll host accepts', async () => {
    const { context, page, errors } = await openSignedIn(browser, server.url, '/');
    await page.getByRole('button', { name: 'Menu du profil' }).click();
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('menuitem', { name: /Mon service de paie/ }).click(),
    ]);
    await tab.getByRole('heading', { name: PAYROLL_SUCCESS }).waitFor();
    expect(host.received.map((r) => r.verdict)).toEqual(['ok']);
    expect(host.received[0]!.fields).toMatchObject({ user: 'demo', scope: 'paie' });
    expect(errors()).toEqual([]);
    await context.close();
  });
});

// /fiscadas/{id} (decision 045) in the same server: the page draws the fiscal document with pdf.js.
describe('/fiscadas/{id}', () => {
  it('opens the company’s liasse fiscale in the PDF viewer', async () => {
    const { token } = await server.api.login('demo');
    const list = await server.api.get('/api/my-documents?q=liasse%20fiscale', { token });
    const id = list.body.items[0].id;
    const { context, page, errors } = await openSignedIn(browser, server.url, `/fiscadas/${id}`);
    await page.getByRole('heading', { name: demoFileNames().taxReturn }).waitFor();
    await page.locator('canvas[data-rendered-page="1"]').waitFor();
    expect(errors()).toEqual([]);
    await context.close();
  });
});
