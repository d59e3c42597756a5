// @vitest-environment jsdom
// The payroll entry of the profile menu (decision 045): who sees it, its offline state, and the
// single sign-on's browser side — the tab opened in the click, the hidden form posted into it, and
// a failure that closes the tab without a word to the user (ERR-13). The real round trip to a
// payroll host is tests/e2e/payroll-sso.test.ts.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '../../lib/session';
import { cleanScreen, installJsdomGaps } from '../../../tests/support/screen';
import { demoProfile, renderInRouter, signInAs } from '../../../tests/support/screen-profiles';
import { ProfileMenu } from '../../components/layout/profile-menu';
import { PayrollMenuItem } from './payroll-menu-item';
import { openPayroll } from './open-payroll';
import { DEFAULT_BRANDING, loadBranding } from '../../lib/branding';

/** The server's public configuration, with or without a payroll service. */
async function serverSays(payrollSso: boolean) {
  vi.stubGlobal(
    'fetch',
    async () => new Response(JSON.stringify({ ...DEFAULT_BRANDING, payrollSso }), { status: 200 }),
  );
  await loadBranding();
  vi.unstubAllGlobals();
}

const SSO = {
  user: 'demo',
  scope: 'paie',
  time: 1_790_000_000,
  token: 'ab'.repeat(32),
  action: 'https://paie.example/sso',
};

beforeAll(installJsdomGaps);
let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanScreen();
  signInAs(null);
  vi.restoreAllMocks();
});

async function menuOf(profile: UserProfile) {
  signInAs(profile);
  renderInRouter(<ProfileMenu onLogout={vi.fn()} available={() => true} extraItems={<PayrollMenuItem />} />);
  fireEvent.click(await screen.findByRole('button', { name: /Menu du profil/, hidden: true }));
  const menu = await screen.findByRole('menu', { hidden: true });
  return within(menu).queryByRole('menuitem', { name: /Mon service de paie/, hidden: true });
}

describe('« Mon service de paie »', { timeout: 60_000 }, () => {
  beforeEach(() => serverSays(true));
  afterAll(() => serverSays(false));

  it('is absent when the server has no payroll service configured', async () => {
    await serverSays(false);
    expect(await menuOf(demoProfile())).toBeNull();
  });

  it('is shown with view on « Mon compte » only', async () => {
    expect(await menuOf(demoProfile())).not.toBeNull();
    cleanScreen();
    const without = demoProfile();
    without.appRights = without.appRights!.filter((r) => r.label !== 'monCompte');
    expect(await menuOf(without)).toBeNull();
  });

  it('offline: disabled, and says it needs the connection', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const item = await menuOf(demoProfile());
    expect(item).toHaveProperty('disabled', true);
    expect(item!.textContent).toContain('Nécessite une connexion');
  });
});

describe('openPayroll', () => {
  function fakeTab() {
    return { name: '', opener: {} as unknown, close: vi.fn() };
  }

  it('opens the tab before anything else, then posts the four fields into it', async () => {
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const posted: Array<{ action: string; target: string; method: string; fields: Record<string, string> }> = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      const fields = Object.fromEntries([...new FormData(this)].map(([k, v]) => [k, String(v)]));
      posted.push({ action: this.action, target: this.target, method: this.method, fields });
    });
    let resolve!: (v: typeof SSO) => void;
    const done = openPayroll(() => new Promise((r) => (resolve = r)));
    // Synchronously, inside the click: the pop-up blockers allow it only there.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    resolve(SSO);
    await done;
    expect(posted).toEqual([
      {
        action: SSO.action,
        target: tab.name,
        method: 'post',
        fields: { user: 'demo', scope: 'paie', time: String(SSO.time), token: SSO.token },
      },
    ]);
    expect(tab.name).toMatch(/^workplace-paie-/);
    expect(document.querySelector('form')).toBeNull();
  });

  it('a failure closes the tab silently and logs why', async () => {
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await openPayroll(() => Promise.reject(new Error('503')));
    expect(tab.close).toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('Service de paie : authentification unique impossible.', expect.any(Error));
  });

  it('a blocked tab: nothing fetched', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const fetchData = vi.fn();
    await openPayroll(fetchData);
    expect(fetchData).not.toHaveBeenCalled();
  });
});
