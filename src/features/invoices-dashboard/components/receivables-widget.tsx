import { Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { HomeWidget } from '../../../components/page/home-widget';
import { useInvoicingDashboard } from '../dashboard-data';
import { euro, invoiceCount } from '../dashboard-model';

/** Home: the amounts to collect and how much of it is overdue (from the device's copy when offline). */
export function ReceivablesWidget() {
  const { data, loading } = useInvoicingDashboard();
  return (
    <HomeWidget
      title="À encaisser"
      icon={IconCash}
      color={data && data.overdueCount > 0 ? 'red' : 'orange'}
      loading={loading}
      figure={data ? euro(data.unpaidAmount) : '—'}
      detail={
        data
          ? `${invoiceCount(data.unpaidCount)} non réglée${data.unpaidCount > 1 ? 's' : ''}, TTC`
          : 'Aucun chiffre disponible pour le moment.'
      }
      link={{ to: '/mes-factures/liste-des-factures', label: 'Voir mes factures' }}
    >
      {data && (
        <Text size="sm" c={data.overdueCount > 0 ? 'red.8' : 'dimmed'} fw={data.overdueCount > 0 ? 600 : undefined}>
          {data.overdueCount > 0
            ? `Dont ${euro(data.overdueAmount)} en retard (${invoiceCount(data.overdueCount)})`
            : 'Aucune facture en retard.'}
        </Text>
      )}
    </HomeWidget>
  );
}
