import { Badge, NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { can, type Subject } from '../../domain/rights';
import { profileAtom } from '../../lib/session';
import { useOnChange } from '../../lib/use-on-change';
import { useState } from 'react';
import type { NavChild, NavEntry } from './nav-types';

/** Left drawer (NAV-9): "Accueil" plus the module menus the user's rights open. */
export function NavDrawer({ entries, onNavigate }: { entries: NavEntry[]; onNavigate: () => void }) {
  const profile = useAtomValue(profileAtom);
  const { pathname } = useLocation();

  return (
    <ScrollArea component="nav" aria-label="Menu principal" h="100%" p="xs">
      {drawerItems(profile, entries).map((item) => {
        const { entry } = item;
        const Icon = entry.icon;
        // teal.9: white on Mantine's green is below the 4.5:1 contrast ratio.
        if (item.kind === 'promotion') {
          return (
            <NavLink
              key={entry.key}
              component={Link}
              to={entry.promotion!.to}
              label={entry.label}
              leftSection={<Icon size={20} />}
              onClick={onNavigate}
              active={pathname === entry.promotion!.to}
              rightSection={
                <Badge color="teal.9" variant="filled" size="sm">
                  {entry.promotion!.badge}
                </Badge>
              }
            />
          );
        }
        if (item.kind === 'link') {
          return (
            <NavLink
              key={entry.key}
              component={Link}
              to={entry.to!}
              label={entry.label}
              leftSection={<Icon size={20} />}
              active={pathname === entry.to}
              aria-current={pathname === entry.to ? 'page' : undefined}
              onClick={onNavigate}
            />
          );
        }
        return (
          <NavGroup key={entry.key} entry={entry} items={item.children} pathname={pathname} onNavigate={onNavigate} />
        );
      })}
    </ScrollArea>
  );
}

/** What the drawer shows of one entry: a promotion link, a plain link, or a group of children. */
export type DrawerItem =
  | { kind: 'promotion'; entry: NavEntry }
  | { kind: 'link'; entry: NavEntry }
  | { kind: 'group'; entry: NavEntry; children: NavChild[] };

/**
 * The drawer's entries for this user, in the order of NAV-9, each decided by can(): an
 * entry without its menu right is left out, or becomes its promotion link when it has one (the
 * invoices' « Gratuit »); a child needs its own right and capability when it names them.
 */
export function drawerItems(profile: Subject | null | undefined, entries: NavEntry[]): DrawerItem[] {
  return entries.flatMap((entry): DrawerItem[] => {
    const menu = entry.menu;
    const allowed = !menu || can(profile, 'view', { menu });
    if (!allowed) return entry.promotion ? [{ kind: 'promotion', entry }] : [];
    // A child without its own right opens with the menu (allowed above).
    const children = (entry.children ?? []).filter(
      (c) =>
        (!c.child || (!!menu && can(profile, 'view', { menu, child: c.child }))) &&
        (!c.capability || can(profile, c.capability)) &&
        (!c.menu || can(profile, 'view', { menu: c.menu })),
    );
    if (children.length > 0) return [{ kind: 'group', entry, children }];
    return entry.to ? [{ kind: 'link', entry }] : [];
  });
}

/**
 * A module group: a real <button> (reachable with Tab, opened with Enter or Space, its state told
 * by aria-expanded) that opens by itself when the current page is one of its children, also after
 * an in-app navigation from elsewhere (a link on the home page, a toast).
 */
function NavGroup({
  entry,
  items,
  pathname,
  onNavigate,
}: {
  entry: NavEntry;
  items: NavChild[];
  pathname: string;
  onNavigate: () => void;
}) {
  const Icon = entry.icon;
  const current = items.some((c) => pathname === c.to || pathname.startsWith(`${c.to}/`));
  const [opened, setOpened] = useState(current);
  // Reaching one of its pages opens the group (the user may close it again).
  useOnChange([current], () => {
    if (current) setOpened(true);
  });
  return (
    <NavLink
      component="button"
      type="button"
      label={entry.label}
      leftSection={<Icon size={20} />}
      opened={opened}
      onChange={setOpened}
      childrenOffset={28}
      aria-expanded={opened}
      style={{ textAlign: 'start' }}
    >
      {items.map((c) => (
        <NavLink
          key={c.to}
          component={Link}
          to={c.to}
          label={c.label}
          // The router would also mark /mes-caisses current on /mes-caisses/dashboard (aria-current,
          // which Mantine highlights): isActiveChild decides, among siblings, which one is.
          activeOptions={{ exact: true }}
          active={isActiveChild(pathname, c.to, items)}
          aria-current={isActiveChild(pathname, c.to, items) ? 'page' : undefined}
          onClick={onNavigate}
        />
      ))}
    </NavLink>
  );
}

/** A child is active on its own path, or below it when no sibling is a closer match (/ma-bannette vs /ma-bannette/deposer). */
export function isActiveChild(pathname: string, to: string, siblings: { to: string }[]): boolean {
  if (pathname === to) return true;
  if (!pathname.startsWith(`${to}/`)) return false;
  return !siblings.some(
    (s) => s.to !== to && s.to.length > to.length && (pathname === s.to || pathname.startsWith(`${s.to}/`)),
  );
}
