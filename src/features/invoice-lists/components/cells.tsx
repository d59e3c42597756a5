import { ActionIcon, Anchor, Badge, Group, Menu, Text } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, type ReactNode } from 'react';
import { customerLabel, numberLabel, type ListCustomer, type StatusBadge } from '../list-model';

export const PENDING_LABEL = 'En attente d’envoi';

/** A link to an in-app screen given as a built href (the editor's routes belong to another module). */
export function useHrefNavigation() {
  const navigate = useNavigate();
  return useCallback((href: string) => (e: React.MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    void navigate({ href });
  }, [navigate]);
}

export function NumberCell({ number, href, pending, go }: { number: string | null; href: string; pending: boolean; go: (href: string) => (e: React.MouseEvent) => void }) {
  return (
    <>
      <Anchor href={href} onClick={go(href)} size="sm" fw={600} fs={number ? undefined : 'italic'} truncate="end">{numberLabel(number)}</Anchor>
      {pending && <Badge size="xs" variant="light" color="orange" c="orange.9" style={{ textTransform: 'none', alignSelf: 'flex-start' }}>{PENDING_LABEL}</Badge>}
    </>
  );
}

export function CustomerCell({ customer, extra }: { customer: ListCustomer | null; extra?: ReactNode }) {
  const main = customerLabel(customer);
  return (
    <>
      <Text size="sm" fw={500} truncate="end">{main || '—'}</Text>
      {(extra || (customer?.name && customer.name !== main)) && <Text size="xs" c="dimmed" truncate="end">{extra ?? customer?.name}</Text>}
    </>
  );
}

export function Badges({ badges }: { badges: StatusBadge[] }) {
  return (
    <Group gap={4} wrap="wrap">
      {badges.map((b) => <Badge key={b.label} size="sm" variant="light" color={b.color} c={`${b.color}.9`} style={{ textTransform: 'none' }}>{b.label}</Badge>)}
    </Group>
  );
}

export const Amount = ({ value, format }: { value: number; format: (n: number) => string }) => (
  <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{format(value)}</Text>
);

/** The open button (Modifier / Voir) and a menu of the other actions, 44 px targets. */
export function RowActions({ open, more, moreLabel }: { open: ReactNode; more: ReactNode | null; moreLabel: string }) {
  return (
    <Group gap={2} wrap="nowrap">
      {open}
      {more && (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon variant="subtle" size={44} aria-label={moreLabel} title="Autres actions"><IconDots size={20} /></ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>{more}</Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
