// @vitest-environment jsdom
// « Plateforme agréée » (decision 088) in jsdom: a saved secret is shown as « enregistré » and kept
// when the field stays empty, a refusal's French list, « Tester la connexion »'s verdict; the
// banner's line names the platform, or says none is set and what to do.
import { createRoute } from '@tanstack/react-router';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HTTPError } from 'ky';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanScreen, installJsdomGaps } from '../../../tests/support/screen';
import { demoProfile, renderInRouter, signInAs } from '../../../tests/support/screen-profiles';
import { forgetAll } from '../../data/sync/engine';
import type { PlatformSettings } from './api/platform-api';

const fetchPlatformSettings = vi.fn();
const savePlatformSettings = vi.fn();
const testPlatformConnection = vi.fn();
const fetchPlatformSummary = vi.fn();
vi.mock('./api/platform-api', async (actual) => ({
  ...(await actual<typeof import('./api/platform-api')>()),
  fetchPlatformSettings: (...a: unknown[]) => fetchPlatformSettings(...a),
  savePlatformSettings: (...a: unknown[]) => savePlatformSettings(...a),
  testPlatformConnection: (...a: unknown[]) => testPlatformConnection(...a),
  fetchPlatformSummary: (...a: unknown[]) => fetchPlatformSummary(...a),
}));

const { PlatformSettingsPage } = await import('./components/platform-settings-page');
const { PlatformBannerLine } = await import('./components/platform-banner-line');

const SAVED: PlatformSettings = {
  configured: true,
  baseUrl: 'https://api.pa.example.fr/flow-service',
  authKind: 'oauth2',
  tokenUrl: 'https://auth.pa.example.fr/token',
  clientId: 'client-martin',
  clientSecretSaved: true,
  bearerTokenSaved: false,
  webhookSubscribed: true,
  defaultBaseUrl: null,
  lastCheckAt: null,
  lastCheckOk: null,
};

beforeAll(installJsdomGaps);
afterEach(() => {
  cleanScreen();
  forgetAll();
  signInAs(null);
  for (const f of [fetchPlatformSettings, savePlatformSettings, testPlatformConnection, fetchPlatformSummary])
    f.mockReset();
});

function open(ui: 'page' | 'banner') {
  signInAs(demoProfile());
  const component = ui === 'page' ? PlatformSettingsPage : PlatformBannerLine;
  return renderInRouter(null, {
    path: '/p',
    routes: (root) => [createRoute({ getParentRoute: () => root as never, path: '/p', component })],
  });
}
const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

function refusal(message: string, errors: string[]) {
  const response = new Response(JSON.stringify({ message, errors }), {
    status: 422,
    headers: { 'content-type': 'application/json' },
  });
  return new HTTPError(response, new Request('http://localhost/api/platform/settings'), {} as never);
}

describe('Plateforme agréée', { timeout: 60_000 }, () => {
  it('shows a saved secret as « enregistré », keeps it when left empty, and tests the connection', async () => {
    fetchPlatformSettings.mockResolvedValue(SAVED);
    open('page');
    expect(
      (await screen.findByLabelText(/Adresse du Flow Service/, { selector: 'input' })) as HTMLInputElement,
    ).toHaveProperty('value', SAVED.baseUrl);
    const secret = field(/Secret client/);
    expect(secret.value).toBe('');
    expect(secret.placeholder).toMatch(/^enregistré/);
    savePlatformSettings.mockResolvedValue(SAVED);
    fireEvent.click(screen.getByRole('button', { name: /Enregistrer/, hidden: true }));
    await waitFor(() => expect(savePlatformSettings).toHaveBeenCalledTimes(1));
    const body = savePlatformSettings.mock.calls[0][1];
    expect(body).toMatchObject({ baseUrl: SAVED.baseUrl, authKind: 'oauth2', clientId: 'client-martin' });
    expect(body).not.toHaveProperty('clientSecret');

    testPlatformConnection.mockResolvedValue({ ok: false, message: 'La plateforme refuse nos identifiants.' });
    fireEvent.click(screen.getByRole('button', { name: /Tester la connexion/, hidden: true }));
    await screen.findByText('La plateforme refuse nos identifiants.');
  });

  it('lists the server’s refusal in French', async () => {
    fetchPlatformSettings.mockResolvedValue({ ...SAVED, configured: false, clientSecretSaved: false });
    open('page');
    await screen.findByLabelText(/Adresse du Flow Service/, { selector: 'input' });
    savePlatformSettings.mockRejectedValue(
      refusal('Les réglages de la plateforme agréée sont incomplets.', ['Indiquez le secret client (client secret).']),
    );
    fireEvent.click(screen.getByRole('button', { name: /Enregistrer/, hidden: true }));
    await screen.findByText('Indiquez le secret client (client secret).');
    // « Tester la connexion » waits for saved settings.
    expect(screen.getByRole('button', { name: /Tester la connexion/, hidden: true })).toHaveProperty('disabled', true);
  });

  it('the banner names the platform, or says none is set and what to do (PA-5)', async () => {
    fetchPlatformSummary.mockResolvedValue({
      configured: true,
      name: 'api.pa.example.fr',
      local: false,
      canManage: false,
    });
    open('banner');
    await screen.findByText('api.pa.example.fr');
    expect(document.body.textContent).toMatch(/envoyées et reçues par la plateforme agréée api\.pa\.example\.fr\./);
    cleanScreen();
    forgetAll();
    fetchPlatformSummary.mockResolvedValue({ configured: false, name: null, local: false, canManage: false });
    open('banner');
    await screen.findByText(/Aucune plateforme agréée n’est choisie/);
    expect(document.body.textContent).toMatch(/Demandez à votre cabinet de la renseigner\./);
  });
});
