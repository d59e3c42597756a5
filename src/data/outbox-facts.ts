// What this device holds about the documents and customers the waiting changes touch: the kept
// quote/invoice rows and detail, the local drafts (documents created offline), the kept customers.
// The sync panel names each entry from them (features/sync/use-entry-subjects.ts); read live.
import { useLiveQuery } from 'dexie-react-hooks';
import { currentDb, type WorkplaceDb } from './db';
import type { OutboxEntry } from './outbox-types';
import { isTempId } from './temp-ids';

/** A change's subject as the device knows it (features/sync/labels.ts SubjectFacts). */
export interface EntryFacts {
  /** A quote or an invoice: its number (null while a draft), type and customer's name. */
  doc?: { number: string | null; type?: string; customer: string | null };
  /** A customer: its name. */
  customer?: string | null;
}

interface DocLike {
  number?: string | null;
  type?: string;
  customer?: { socialReason?: string; accountNumber?: string } | null;
}
interface DraftLike {
  number?: string | null;
  docKey?: string | null;
  customer?: { socialReason?: string } | null;
  form?: { type?: string; accountNumber?: string };
}

async function customerName(
  db: WorkplaceDb,
  companyId: number,
  accountNumber: string | undefined,
): Promise<string | null> {
  if (!accountNumber) return null;
  const row = await db.customers.get([companyId, accountNumber]);
  const data = row?.data as { socialReason?: string; name?: string } | undefined;
  return data?.socialReason || data?.name || null;
}

async function factsOf(db: WorkplaceDb, entry: OutboxEntry, drafts: DraftLike[]): Promise<EntryFacts> {
  const [domain, ref] = [
    entry.docKey.slice(0, entry.docKey.indexOf(':')),
    entry.docKey.slice(entry.docKey.indexOf(':') + 1),
  ];
  if (domain === 'customer') return { customer: await customerName(db, entry.companyId, ref) };
  if (domain !== 'quote' && domain !== 'invoice') return {};
  const id = isTempId(ref) ? ((await db.idMap.get(ref))?.serverId ?? ref) : Number(ref);
  const table = domain === 'quote' ? db.quotes : db.invoices;
  const row = await table.get([entry.companyId, id]);
  const doc = (row?.detail ?? row?.data) as DocLike | undefined;
  if (doc)
    return {
      doc: {
        number: doc.number ?? null,
        type: doc.type,
        customer: doc.customer?.socialReason || (await customerName(db, entry.companyId, doc.customer?.accountNumber)),
      },
    };
  const draft = drafts.find((d) => d.docKey === entry.docKey);
  if (!draft) return {};
  const customer = draft.customer?.socialReason || (await customerName(db, entry.companyId, draft.form?.accountNumber));
  return { doc: { number: draft.number ?? null, type: draft.form?.type, customer } };
}

/** entry id → what the device knows of its subject; undefined until read. */
export function useEntryFacts(entries: readonly OutboxEntry[]): Map<string, EntryFacts> | undefined {
  const key = entries.map((e) => `${e.id}:${e.state}`).join(',');
  return useLiveQuery(async () => {
    const db = currentDb();
    const out = new Map<string, EntryFacts>();
    if (!db) return out;
    const drafts = (await db.drafts.toArray()).map((r) => r.data as DraftLike);
    for (const e of entries) out.set(e.id, await factsOf(db, e, drafts));
    return out;
    // The entries' ids and states decide; the array is new on every outbox change.
  }, [key]);
}
