import { ActionIcon, Anchor, Badge, Group, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState, type CSSProperties, type ReactNode } from 'react';
import { customerLabel, numberLabel, type ListCustomer, type StatusBadge } from '../list-model';
import type { EditorTarget } from '../paths';

export const PENDING_LABEL = 'En attente d’envoi';

// The tinted background carries the colour; the text stays the page's own (the light variant's
// green or teal text on its tint is below the 4.5:1 contrast of small text).
const BADGE_TEXT = { textTransform: 'none', color: 'var(--mantine-color-text)' } as const;

/**
 * Opens an in-app screen on a plain click (the href stays for a new tab). `to` is a string: the
 * editor's routes belong to another module, and the id keeps its type (12 or 'tmp-…') in the search.
 */
export function useOpen() {
  const navigate = useNavigate();
  return useCallback(
    (to: string, search?: Record<string, unknown>) => (e: React.MouseEvent) => {
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
      e.preventDefault();
      void navigate({ to: to as '/', search: search as never });
    },
    [navigate],
  );
}

export type Open = ReturnType<typeof useOpen>;

export function NumberCell({
  number,
  target,
  pending,
  open,
}: {
  number: string | null;
  target: EditorTarget;
  pending: boolean;
  open: Open;
}) {
  return (
    <>
      <Anchor
        href={target.href}
        onClick={open(target.to, target.search)}
        size="sm"
        fw={600}
        fs={number ? undefined : 'italic'}
        truncate="end"
      >
        {numberLabel(number)}
      </Anchor>
      {pending && (
        <Badge size="xs" variant="light" color="orange" style={{ ...BADGE_TEXT, alignSelf: 'flex-start' }}>
          {PENDING_LABEL}
        </Badge>
      )}
    </>
  );
}

// Plain spans rather than Mantine <Text>: ~20 cells mount per frame of a fast scroll.
const TEXT: CSSProperties = {
  fontSize: 'var(--mantine-font-size-sm)',
  lineHeight: 1.45,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
};
const STRONG: CSSProperties = { ...TEXT, fontWeight: 500 };
const DIM: CSSProperties = { ...TEXT, fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-dimmed)' };
const NUM: CSSProperties = { ...TEXT, fontVariantNumeric: 'tabular-nums' };
const BADGES: CSSProperties = { display: 'flex', flexWrap: 'wrap', gap: 4 };

export const CellText = ({ children }: { children: ReactNode }) => <span style={TEXT}>{children}</span>;

export function CustomerCell({ customer, extra }: { customer: ListCustomer | null; extra?: ReactNode }) {
  const main = customerLabel(customer);
  const second = extra ?? (customer?.name && customer.name !== main ? customer.name : null);
  return (
    <>
      <span style={STRONG} title={main || undefined}>
        {main || '—'}
      </span>
      {second && <span style={DIM}>{second}</span>}
    </>
  );
}

export function Badges({ badges }: { badges: StatusBadge[] }) {
  return (
    <div style={BADGES}>
      {badges.map((b) => (
        <Badge key={b.label} size="sm" variant="light" color={b.color} style={BADGE_TEXT}>
          {b.label}
        </Badge>
      ))}
    </div>
  );
}

export const Amount = ({ value, format }: { value: number; format: (n: number) => string }) => (
  <span style={NUM}>{format(value)}</span>
);

/**
 * The open button (Modifier / Voir) and a menu of the other actions, 44 px targets. The menu is
 * mounted on first use only: a Mantine Menu in each of the rows scrolled past costs more than
 * the rest of the row (measured in bench/invoice-list-screen.ts).
 */
export function RowActions({ open, more, moreLabel }: { open: ReactNode; more: ReactNode | null; moreLabel: string }) {
  const [armed, setArmed] = useState(false);
  const button = (props: object) => (
    <ActionIcon
      variant="subtle"
      size={44}
      aria-label={moreLabel}
      title="Autres actions"
      aria-haspopup="menu"
      {...props}
    >
      <IconDots size={20} />
    </ActionIcon>
  );
  return (
    <Group gap={2} wrap="nowrap">
      {open}
      {more && !armed && button({ 'aria-expanded': false, onClick: () => setArmed(true) })}
      {more && armed && (
        <Menu position="bottom-end" withinPortal shadow="md" defaultOpened>
          <Menu.Target>{button({})}</Menu.Target>
          <Menu.Dropdown>{more}</Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
