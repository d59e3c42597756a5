import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { platformInbound, platformOutbox } from '../../db/schema/index';
import type { Deps } from '../../http/types';
import { membersAccess, storageFor, holdBlobs } from '../documents/service';
import { insertDeposit, PURCHASES_CATEGORY_ID } from '../inbox/service';
import { notify } from '../notifications/service';
import { membershipsWithCompany } from '../users/service';
import type { AfnorClient, PlatformFlow } from './afnor-client';
import { keepStray, setPolledUntil, type SettingsRow } from './service';

// Decision 088: what the platform brings in. Each incoming flow is handled once per company
// (platform_inbound), whether the webhook or the polling brought it first. An invoice is downloaded,
// read, checked and stored exactly as a member's upload to « Factures reçues » is (the same functions
// of the received-invoices module, passed in by modules/index.ts so that no module imports the other
// both ways), then the members who read « Achats » are notified. A lifecycle status (CDAR) is handed
// to the statuses' handler once it exists; until then, and for any flow the portal cannot place, it
// is kept aside (platform_strays).

/** The received-invoices module's pieces an incoming invoice goes through (its upload's own steps). */
export interface ReceivedInvoicesEntry {
  read(bytes: Uint8Array, name: string): Promise<ReadInvoiceLike>;
  findDuplicate(db: DbOrTx, companyId: number, read: ReadInvoiceLike): Promise<{ createdAt: Date } | null | undefined>;
  insert(
    tx: DbOrTx,
    v: { companyId: number; depositId: number; depositedBy: number | null; fileName: string; createdAt: Date },
    read: ReadInvoiceLike,
  ): Promise<{ id: number; supplierName: string; number: string; status: string }>;
  isDuplicateViolation(error: unknown): boolean;
}

/** The read invoice, opaque here (received-invoices' ReadInvoice). */
export type ReadInvoiceLike = { kind: string; parsed: { invoice: { number: string; seller: { name: string } } } };

/** Lifecycle statuses (CDAR) coming in: the statuses module's handler, once there (decision 088). */
export type StatusHandler = (
  deps: Deps,
  v: { companyId: number; flow: PlatformFlow; bytes: Uint8Array },
) => Promise<'handled' | 'unknown'>;

/** An invoice we sent that the platform refused by its acknowledgement: its trail's « Rejetée » (decision 089). */
export type RejectionHandler = (
  tx: DbOrTx,
  v: { companyId: number; invoiceId: number; flowId: string; failedRules: { id: string; text: string }[]; now: Date },
) => Promise<void>;

export interface IncomingEntries {
  receivedInvoices: ReceivedInvoicesEntry;
  statuses?: StatusHandler;
  rejections?: RejectionHandler;
}

const STATUS_TYPES = new Set([
  'CustomerInvoiceLC',
  'SupplierInvoiceLC',
  'StateCustomerInvoiceLC',
  'StateSupplierInvoiceLC',
]);

const isStatus = (f: PlatformFlow) => f.flowSyntax === 'CDAR' || STATUS_TYPES.has(f.flowType ?? '');

async function alreadyHandled(db: DbOrTx, companyId: number, flowId: string) {
  const [row] = await db
    .select({ id: platformInbound.id })
    .from(platformInbound)
    .where(and(eq(platformInbound.companyId, companyId), eq(platformInbound.flowId, flowId)))
    .limit(1);
  return !!row;
}

async function recordInbound(
  db: DbOrTx,
  v: { companyId: number; flow: PlatformFlow; outcome: string; receivedInvoiceId?: number; detail?: string },
  at: Date,
) {
  await db
    .insert(platformInbound)
    .values({
      companyId: v.companyId,
      flowId: v.flow.flowId,
      flowType: v.flow.flowType ?? v.flow.flowSyntax ?? 'inconnu',
      outcome: v.outcome,
      receivedInvoiceId: v.receivedInvoiceId ?? null,
      detail: v.detail ?? null,
      createdAt: at,
    })
    .onConflictDoNothing();
}

