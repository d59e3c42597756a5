// After the server confirmed a change: the document is kept for offline reading and the kept
// list is refreshed, once for a burst of changes (a replay of many queued saves is one refresh).
import { keepOpenedDocument, refreshTable } from '../../../data/sync/tables';
import { isOnline } from '../../../lib/online';

const timers = new Map<string, ReturnType<typeof setTimeout>>();

export function refreshListSoon(table: 'invoices' | 'quotes', companyId: number, delayMs = 1500): void {
  const key = `${table}:${companyId}`;
  clearTimeout(timers.get(key));
  timers.set(
    key,
    setTimeout(() => {
      timers.delete(key);
      if (isOnline()) void refreshTable(table, companyId);
    }, delayMs),
  );
}

export async function confirmedDocument(
  table: 'invoices' | 'quotes',
  companyId: number,
  doc: { id: number },
): Promise<void> {
  await keepOpenedDocument(table, companyId, doc.id, doc);
  refreshListSoon(table, companyId);
}
