// @vitest-environment jsdom
// The menus of the top bar, moved from tests/e2e/shell-nav.test.ts (decision 018): what each rights
// profile sees in the profile menu (NAV-19), and the company menu's label and search (NAV-16, NAV-17).
// No browser needed: the rights and the labels decide. The company switch against the server, the
// label's room in the real top bar and the axe passes stay there; the drawer is in src/routes.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '../../lib/session';
import { cleanScreen, installJsdomGaps } from '../../../tests/support/screen';
import { adminProfile, companyId, demoProfile, renderInRouter, signInAs } from '../../../tests/support/screen-profiles';
import { CompanyMenu } from './company-menu';
import { ProfileMenu } from './profile-menu';

beforeAll(installJsdomGaps);
beforeEach(() => {
  // Mantine's focus trap looks for a visible element while the menu's dropdown is still display:
  // none in jsdom (no layout): its warning says nothing about the screen.
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('use-focus-trap')) warn(...args);
  });
});
afterEach(() => {
  cleanScreen();
  signInAs(null);
});

const everyRoute = () => true;

async function openProfileMenu(profile: UserProfile) {
  signInAs(profile);
  const router = renderInRouter(<ProfileMenu onLogout={vi.fn()} available={everyRoute} />);
  fireEvent.click(await screen.findByRole('button', { name: /Menu du profil/, hidden: true }));
  const menu = await screen.findByRole('menu', { hidden: true });
  return { router, menu };
}

// Role queries skip the visibility check (`hidden: true`): computing styles is what makes them slow in jsdom.
describe('the profile menu', { timeout: 60_000 }, () => {
  it('the profile menu shows "Statistiques" to an admin only', async () => {
    for (const [profile, admin] of [
      [demoProfile(), false],
      [adminProfile(), true],
    ] as const) {
      const { router, menu } = await openProfileMenu(profile);
      const item = (name: string) => within(menu).queryAllByRole('menuitem', { name, hidden: true });
      expect(item('Mon profil')).toHaveLength(1);
      expect(item('Déconnexion')).toHaveLength(1);
      expect(item('Statistiques')).toHaveLength(admin ? 1 : 0);
      const target = admin ? 'Statistiques' : 'Mon profil';
      fireEvent.click(item(target)[0]);
      await waitFor(() => expect(router.state.location.pathname).toBe(admin ? '/dashboard' : '/me'));
      cleanScreen();
    }
  });

  it('hides an entry whose screen is not in this build, and signs out from "Déconnexion"', async () => {
    signInAs(adminProfile());
    const onLogout = vi.fn();
    renderInRouter(<ProfileMenu onLogout={onLogout} available={(path) => path !== '/admin'} />);
    fireEvent.click(await screen.findByRole('button', { name: /Menu du profil/, hidden: true }));
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(within(menu).queryByRole('menuitem', { name: 'Gérer mes utilisateurs', hidden: true })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Mes dépôts', hidden: true })).toBeTruthy();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Déconnexion', hidden: true }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});

/** A phone or a small tablet: the query of the company menu (max-width: 48em) matches. */
function smallScreen() {
  const matchMedia = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...matchMedia(query),
    matches: query.includes('max-width: 48em'),
  }));
}

describe('the company menu', { timeout: 60_000 }, () => {
  it('on a small screen a long company label is cut to 19 characters and an ellipsis', async () => {
    smallScreen();
    signInAs(demoProfile());
    renderInRouter(<CompanyMenu onSwitch={vi.fn()} />);
    const button = await screen.findByTestId('company-menu');
    await waitFor(() => expect(button.querySelector('p')?.textContent).toBe('Boulangerie Pâtisse…'));
    // The full label stays in the list and in the button's tooltip.
    expect(button.getAttribute('title')).toBe('Boulangerie Pâtisserie Martin');
  });

  it('shows the whole label on a wide screen, and switches company with the search field', async () => {
    signInAs(demoProfile());
    const onSwitch = vi.fn();
    renderInRouter(<CompanyMenu onSwitch={onSwitch} />);
    const button = await screen.findByTestId('company-menu');
    expect(button.querySelector('p')?.textContent).toBe('Boulangerie Pâtisserie Martin');
    fireEvent.click(button);
    // Ten companies (more than 8): the search field comes first.
    const search = await screen.findByLabelText('Rechercher une société');
    fireEvent.change(search, { target: { value: 'plume' } });
    const items = within(screen.getByRole('listbox', { name: 'Mes sociétés', hidden: true })).getAllByRole('option', {
      hidden: true,
    });
    expect(items.map((i) => i.textContent)).toEqual(['Librairie La Plume d’Or']);
    fireEvent.click(items[0]);
    expect(onSwitch).toHaveBeenCalledWith(companyId('Librairie La Plume d’Or'));
  });
});