/** The members who read « Achats » in the company (the received invoices' readers). */
async function purchaseReaders(db: DbOrTx, companyId: number): Promise<number[]> {
  const access = await membersAccess(db, { companyId }, 'maBannette');
  return access.filter((a) => a.readable.includes(PURCHASES_CATEGORY_ID)).map((a) => a.userId);
}

const fileNameOf = (flow: PlatformFlow, bytes: Uint8Array) => {
  const name = (flow.name ?? '').replace(/[^\w.\- ]+/g, '_').slice(0, 120);
  const pdf = bytes[0] === 0x25 && bytes[1] === 0x50; // %P
  if (name && /\.(pdf|xml)$/i.test(name)) return name;
  return `${name || `flux-${flow.flowId}`}.${pdf ? 'pdf' : 'xml'}`;
};

/** An incoming invoice flow: downloaded, read and recorded as an upload would be; the readers notified. */
async function receiveInvoice(
  deps: Deps,
  entries: IncomingEntries,
  companyId: number,
  flow: PlatformFlow,
  client: AfnorClient,
) {
  const bytes = await client.downloadFlow(flow.flowId, 'Original');
  const name = fileNameOf(flow, bytes);
  const now = deps.now();
  const entry = entries.receivedInvoices;
  let read: ReadInvoiceLike;
  try {
    read = await entry.read(bytes, name);
  } catch (error) {
    const detail = (error as Error).message || 'Fichier illisible.';
    await recordInbound(deps.db, { companyId, flow, outcome: 'refused', detail }, now);
    return;
  }
  if (await entry.findDuplicate(deps.db, companyId, read)) {
    await recordInbound(deps.db, { companyId, flow, outcome: 'duplicate', detail: read.parsed.invoice.number }, now);
    return;
  }
  const readers = await purchaseReaders(deps.db, companyId);
  // The deposit needs a member; the first reader, else the company's first member.
  const depositor = readers[0] ?? (await membershipsWithCompany(deps.db, { companyId }))[0]?.userId;
  if (depositor === undefined) {
    await keepStray(deps.db, companyId, `facture entrante ${flow.flowId} : la société n’a aucun membre`, flow, now);
    return;
  }
  const store = storageFor(deps);
  const placed = await store.put(bytes);
  const release = await holdBlobs(deps.state, [placed.sha256]);
  try {
    await deps.db.transaction(async (tx) => {
      if (await alreadyHandled(tx, companyId, flow.flowId)) return;
      const deposit = await insertDeposit(tx, {
        companyId,
        userId: depositor,
        categoryId: PURCHASES_CATEGORY_ID,
        name,
        mimeType: name.toLowerCase().endsWith('.pdf') ? 'application/pdf' : 'application/xml',
        size: placed.size,
        sha256: placed.sha256,
        createdAt: now,
      });
      const body = await entry.insert(
        tx,
        { companyId, depositId: deposit.id, depositedBy: null, fileName: name, createdAt: now },
        read,
      );
      await recordInbound(tx, { companyId, flow, outcome: 'received', receivedInvoiceId: body.id }, now);
      const label = `Facture reçue par la plateforme : ${body.supplierName || 'fournisseur'} n° ${body.number}`;
      await notify(
        tx,
        readers.map((userId) => ({ companyId, userId, type: 1, label, documentId: null, createdAt: now })),
      );
    });
  } catch (error) {
    if (!entry.isDuplicateViolation(error)) throw error;
    await recordInbound(deps.db, { companyId, flow, outcome: 'duplicate', detail: read.parsed.invoice.number }, now);
  } finally {
    await release();
  }
}

