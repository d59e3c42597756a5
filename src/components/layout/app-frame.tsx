import { Anchor, AppShell, Burger, Group, LoadingOverlay, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { getBranding } from '../../lib/branding';
import { CompanyMenu } from './company-menu';
import { NavDrawer } from './nav-drawer';
import type { NavEntry } from './nav-types';
import { ProfileMenu } from './profile-menu';
import { AnnouncementModal, InvoiceBanner } from './promotions';

export interface AppFrameProps {
  nav: NavEntry[];
  available: (path: string) => boolean;
  switching: boolean;
  onSwitchCompany: (id: number) => void;
  onLogout: () => void;
  bell: ReactNode;
  statusBar?: ReactNode;
  /** Feature entries of the profile menu (payroll single sign-on). */
  profileItems?: ReactNode;
  /** The banner's line about the company's approved platform (decision 088). */
  bannerPlatform?: ReactNode;
  children: ReactNode;
}

/**
 * The layout (NAV-9 to NAV-12): drawer, top bar, banner, footer. The drawer is a burger below 75em: a tablet, portrait or
 * landscape (1 180 px), and a small laptop give the page their whole width. Beside a 280 px menu from
 * 62em, the invoice list needed more than a 1 024–1 180 px screen had left, and the page scrolled
 * sideways (decision 067).
 */
export function AppFrame({
  nav,
  available,
  switching,
  onSwitchCompany,
  onLogout,
  bell,
  statusBar,
  profileItems,
  bannerPlatform,
  children,
}: AppFrameProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const branding = getBranding();
  const wide = useMediaQuery('(min-width: 75em)', true);
  // On a phone every pixel of the top bar goes to the company label (cut to 19 characters, NAV-17):
  // the 44 px icon buttons already carry their own spacing.
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <>
      <SkipLink />
      <AppShell
        header={{ height: 64 }}
        navbar={{ width: 280, breakpoint: 'lg', collapsed: { mobile: !opened } }}
        footer={{ height: 44, collapsed: !wide }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap={phone ? 4 : 'xs'}>
            <Group gap={phone ? 6 : 'sm'} wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
              {/* A 44 px touch target (tablets) that takes the layout room of the 28 px icon. */}
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="lg"
                size="sm"
                aria-label={opened ? 'Fermer le menu' : 'Ouvrir le menu'}
                style={{ width: 44, height: 44, margin: -8, flexShrink: 0 }}
              />
              <Anchor
                component={Link}
                to="/"
                underline="never"
                visibleFrom="sm"
                aria-label={`${branding.productName}, accueil`}
              >
                <Group gap={6} wrap="nowrap">
                  <img src="/icons/icon.svg" alt="" width={28} height={28} />
                  <Text fw={700} c="blue.8">
                    {branding.productName}
                  </Text>
                </Group>
              </Anchor>
              <div style={{ minWidth: 0 }}>
                <CompanyMenu onSwitch={onSwitchCompany} />
              </div>
            </Group>
            <Group gap={phone ? 0 : 'xs'} wrap="nowrap">
              {statusBar}
              {bell}
              <ProfileMenu onLogout={onLogout} available={available} extraItems={profileItems} />
            </Group>
          </Group>
        </AppShell.Header>
        {/* Closed below 75em, the drawer is only moved off the screen: inert, Tab no longer walks
            through its ten links out of sight, and screen readers skip it until it opens. */}
        <AppShell.Navbar inert={!wide && !opened}>
          <AppShell.Section grow mih={0}>
            <NavDrawer entries={nav} onNavigate={close} />
          </AppShell.Section>
          {/* No footer below 75em: the legal links move to the bottom of the drawer so they stay reachable. */}
          {!wide && (
            <AppShell.Section p="md" style={{ borderTop: '1px solid var(--app-shell-border-color)' }}>
              <LegalLinks onNavigate={close} />
            </AppShell.Section>
          )}
        </AppShell.Navbar>
        <AppShell.Main pos="relative" id="contenu" tabIndex={-1} style={{ outline: 'none' }}>
          <LoadingOverlay
            visible={switching}
            zIndex={300}
            overlayProps={{ blur: 2 }}
            loaderProps={{
              children: (
                <Text fw={600} size="lg">
                  Chargement en cours...
                </Text>
              ),
            }}
          />
          <InvoiceBanner platform={bannerPlatform} />
          {children}
          <AnnouncementModal />
        </AppShell.Main>
        <AppShell.Footer px="md" hidden={!wide}>
          <Group h="100%" justify="space-between">
            <LegalLinks />
            <Text size="sm" c="dimmed">
              © {new Date().getFullYear()} {branding.legal.name}. Tous droits réservés.
            </Text>
          </Group>
        </AppShell.Footer>
      </AppShell>
    </>
  );
}

/** "Aller au contenu": the first Tab stop of every page, visible only when focused, skips the header and the drawer. */
function SkipLink() {
  return (
    <a
      href="#contenu"
      className="skip-link"
      onClick={(e) => {
        e.preventDefault();
        document.getElementById('contenu')?.focus();
      }}
    >
      Aller au contenu
    </a>
  );
}

/** NAV-12: the links of the footer. */
function LegalLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Group gap="lg">
      <Anchor component={Link} to="/mentions-legales" size="sm" onClick={onNavigate}>
        Mentions Légales
      </Anchor>
      <Anchor component={Link} to="/politique-cookies" size="sm" onClick={onNavigate}>
        Cookies
      </Anchor>
      <Anchor component={Link} to="/page-assistance" size="sm" onClick={onNavigate}>
        Assistance
      </Anchor>
    </Group>
  );
}
