// @vitest-environment jsdom
// Decision 042: the « Notifications » section of /me. Three switches with visible labels, read from the
// server for the current company; flipping one sends the three through the outbox's call
// (saveNotificationPreferences) and says so in a toast; a refusal puts the switch back.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fake, resetFakes } from '../../../tests/support/module-fakes';
import { cleanScreen, installJsdomGaps, renderScreen } from '../../../tests/support/screen';
import { forgetAll } from '../../data/sync/engine';
import { setSession, store, type UserProfile } from '../../lib/session';

// The unit project shares its module cache between files: the shared fakes of module-fakes.ts.
vi.mock('./api/notification-preferences', async (actual) =>
  (await import('../../../tests/support/module-fakes')).delegating(
    await actual<typeof import('./api/notification-preferences')>(),
    ['loadNotificationPreferences', 'saveNotificationPreferences'],
  ),
);

const { ProfilePage } = await import('./profile-page');

const COMPANY = { id: 7, label: 'Garage Dupont & Fils' };

beforeAll(() => {
  installJsdomGaps();
  setSession({
    token: 't',
    profile: {
      id: 920_016,
      firstName: 'Sophie',
      name: 'Martin',
      username: 'demo',
      email: null,
      userType: 2,
      userCompanies: [COMPANY],
      userLastCompany: COMPANY.id,
      appRights: [],
    } as unknown as UserProfile,
  });
});
afterEach(() => {
  cleanScreen();
  forgetAll();
  resetFakes();
});

// The label element also holds the description: the accessible name starts with the visible label.
const toggle = (label: string) =>
  screen.getByRole('switch', { name: new RegExp(`^${label}`), hidden: true }) as HTMLInputElement;
const show = () =>
  renderScreen(
    <Provider store={store}>
      <ProfilePage />
    </Provider>,
  );

describe('/me « Notifications »', { timeout: 60_000 }, () => {
  it('shows the three switches of the current company and saves a change with a toast', async () => {
    fake('loadNotificationPreferences').mockResolvedValue({ documents: true, requests: true, digest: false });
    fake('saveNotificationPreferences').mockResolvedValue({
      status: 'done',
      response: { documents: true, requests: true, digest: true },
    });
    show();
    await screen.findByRole('heading', { name: 'Notifications', hidden: true });
    await waitFor(() => expect(toggle('Récapitulatif quotidien par e-mail')).toBeTruthy());
    expect(screen.getByText('Pour la société Garage Dupont & Fils.')).toBeTruthy();
    expect(toggle('Nouveaux documents').checked).toBe(true);
    expect(toggle('Demandes d’information').checked).toBe(true);
    expect(toggle('Récapitulatif quotidien par e-mail').checked).toBe(false);
    expect(fake('loadNotificationPreferences')).toHaveBeenCalledWith(COMPANY.id);

    fireEvent.click(toggle('Récapitulatif quotidien par e-mail'));
    await screen.findByText('Préférences enregistrées');
    expect(fake('saveNotificationPreferences')).toHaveBeenCalledWith(COMPANY.id, {
      documents: true,
      requests: true,
      digest: true,
    });
    expect(toggle('Récapitulatif quotidien par e-mail').checked).toBe(true);
  });

  it('puts the switch back and says why when the server refuses', async () => {
    fake('loadNotificationPreferences').mockResolvedValue({ documents: true, requests: true, digest: false });
    fake('saveNotificationPreferences').mockResolvedValue({
      status: 'failed',
      httpStatus: 500,
      message: 'Une erreur interne est survenue',
      errors: [],
    });
    show();
    await waitFor(() => expect(toggle('Nouveaux documents').checked).toBe(true));
    fireEvent.click(toggle('Nouveaux documents'));
    await screen.findByText('Erreur lors de l’enregistrement des préférences');
    await waitFor(() => expect(toggle('Nouveaux documents').checked).toBe(true));
  });
});