/** An incoming flow (webhook or polling), handled once. */
export async function handleIncomingFlow(
  deps: Deps,
  entries: IncomingEntries,
  settings: SettingsRow,
  flow: PlatformFlow,
  client: AfnorClient,
): Promise<void> {
  const companyId = settings.companyId;
  if (!flow.flowId) {
    await keepStray(deps.db, companyId, 'notification sans identifiant de flux', flow, deps.now());
    return;
  }
  // One of our own flows (an invoice, or a status we sent): the platform's checks passed, or failed.
  if (flow.flowDirection === 'Out') {
    await acknowledgeOutgoing(deps, entries, companyId, flow);
    return;
  }
  if (await alreadyHandled(deps.db, companyId, flow.flowId)) return;
  if (isStatus(flow)) {
    const bytes = await client.downloadFlow(flow.flowId, 'Original');
    const outcome = entries.statuses ? await entries.statuses(deps, { companyId, flow, bytes }) : 'unknown';
    if (outcome === 'unknown')
      await keepStray(
        deps.db,
        companyId,
        `statut ${flow.flowId} pour un flux inconnu, gardé de côté`,
        flow,
        deps.now(),
      );
    await recordInbound(deps.db, { companyId, flow, outcome: outcome === 'handled' ? 'status' : 'kept' }, deps.now());
    return;
  }
  await receiveInvoice(deps, entries, companyId, flow, client);
}

/** The platform's verdict on a flow we sent; a flow we do not know is kept aside. */
async function acknowledgeOutgoing(deps: Deps, entries: IncomingEntries, companyId: number, flow: PlatformFlow) {
  const [row] = await deps.db
    .select({ id: platformOutbox.id, kind: platformOutbox.kind, sourceId: platformOutbox.sourceId })
    .from(platformOutbox)
    .where(and(eq(platformOutbox.companyId, companyId), eq(platformOutbox.flowId, flow.flowId)))
    .limit(1);
  if (!row) {
    await keepStray(deps.db, companyId, `acquittement du flux ${flow.flowId} inconnu, gardé de côté`, flow, deps.now());
    return;
  }
  const status = flow.acknowledgement?.status ?? null;
  const details = Array.isArray(flow.acknowledgement?.details)
    ? (flow.acknowledgement.details as Array<{ item?: string; reasonCode?: string; reasonMessage?: string }>)
    : [];
  const failedRules = details.map((d) => ({
    id: d.reasonCode || d.item || 'inconnue',
    text: d.reasonMessage || d.item || '',
  }));
  const said = failedRules.map((r) => `${r.id} : ${r.text}`).join(' ; ') || 'contrôles en échec';
  await deps.db.transaction(async (tx) => {
    await tx
      .update(platformOutbox)
      .set({
        ackStatus: status,
        ...(status === 'Error' ? { state: 'refused', lastError: `Rejetée par la plateforme : ${said}` } : {}),
      })
      .where(eq(platformOutbox.id, row.id));
    if (status === 'Error' && row.kind === 'invoice' && entries.rejections)
      await entries.rejections(tx, {
        companyId,
        invoiceId: row.sourceId,
        flowId: flow.flowId,
        failedRules,
        now: deps.now(),
      });
  });
}

/** The polling (the webhook's fallback): incoming flows updated since the last turn. */
export async function pollIncoming(deps: Deps, entries: IncomingEntries, settings: SettingsRow, client: AfnorClient) {
  let cursor: string | undefined;
  let until = settings.polledUntil;
  do {
    const where: Record<string, unknown> = { flowDirection: ['In'] };
    // Past the last seen instant; the first turn takes what the platform still holds.
    if (settings.polledUntil) where.updatedAfter = settings.polledUntil;
    const page = await client.searchFlows(where, cursor);
    for (const flow of page.results) {
      await handleIncomingFlow(deps, entries, settings, { ...flow, flowDirection: flow.flowDirection ?? 'In' }, client);
      if (flow.updatedAt && (!until || flow.updatedAt > until)) until = flow.updatedAt;
    }
    cursor = page.nextCursor;
  } while (cursor);
  if (until && until !== settings.polledUntil) await setPolledUntil(deps.db as Db, settings.companyId, until);
}
