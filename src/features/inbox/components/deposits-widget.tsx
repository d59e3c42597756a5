import { Stack, Text } from '@mantine/core';
import type { ComponentType } from 'react';
import { HomeWidget, WidgetRow } from '../../../components/page/home-widget';
import { formatCount, formatDate } from '../../../domain/format';
import type { DepositItem } from '../api/inbox-types';
import type { DepositQuery } from '../api/inbox-api';
import { useDeposits } from '../use-deposits';

/** What a home card of deposits says: its list, its words, where it leads. */
export interface DepositsWidgetProps {
  kind: 'inbox' | 'admin';
  query: DepositQuery;
  title: string;
  icon: ComponentType<{ size?: number }>;
  color: string;
  /** Under the figure: offline, none, some. */
  texts: { offline: string; none: string; some: string };
  link: { to: string; label: string };
  /** The firm's card, across companies: each file with its company on a line of its own. */
  showCompany?: boolean;
}

/** Home: a count of deposits not filed yet and the three latest (the company's, or the firm's clients'). */
export function DepositsWidget({ kind, query, title, icon, color, texts, link, showCompany }: DepositsWidgetProps) {
  const page = useDeposits(kind, query).data;
  const total = page && page !== 'error' ? page.total : 0;
  return (
    <HomeWidget
      title={title}
      icon={icon}
      color={color}
      loading={page === null}
      figure={page === 'error' ? undefined : formatCount(total, 'fichier')}
      detail={page === 'error' ? texts.offline : total === 0 ? texts.none : texts.some}
      link={link}
    >
      {page && page !== 'error' && page.items.length > 0 && (
        <Stack gap={4}>
          {page.items.map((d: DepositItem) => (
            <div key={d.id}>
              {/* The firm's card: the file over the card's whole width, its company and date below (on
                  one line with the file, a long company name left no room for the file's name). */}
              <WidgetRow label={d.name} value={showCompany ? undefined : formatDate(d.createdAt)} />
              {showCompany && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {d.company.label} · {formatDate(d.createdAt)}
                </Text>
              )}
            </div>
          ))}
        </Stack>
      )}
    </HomeWidget>
  );
}
