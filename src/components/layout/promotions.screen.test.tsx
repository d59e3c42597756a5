// @vitest-environment jsdom
// The e-invoicing banner and the announcement modal (NAV-11, NAV-22): what each button remembers
// and where, moved from tests/e2e/shell.test.ts (decision 018). A remount stands for a reload (the
// same storage, read again); the real reloads and the new tab stay there, with the axe pass.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanScreen, installJsdomGaps } from '../../../tests/support/screen';
import { renderInRouter } from '../../../tests/support/screen-profiles';
import { ANNOUNCEMENT_FLAG, AnnouncementModal, BANNER_FLAG, InvoiceBanner } from './promotions';

const ANNOUNCEMENT = 'Le module de facturation est gratuit';

beforeAll(installJsdomGaps);
afterEach(() => {
  cleanScreen();
  localStorage.clear();
  sessionStorage.clear();
});

/** The page as a reload shows it: a fresh tree over the storage left behind (`loaded()` once rendered). */
function load() {
  cleanScreen();
  return renderInRouter(
    <>
      <InvoiceBanner />
      <p>Bonjour Sophie</p>
      <AnnouncementModal />
    </>,
  );
}
const loaded = () => screen.findByText('Bonjour Sophie');
const announcement = () => screen.queryByRole('dialog', { name: ANNOUNCEMENT, hidden: true });

// Role queries skip the visibility check (`hidden: true`): computing styles is what makes them slow in jsdom.
describe('the announcement', { timeout: 60_000 }, () => {
  it('the close icon hides the modal for the session only', async () => {
    load();
    const modal = await screen.findByRole('dialog', { name: ANNOUNCEMENT, hidden: true });
    expect(modal.textContent).toContain('01 23 45 67 89');
    fireEvent.click(within(modal).getByRole('button', { name: 'Fermer pour cette session', hidden: true }));
    await waitFor(() => expect(announcement()).toBeNull());
    expect(localStorage.getItem(ANNOUNCEMENT_FLAG)).toBeNull();
    load();
    await loaded();
    expect(announcement()).toBeNull();
    // A new tab is a new session: the announcement is back.
    sessionStorage.clear();
    load();
    expect(await screen.findByRole('dialog', { name: ANNOUNCEMENT, hidden: true })).toBeTruthy();
  });

  it('"Ne plus me montrer": gone for good', async () => {
    load();
    const modal = await screen.findByRole('dialog', { name: ANNOUNCEMENT, hidden: true });
    fireEvent.click(within(modal).getByRole('button', { name: 'Ne plus me montrer', hidden: true }));
    await waitFor(() => expect(announcement()).toBeNull());
    expect(localStorage.getItem(ANNOUNCEMENT_FLAG)).toBe('true');
    sessionStorage.clear();
    load();
    await loaded();
    expect(announcement()).toBeNull();
  });

  it('"En savoir plus" dismisses it for good and opens the presentation of the module', async () => {
    const router = load();
    const modal = await screen.findByRole('dialog', { name: ANNOUNCEMENT, hidden: true });
    fireEvent.click(within(modal).getByRole('button', { name: 'En savoir plus', hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mes-factures/presentation'));
    expect(localStorage.getItem(ANNOUNCEMENT_FLAG)).toBe('true');
  });
});

describe('the e-invoicing banner', { timeout: 60_000 }, () => {
  it('the banner stays dismissed: a named region, not an alert', async () => {
    localStorage.setItem(ANNOUNCEMENT_FLAG, 'true');
    load();
    // A named region, not an alert (announced once, not on every page).
    const banner = await screen.findByRole('region', { name: 'Facturation électronique', hidden: true });
    expect(
      screen
        .queryAllByRole('alert', { hidden: true })
        .filter((a) => a.textContent?.includes('Facturation électronique')),
    ).toEqual([]);
    expect(within(banner).getByRole('link', { name: 'Découvrir le module', hidden: true }).getAttribute('href')).toBe(
      '/mes-factures/presentation',
    );
    fireEvent.click(within(banner).getByRole('button', { name: 'Masquer ce bandeau', hidden: true }));
    await waitFor(() => expect(screen.queryByText('Facturation électronique', { exact: false })).toBeNull());
    expect(localStorage.getItem(BANNER_FLAG)).toBe('true');
    load();
    await loaded();
    expect(screen.queryByText('Facturation électronique', { exact: false })).toBeNull();
  });
});
