// What the outbox still holds for the lists: documents created on this device (shown as rows,
// "En attente d'envoi") and documents with a change not yet sent. Read from the requests' paths
// (the outbox contract: paths relative to /api/, temporary ids in them), not from labels.
import type { OutboxEntry } from '../../data/outbox';
import { computeTotals } from '../../domain/totals';
import type { InvoicePayload, QuotePayload } from '../../domain/types';
import type { InvoiceListRow, ListCustomer, QuoteListRow } from './list-model';

export type Resource = 'invoices' | 'estimates';

const pathOf = (e: Pick<OutboxEntry, 'path'>) => e.path.replace(/^\/+/, '').split('?')[0];

/** Ids ('12', 'tmp-…') of documents of this resource with a change still in the outbox. */
export function pendingIds(entries: readonly Pick<OutboxEntry, 'path'>[], resource: Resource): Set<string> {
  const ids = new Set<string>();
  for (const e of entries) {
    const m = new RegExp(`^${resource}/([^/]+)`).exec(pathOf(e));
    if (m && m[1] !== 'preview') ids.add(decodeURIComponent(m[1]));
  }
  return ids;
}

/**
 * Documents created on the device: the POST carrying createsTempId, with the body of the latest
 * save queued after it (PUT <resource>/<temporary id>). Oldest first.
 */
export function createdOnDevice<P>(
  entries: readonly OutboxEntry[],
  resource: Resource,
): Array<{ tempId: string; payload: P }> {
  const found = new Map<string, P>();
  for (const e of [...entries].sort((a, b) => a.seq - b.seq)) {
    const path = pathOf(e);
    if (e.method === 'POST' && path === resource && e.createsTempId && e.body) found.set(e.createsTempId, e.body as P);
    else if (e.method === 'PUT' && e.body && found.has(path.slice(resource.length + 1)))
      found.set(path.slice(resource.length + 1), e.body as P);
  }
  return [...found].map(([tempId, payload]) => ({ tempId, payload }));
}

type CustomerLookup = (accountNumber: string) => ListCustomer | undefined;

function customerOf(ref: { accountNumber: string } | null | undefined, lookup: CustomerLookup): ListCustomer | null {
  if (!ref?.accountNumber) return null;
  return lookup(ref.accountNumber) ?? { accountNumber: ref.accountNumber, socialReason: '', name: '' };
}

// The document discount counts too (decision 012): the row shows what the server will store.
const amounts = (p: Pick<InvoicePayload, 'lines' | 'discount'>) =>
  computeTotals(Array.isArray(p.lines) ? p.lines : [], p.discount);

export function localInvoiceRow(tempId: string, p: InvoicePayload, lookup: CustomerLookup): InvoiceListRow {
  const t = amounts(p);
  return {
    id: tempId,
    number: null,
    type: p.type ?? '',
    customer: customerOf(p.customer, lookup),
    estimate: null,
    local: true,
    invoice: {
      createdAt: p.createdAt ?? '',
      dueDate: p.dueDate ?? null,
      validated: false,
      sentAt: null,
      paidAt: null,
      ht: t.ht,
      tva: t.tva,
      ttc: t.ttc,
    },
  };
}

export function localQuoteRow(tempId: string, p: QuotePayload, lookup: CustomerLookup): QuoteListRow {
  const t = amounts(p);
  return {
    id: tempId,
    number: null,
    state: 'En cours',
    customer: customerOf(p.customer, lookup),
    createdAt: p.createdAt ?? '',
    validatedAt: p.validatedAt ?? null,
    ht: t.ht,
    ttc: t.ttc,
    invoiceId: null,
    local: true,
  };
}
