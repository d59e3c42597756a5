import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import { dismissAnnouncement, expectAccessible, launchBrowser, newContext, startAppServer, watchConsole } from './support/browser';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('shell', () => {
  it('an unauthenticated deep link goes through login and lands on the deep link', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(`${server.url}/me`);
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/me');
    await expectAccessible(page, 'la page de connexion');
    await page.getByLabel('Identifiant').fill('demo');
    await page.getByLabel('Mot de passe').fill('demo');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(`${server.url}/me`);
    await dismissAnnouncement(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Mon profil' }).textContent()).resolves.toBe('Mon profil');
    expect(await page.title()).toBe('Mon profil | Workplace');
    await expectAccessible(page, 'le profil');
    expect(errors()).toEqual([]);
    await context.close();
  });
});
