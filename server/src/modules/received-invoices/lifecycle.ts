import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { LifecycleEventJson } from '../../../../src/contract/common';
import type { ReceivedInvoiceDetail } from '../../../../src/contract/received-invoices';
import { CdarError, readStatusMessage, writeStatusMessage, type LifecycleStatus } from '../../../../src/einvoice/cdar';
import {
  BUYER_ACTIONS,
  LIFECYCLE,
  lifecycleLabel,
  reasonAllowed,
  reasonLabel,
  reasonsFor,
  type BuyerAction,
} from '../../../../src/einvoice/lifecycle-codes';
import type { DbOrTx, Tx } from '../../db/client';
import { receivedInvoiceLifecycleEvents, receivedInvoices } from '../../db/schema/index';
import { conflict, unprocessable } from '../../http/errors';
import { lifecycleEventJson, recordSentInvoiceStatus, setByOf } from '../invoices/service';
import { enqueueFlow } from '../platform/service';
import { findCompany } from '../users/service';

// Decision 089: the lifecycle of the invoices we receive. As their buyer we approve (205), dispute
// (207, with a reason), refuse (210, with a reason from the list: required) or say the payment is sent
// (211) from « Factures reçues »; each status is a trail row and a CDAR message queued for the platform
// in the same transaction (LC-2, LC-3 in docs/product-rules.md). The seller's statuses about the same
// invoice (« Encaissée »…) come in through the platform and join the trail. Append-only (migration 0014).

type Row = typeof receivedInvoices.$inferSelect;

export const LIFECYCLE_MESSAGES = {
  refusedAlready: 'Cette facture est refusée : aucun autre statut ne peut la suivre.',
  reasonRequired: (label: string) => `Le statut « ${label} » demande un motif : choisissez-le dans la liste.`,
  reasonNotAllowed: (label: string) =>
    `Ce motif n’est pas admis pour le statut « ${label} » : choisissez-le dans la liste.`,
  noPaymentOnCredit: 'Un avoir ne se paie pas : « Paiement transmis » ne s’applique qu’à une facture.',
  noSupplierSiren:
    'Le fournisseur de cette facture n’a pas de SIREN : la plateforme ne peut pas lui transmettre de statut.',
  noCompanySiren:
    'Le SIREN de votre société manque (mentions légales) : la plateforme ne peut pas transmettre le statut.',
  title: 'Statut refusé',
} as const;

export async function receivedTrail(db: DbOrTx, companyId: number, id: number): Promise<LifecycleEventJson[]> {
  const rows = await db
    .select()
    .from(receivedInvoiceLifecycleEvents)
    .where(
      and(
        eq(receivedInvoiceLifecycleEvents.companyId, companyId),
        eq(receivedInvoiceLifecycleEvents.receivedInvoiceId, id),
      ),
    )
    .orderBy(asc(receivedInvoiceLifecycleEvents.occurredAt), asc(receivedInvoiceLifecycleEvents.id));
  return rows.map(lifecycleEventJson);
}

/** The last status of each of these received invoices, for the list's rows. */
export async function lastReceivedStatuses(db: DbOrTx, companyId: number, ids: number[]) {
  if (!ids.length) return new Map<number, { code: string; label: string }>();
  const rows = await db
    .selectDistinctOn([receivedInvoiceLifecycleEvents.receivedInvoiceId], {
      id: receivedInvoiceLifecycleEvents.receivedInvoiceId,
      code: receivedInvoiceLifecycleEvents.code,
      label: receivedInvoiceLifecycleEvents.label,
    })
    .from(receivedInvoiceLifecycleEvents)
    .where(
      and(
        eq(receivedInvoiceLifecycleEvents.companyId, companyId),
        inArray(receivedInvoiceLifecycleEvents.receivedInvoiceId, ids),
      ),
    )
    .orderBy(
      receivedInvoiceLifecycleEvents.receivedInvoiceId,
      desc(receivedInvoiceLifecycleEvents.occurredAt),
      desc(receivedInvoiceLifecycleEvents.id),
    );
  return new Map(rows.map((r) => [r.id, { code: r.code, label: r.label }]));
}

