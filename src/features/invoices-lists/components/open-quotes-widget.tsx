import { Stack, Text } from '@mantine/core';
import { IconFileDescription } from '@tabler/icons-react';
import { HomeWidget, WidgetRow } from '../../../components/page/home-widget';
import { quotesData } from '../../../data/datasets';
import { useServerRows } from '../../../data/sync/use-server-rows';
import { countLabel, customerLabel, numberLabel, type QuoteListRow } from '../list-model';
import { editorTarget } from '../paths';
import { formatMoney } from '../../../domain/format';

const SHOWN = 3;

/** Home: quotes still waiting for the customer's answer ("En cours"), newest first, from the device's copy. */
export function OpenQuotesWidget() {
  const { rows } = useServerRows<QuoteListRow>(quotesData);
  const open = (rows ?? [])
    .filter((q) => q.state === 'En cours' && q.number)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const total = open.reduce((sum, q) => sum + q.ht, 0);
  return (
    <HomeWidget
      title="Devis en attente de réponse"
      icon={IconFileDescription}
      color="teal"
      loading={rows === undefined}
      figure={countLabel(open.length, 'devis', 'devis')}
      detail={open.length ? `${formatMoney(total)} HT au total` : 'Aucun devis n’attend de réponse.'}
      link={{ to: '/mes-factures/liste-des-devis', label: 'Voir mes devis' }}
    >
      {open.length > 0 && (
        <Stack gap={4}>
          {open.slice(0, SHOWN).map((q) => {
            const target = editorTarget('quote', q.id);
            return (
              <WidgetRow
                key={q.id}
                to={target.to}
                search={target.search}
                label={`${numberLabel(q.number)} — ${customerLabel(q.customer) || 'Sans client'}`}
                value={formatMoney(q.ht)}
              />
            );
          })}
          {open.length > SHOWN && (
            <Text size="xs" c="dimmed">
              et {countLabel(open.length - SHOWN, 'autre devis', 'autres devis')}
            </Text>
          )}
        </Stack>
      )}
    </HomeWidget>
  );
}
