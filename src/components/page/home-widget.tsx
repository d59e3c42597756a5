import { Anchor, Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ComponentType, ReactNode } from 'react';

export interface HomeWidgetProps {
  title: string;
  icon: ComponentType<{ size?: number }>;
  color?: string;
  /** The headline figure ("1 234,56 €", "3"); undefined while loading. */
  figure?: ReactNode;
  detail?: ReactNode;
  /** A few rows under the figure (the items that need attention). */
  children?: ReactNode;
  link: { to: string; label: string; search?: Record<string, string> };
  loading?: boolean;
}

/** A home page card: what needs attention in one module, and where to act on it. */
export function HomeWidget({
  title,
  icon: Icon,
  color = 'blue',
  figure,
  detail,
  children,
  link,
  loading = false,
}: HomeWidgetProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title} h="100%">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={36} radius="md" variant="light" color={color} aria-hidden>
            <Icon size={20} />
          </ThemeIcon>
          <Text fw={600} component="h2" size="md" m={0}>
            {title}
          </Text>
        </Group>
        {loading ? (
          <Stack gap={6} role="status" aria-busy="true" aria-label={`${title} : chargement`}>
            <Skeleton height={28} width="50%" />
            <Skeleton height={14} width="80%" />
          </Stack>
        ) : (
          <>
            {figure !== undefined && (
              <Text fw={700} size="xl" className="tabular">
                {figure}
              </Text>
            )}
            {detail && (
              <Text size="sm" c="dimmed">
                {detail}
              </Text>
            )}
            {children}
          </>
        )}
        <Anchor component={Link} to={link.to} search={link.search as never} size="sm" fw={600} mt="auto">
          {link.label}
        </Anchor>
      </Stack>
    </Card>
  );
}

/** One row of a widget's list: a label (link or text) and a figure on the right. */
export function WidgetRow({
  label,
  value,
  to,
  params,
  search,
}: {
  label: ReactNode;
  value?: ReactNode;
  to?: string;
  params?: Record<string, string>;
  search?: Record<string, string | number>;
}) {
  // A card's row holds one line: the whole text shows on hover when it is cut (a file's name, a notice).
  const title = typeof label === 'string' ? label : undefined;
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      {to ? (
        <Anchor
          component={Link}
          to={to}
          params={params as never}
          search={search as never}
          size="sm"
          lineClamp={1}
          title={title}
          style={{ minWidth: 0 }}
        >
          {label}
        </Anchor>
      ) : (
        <Text size="sm" lineClamp={1} title={title} style={{ minWidth: 0 }}>
          {label}
        </Text>
      )}
      {value !== undefined && (
        <Text size="sm" className="tabular" style={{ whiteSpace: 'nowrap' }}>
          {value}
        </Text>
      )}
    </Group>
  );
}