const refused = (trail: LifecycleEventJson[]) => trail.some((e) => e.code === '210' || e.code === '213');

/** What the buyer may set now (LC-2): nothing without the right or once refused; no payment on a credit note. */
export function lifecycleActionsOf(
  row: Pick<Row, 'kind'>,
  trail: LifecycleEventJson[],
  mayAnswer: boolean,
): NonNullable<ReceivedInvoiceDetail['lifecycleActions']> {
  if (!mayAnswer || refused(trail)) return [];
  return BUYER_ACTIONS.filter((code) => code !== '211' || row.kind !== 'Avoir').map((code) => ({
    code,
    label: LIFECYCLE[code].label,
    reasonRequired: LIFECYCLE[code].reasonRequired,
    reasons: reasonsFor(code),
  }));
}

/** The problems of a status the buyer asks for, in French (LC-2); empty when it may be set. */
export function buyerStatusProblems(
  row: Pick<Row, 'kind'>,
  trail: LifecycleEventJson[],
  body: { code: BuyerAction; reasonCode?: string },
): { conflict?: string; invalid?: string } {
  const info = LIFECYCLE[body.code];
  if (refused(trail)) return { conflict: LIFECYCLE_MESSAGES.refusedAlready };
  if (body.code === '211' && row.kind === 'Avoir') return { conflict: LIFECYCLE_MESSAGES.noPaymentOnCredit };
  const reason = body.reasonCode?.trim();
  if (info.reasonRequired && !reason) return { invalid: LIFECYCLE_MESSAGES.reasonRequired(info.label) };
  if (reason && !reasonAllowed(body.code, reason)) return { invalid: LIFECYCLE_MESSAGES.reasonNotAllowed(info.label) };
  return {};
}

/** The buyer's status message to the seller (LC-3, LC-6), addressed by its SIREN in the French directory. */
export function buyerStatus(
  row: Pick<Row, 'number' | 'kind' | 'supplierName' | 'supplierSiren' | 'issueDate' | 'createdAt'>,
  v: {
    code: BuyerAction;
    siren: string;
    companyName?: string;
    reasonCode: string | null;
    reasonText: string | null;
    eventId: number;
    now: Date;
  },
): LifecycleStatus {
  const supplierSiren = (row.supplierSiren ?? '').replace(/\D/g, '');
  return {
    code: v.code,
    messageId: `${row.number}_${v.code}_${v.eventId}`,
    createdAt: v.now.toISOString(),
    sender: { role: 'BY' },
    issuer: { role: 'BY', siren: v.siren, name: v.companyName },
    recipients: [
      { role: 'SE', siren: supplierSiren, name: row.supplierName || undefined, electronicAddress: supplierSiren },
    ],
    invoice: {
      number: row.number,
      typeCode: row.kind === 'Avoir' ? '381' : '380',
      issueDate: row.issueDate ?? row.createdAt.toISOString().slice(0, 10),
      sellerSiren: supplierSiren,
      receivedAt: row.createdAt.toISOString(),
    },
    ...(v.reasonCode ? { reason: { code: v.reasonCode, text: v.reasonText ?? undefined } } : {}),
  };
}

/**
 * LC-2, LC-3: sets the buyer's status on a received invoice — a trail row and its CDAR message to the
 * seller, queued for the platform, in `tx`. 409/422 in French when the status cannot be set.
 */
