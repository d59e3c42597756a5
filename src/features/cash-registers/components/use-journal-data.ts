import { useMemo } from 'react';
import { useOutboxEntries } from '../../../data/outbox-hooks';
import { NO_PARAMS } from '../../../data/sync/server-data';
import { useServerData } from '../../../data/sync/use-server-data';
import { compareDates, endOfMonth } from '../../../domain/dates';
import type { Journal } from '../api/cash-registers-api';
import { validDay } from '../cash-model';
import { movementTypesData, olderDaysData, recentDaysData, registersData } from '../cash-registers-data';

/**
 * What the journal of `caisse` on `jour` reads: the registers, the register's movement types, its
 * 62 recent days (kept on the device), the month of an older day (online), the changes still on
 * the device. `days` holds every known day, oldest first.
 */
export function useJournalData(caisse: string | undefined, jour: string | undefined, today: string) {
  const registers = useServerData(registersData, NO_PARAMS);
  const register = registers.data?.find((r) => r.uuid === caisse) ?? registers.data?.[0];
  const day = validDay(jour ?? register?.currentDay, today);
  const types = useServerData(movementTypesData, register ? { id: register.id } : null);
  const recent = useServerData(recentDaysData, register ? { uuid: register.uuid } : null);
  const older =
    register && recent.data && compareDates(day, recent.data.dateStart) < 0
      ? { uuid: register.uuid, dateStart: `${day.slice(0, 8)}01`, dateEnd: endOfMonth(day) }
      : null;
  const olderDays = useServerData(olderDaysData, older);
  const entries = useOutboxEntries();

  const days: Journal[] = useMemo(() => {
    const byDay = new Map<string, Journal>();
    for (const j of olderDays.data?.days ?? []) byDay.set(j.day, j);
    for (const j of recent.data?.days ?? []) byDay.set(j.day, j);
    if (register && !byDay.has(register.today.day)) byDay.set(register.today.day, register.today);
    return [...byDay.values()].sort((a, b) => compareDates(a.day, b.day));
  }, [olderDays.data, recent.data, register]);

  const loading =
    registers.loading || (!!register && (recent.loading || types.loading)) || (!!older && olderDays.loading);
  // A day older than the 62 kept on the device, not read (offline, or its read failed).
  const unavailable = !!older && !olderDays.data;
  return { registers, register, day, types, recent, olderDays, unavailable, entries, days, loading };
}

export type JournalData = ReturnType<typeof useJournalData>;
