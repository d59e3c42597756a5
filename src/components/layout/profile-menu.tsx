import { Avatar, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChartBar, IconLogout, IconUser, IconUsers, IconInbox } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { can } from '../../domain/rights';
import { profileAtom } from '../../lib/session';

// Mantine's red.6 is 3.3:1 on white (below WCAG AA); red.9 on light, red.4 on dark both pass.
const LOGOUT_COLOR = 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))';

/**
 * NAV-19. `available` lists the routes registered in this build: an entry whose screen does not
 * exist yet stays hidden rather than leading to a 404. `extraItems`: entries a feature brings (the
 * payroll single sign-on), given by the app layout since shared components import no feature.
 */
export function ProfileMenu({
  onLogout,
  available,
  extraItems,
}: {
  onLogout: () => void;
  available: (path: string) => boolean;
  extraItems?: ReactNode;
}) {
  const profile = useAtomValue(profileAtom);
  if (!profile) return null;
  const canUsers = can(profile, 'view', { menu: 'profil', child: 'gestionUtilisateurs' }) && available('/admin');
  const canDeposits = can(profile, 'view', { menu: 'profil', child: 'mesDepots' }) && available('/mes-depots');
  const canStatistics = can(profile, 'statistics') && available('/dashboard');
  const initials = `${profile.firstName[0] ?? ''}${profile.name[0] ?? ''}`.toUpperCase();

  return (
    <Menu position="bottom-end" width={240} shadow="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton style={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 44 }}>
          <Avatar color="blue" radius="xl" size={36} aria-hidden>
            {initials}
          </Avatar>
          <Text fw={500} visibleFrom="sm">
            {profile.firstName} {profile.name}
          </Text>
          <VisuallyHidden>Menu du profil</VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {profile.firstName} {profile.name}
        </Menu.Label>
        <Menu.Item component={Link} to="/me" leftSection={<IconUser size={16} />}>
          Mon profil
        </Menu.Item>
        {canStatistics && (
          <Menu.Item component={Link} to="/dashboard" leftSection={<IconChartBar size={16} />}>
            Statistiques
          </Menu.Item>
        )}
        {extraItems}
        {(canUsers || canDeposits) && <Menu.Label>Administration</Menu.Label>}
        {canUsers && (
          <Menu.Item component={Link} to="/admin" leftSection={<IconUsers size={16} />}>
            Gérer mes utilisateurs
          </Menu.Item>
        )}
        {canDeposits && (
          <Menu.Item component={Link} to="/mes-depots" leftSection={<IconInbox size={16} />}>
            Mes dépôts
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color={LOGOUT_COLOR} leftSection={<IconLogout size={16} />} onClick={onLogout}>
          Déconnexion
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