export async function setBuyerStatus(
  tx: Tx,
  row: Row,
  body: { code: BuyerAction; reasonCode?: string; reasonText?: string },
  userId: number,
  now: Date,
): Promise<void> {
  // One status at a time per invoice: two clicks are judged one after the other.
  await tx
    .select({ id: receivedInvoices.id })
    .from(receivedInvoices)
    .where(eq(receivedInvoices.id, row.id))
    .for('update');
  const trail = await receivedTrail(tx, row.companyId, row.id);
  const problems = buyerStatusProblems(row, trail, body);
  if (problems.conflict) throw conflict(problems.conflict);
  if (problems.invalid) throw unprocessable(LIFECYCLE_MESSAGES.title, [problems.invalid]);
  const supplierSiren = (row.supplierSiren ?? '').replace(/\D/g, '');
  if (!/^\d{9}$/.test(supplierSiren)) throw conflict(LIFECYCLE_MESSAGES.noSupplierSiren);
  const company = await findCompany(tx, row.companyId);
  const siren = (company?.siren ?? '').replace(/\D/g, '');
  if (!/^\d{9}$/.test(siren)) throw conflict(LIFECYCLE_MESSAGES.noCompanySiren);
  const reasonCode = LIFECYCLE[body.code].reasonRequired || body.reasonCode ? body.reasonCode?.trim() || null : null;
  const reasonText = body.reasonText?.trim() || (reasonCode ? reasonLabel(reasonCode) : null);
  const [event] = await tx
    .insert(receivedInvoiceLifecycleEvents)
    .values({
      companyId: row.companyId,
      receivedInvoiceId: row.id,
      code: body.code,
      label: lifecycleLabel(body.code),
      occurredAt: now,
      recordedAt: now,
      setBy: 'us',
      userId,
      reasonCode,
      reasonText,
    })
    .returning({ id: receivedInvoiceLifecycleEvents.id });
  const status = buyerStatus(row, {
    code: body.code,
    siren,
    companyName: company?.label || undefined,
    reasonCode,
    reasonText,
    eventId: event!.id,
    now,
  });
  await enqueueFlow(
    tx,
    {
      companyId: row.companyId,
      kind: 'status',
      sourceId: event!.id,
      fileName: `${row.number}-CDV-${body.code}.xml`,
      bytes: new TextEncoder().encode(writeStatusMessage(status)),
      syntax: 'CDAR',
      profile: 'Undefined',
    },
    now,
  );
}

/** An incoming status about an invoice we received: matched by its number and its seller's SIREN. */
async function recordReceivedInvoiceStatus(
  tx: DbOrTx,
  companyId: number,
  status: LifecycleStatus,
  flowId: string | null,
  now: Date,
): Promise<'handled' | 'unknown'> {
  const [row] = await tx
    .select({ id: receivedInvoices.id })
    .from(receivedInvoices)
    .where(
      and(
        eq(receivedInvoices.companyId, companyId),
        eq(receivedInvoices.number, status.invoice.number),
        eq(receivedInvoices.supplierSiren, status.invoice.sellerSiren),
      ),
    )
    .orderBy(desc(receivedInvoices.id))
    .limit(1);
  if (!row) return 'unknown';
  await tx
    .insert(receivedInvoiceLifecycleEvents)
    .values({
      companyId,
      receivedInvoiceId: row.id,
      code: status.code,
      label: status.label || lifecycleLabel(status.code),
      occurredAt: new Date(status.setAt ?? status.createdAt),
      recordedAt: now,
      setBy: setByOf(status.issuer.role, 'BY'),
      reasonCode: status.reason?.code || null,
      reasonText: status.reason?.text ?? null,
      failedRules: status.failedRules ?? [],
      collected: status.collected ?? [],
      flowId,
      messageId: status.messageId ?? null,
    })
    .onConflictDoNothing();
  return 'handled';
}

/**
 * Decision 089: a lifecycle status (CDAR) the platform brought in — about an invoice we sent (matched
 * by number and our SIREN as seller) or one we received (number and its seller's SIREN). 'unknown'
 * when it is neither, or not a status message we can read: the platform module keeps it aside.
 */
export async function recordIncomingStatus(
  tx: DbOrTx,
  companyId: number,
  cdarXml: string,
  flowId: string | null,
  now: Date,
): Promise<'handled' | 'unknown'> {
  let status: LifecycleStatus;
  try {
    status = readStatusMessage(cdarXml);
  } catch (error) {
    if (error instanceof CdarError) return 'unknown';
    throw error;
  }
  if ((await recordSentInvoiceStatus(tx, companyId, status, flowId, now)) === 'handled') return 'handled';
  return recordReceivedInvoiceStatus(tx, companyId, status, flowId, now);
}
