import { Stack } from '@mantine/core';
import { IconCashRegister } from '@tabler/icons-react';
import { HomeWidget, WidgetRow } from '../../../components/page/home-widget';
import { NO_PARAMS } from '../../../data/sync/server-data';
import { useServerData } from '../../../data/sync/use-server-data';
import { formatCount } from '../../../domain/format';
import { registersData } from '../cash-registers-data';
import { cashDaysSummary } from '../cash-model';

/**
 * Home (decision 042, « Mes caisses »): the days still to close, per register. Read from the device's
 * copy of the registers (kept for offline entry), so it shows offline too.
 */
export function CashDaysWidget() {
  const read = useServerData(registersData, NO_PARAMS);
  const registers = read.data ?? [];
  const summary = read.data ? cashDaysSummary(registers.map((r) => r.openDays.length)) : undefined;
  const detail = summary ? summary.detail : read.loading ? undefined : 'Les caisses n’ont pas pu être chargées.';
  return (
    <HomeWidget
      title="Mes caisses"
      icon={IconCashRegister}
      color="teal"
      loading={!read.data && read.loading}
      figure={summary?.figure}
      detail={detail}
      link={{ to: '/mes-caisses', label: 'Ouvrir mes caisses' }}
    >
      {registers.length > 0 && (
        <Stack gap={4}>
          {registers.slice(0, 3).map((r) => (
            <WidgetRow
              key={r.uuid}
              label={r.label}
              value={r.openDays.length === 0 ? 'À jour' : formatCount(r.openDays.length, 'à clôturer', 'à clôturer')}
            />
          ))}
        </Stack>
      )}
    </HomeWidget>
  );
}
