import { Badge, NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { hasChildRight, hasMenuRight } from '../../domain/rights';
import { profileAtom } from '../../lib/session';
import type { NavEntry } from './nav-types';

/** Left drawer (spec 2.3): "Accueil" plus the module menus the user's rights open. */
export function NavDrawer({ entries, onNavigate }: { entries: NavEntry[]; onNavigate: () => void }) {
  const rights = useAtomValue(profileAtom)?.appRights ?? [];
  const { pathname } = useLocation();

  return (
    <ScrollArea component="nav" aria-label="Menu principal" h="100%" p="xs">
      {entries.map((entry) => {
        const Icon = entry.icon;
        const allowed = !entry.menu || hasMenuRight(rights, entry.menu, 'view');
        // teal.9: white on Mantine's green is below the 4.5:1 contrast ratio.
        if (!allowed && entry.promotion) {
          return (
            <NavLink key={entry.key} component={Link} to={entry.promotion.to} label={entry.label} leftSection={<Icon size={20} />} onClick={onNavigate}
              active={pathname === entry.promotion.to}
              rightSection={<Badge color="teal.9" variant="filled" size="sm">{entry.promotion.badge}</Badge>} />
          );
        }
        if (!allowed) return null;
        const children = (entry.children ?? []).filter((c) => !c.child || hasChildRight(rights, entry.menu!, c.child, 'view'));
        if (children.length === 0) {
          return <NavLink key={entry.key} component={Link} to={entry.to!} label={entry.label} leftSection={<Icon size={20} />} active={pathname === entry.to} onClick={onNavigate} />;
        }
        const open = children.some((c) => pathname.startsWith(c.to));
        return (
          <NavLink key={entry.key} label={entry.label} leftSection={<Icon size={20} />} defaultOpened={open} childrenOffset={28}>
            {children.map((c) => (
              <NavLink key={c.to} component={Link} to={c.to} label={c.label} active={isActiveChild(pathname, c.to, children)} onClick={onNavigate} />
            ))}
          </NavLink>
        );
      })}
    </ScrollArea>
  );
}

/** A child is active on its own path, or below it when no sibling is a closer match (/ma-bannette vs /ma-bannette/deposer). */
export function isActiveChild(pathname: string, to: string, siblings: { to: string }[]): boolean {
  if (pathname === to) return true;
  if (!pathname.startsWith(`${to}/`)) return false;
  return !siblings.some((s) => s.to !== to && s.to.length > to.length && (pathname === s.to || pathname.startsWith(`${s.to}/`)));
}
