// What both list screens read besides their rows: the customers (filter options, names of
// documents created on the device) and the outbox (documents still to send).
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { customersData } from '../../data/datasets';
import { useServerRows } from '../../data/sync/use-server-rows';
import { useOutboxEntries } from '../../data/outbox-hooks';
import { todayInParis } from '../../domain/dates';
import { currentCompanyAtom } from '../../lib/session';
import type { Option } from './components/list-filters';
import type { ListCustomer } from './list-model';
import { createdOnDevice, pendingIds, type Resource } from './pending-rows';

export function useCustomerDirectory() {
  const { rows } = useServerRows<ListCustomer>(customersData);
  return useMemo(() => {
    const byAccount = new Map((rows ?? []).map((c) => [c.accountNumber, c]));
    const options: Option[] = (rows ?? [])
      .map((c) => ({
        value: c.accountNumber,
        label: `${c.socialReason || c.name || c.accountNumber} (${c.accountNumber})`,
      }))
      .sort((a, b) => a.label.localeCompare(b.label, 'fr'));
    return { options, lookup: (accountNumber: string) => byAccount.get(accountNumber) };
  }, [rows]);
}

/** The current company's outbox: ids with a change to send, and documents created on the device. */
export function usePendingDocuments<P>(resource: Resource) {
  const entries = useOutboxEntries();
  const companyId = useAtomValue(currentCompanyAtom)?.id;
  return useMemo(() => {
    const mine = (entries ?? []).filter((e) => e.companyId === companyId);
    return { ids: pendingIds(mine, resource), created: createdOnDevice<P>(mine, resource) };
  }, [entries, companyId, resource]);
}

/** Today in Paris, read once per screen (the server's "today" for overdue invoices). */
export function useToday(): string {
  return useMemo(() => todayInParis(new Date()), []);
}
