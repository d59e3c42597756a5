import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { LifecycleEventJson } from '../../../../src/contract/common';
import { writeStatusMessage, type CdarCollected, type LifecycleStatus } from '../../../../src/einvoice/cdar';
import { lifecycleLabel, reasonLabel } from '../../../../src/einvoice/lifecycle-codes';
import { effectiveElectronicAddress } from '../../../../src/domain/electronic-address';
import { toDecimal } from '../../../../src/domain/money';
import type { DbOrTx, Tx } from '../../db/client';
import { invoiceLifecycleEvents, invoices } from '../../db/schema/index';
import { enqueueFlow } from '../platform/service';
import { findCompany } from '../users/service';
import type { InvoiceRow } from './invoice-store';

// Decision 089: the lifecycle trail of the invoices we send — the statuses the platform and the buyer
// send back (« Déposée », « Rejetée » with the failed rules, « Refusée » with its reason,
// « Approuvée », « En litige »…) and the « Encaissée » we send when a payment is recorded on a services
// invoice (VAT on receipts: the administration needs the amount received per rate, LC rules in
// docs/product-rules.md). The table is append-only (migration 0014): a row is never changed.

export type SetBy = LifecycleEventJson['setBy'];

const SET_BY_LABELS: Record<SetBy, string> = {
  platform: 'La plateforme',
  buyer: 'L’acheteur',
  seller: 'Le vendeur',
  us: 'Vous',
};

/** Who set a status, from the role of its issuer in the message (UNCL 3035). */
export function setByOf(role: string, ourRole: 'SE' | 'BY'): SetBy {
  if (role === ourRole) return 'us';
  if (role === 'BY') return 'buyer';
  if (role === 'SE') return 'seller';
  return 'platform';
}

type EventRow = typeof invoiceLifecycleEvents.$inferSelect;

/** A trail row on the wire (both trails have the same columns). */
export function lifecycleEventJson(
  r: Pick<
    EventRow,
    'id' | 'code' | 'label' | 'occurredAt' | 'setBy' | 'reasonCode' | 'reasonText' | 'failedRules' | 'collected'
  >,
): LifecycleEventJson {
  const setBy = (r.setBy in SET_BY_LABELS ? r.setBy : 'platform') as SetBy;
  return {
    id: r.id,
    code: r.code,
    label: r.label,
    occurredAt: r.occurredAt.toISOString(),
    setBy,
    setByLabel: SET_BY_LABELS[setBy],
    reasonCode: r.reasonCode,
    reasonLabel: r.reasonCode ? reasonLabel(r.reasonCode) : null,
    reasonText: r.reasonText,
    failedRules: r.failedRules,
    collected: r.collected,
  };
}

/** The invoice's trail, oldest first. */
export async function invoiceTrail(db: DbOrTx, companyId: number, invoiceId: number): Promise<LifecycleEventJson[]> {
  const rows = await db
    .select()
    .from(invoiceLifecycleEvents)
    .where(and(eq(invoiceLifecycleEvents.companyId, companyId), eq(invoiceLifecycleEvents.invoiceId, invoiceId)))
    .orderBy(asc(invoiceLifecycleEvents.occurredAt), asc(invoiceLifecycleEvents.id));
  return rows.map(lifecycleEventJson);
}

/** The last status of the invoice (its code), as an SQL expression of the list's row. */
const lastCode = sql<
  string | null
>`(select e.code from ${invoiceLifecycleEvents} e where e.invoice_id = ${invoices.id} order by e.occurred_at desc, e.id desc limit 1)`;

/** The list's filter on the last status (decision 089). */
export const lastStatusCondition = (code: string | undefined): SQL | undefined =>
  code ? sql`${lastCode} = ${code}` : undefined;

/** The last status of each of these invoices, for the list's rows. */
export async function lastStatuses(
  db: DbOrTx,
  companyId: number,
  ids: number[],
): Promise<Map<number, { code: string; label: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectDistinctOn([invoiceLifecycleEvents.invoiceId], {
      invoiceId: invoiceLifecycleEvents.invoiceId,
      code: invoiceLifecycleEvents.code,
      label: invoiceLifecycleEvents.label,
    })
    .from(invoiceLifecycleEvents)
    .where(
      and(
        eq(invoiceLifecycleEvents.companyId, companyId),
        sql`${invoiceLifecycleEvents.invoiceId} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(
      invoiceLifecycleEvents.invoiceId,
      desc(invoiceLifecycleEvents.occurredAt),
      desc(invoiceLifecycleEvents.id),
    );
  return new Map(rows.map((r) => [r.invoiceId, { code: r.code, label: r.label }]));
}

/**
 * An incoming status about an invoice we sent (decision 089): matched by its number and our SIREN as
 * its seller; 'unknown' when it is not one of ours (the platform module keeps it aside).
 */
export async function recordSentInvoiceStatus(
  tx: DbOrTx,
  companyId: number,
  status: LifecycleStatus,
  flowId: string | null,
  now: Date,
): Promise<'handled' | 'unknown'> {
  const company = await findCompany(tx, companyId);
  const siren = (company?.siren ?? '').replace(/\D/g, '');
  if (!siren || siren !== status.invoice.sellerSiren) return 'unknown';
  const [inv] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(eq(invoices.companyId, companyId), eq(invoices.number, status.invoice.number), eq(invoices.validated, true)),
    )
    .limit(1);
  if (!inv) return 'unknown';
  await tx
    .insert(invoiceLifecycleEvents)
    .values({
      companyId,
      invoiceId: inv.id,
      code: status.code,
      label: status.label || lifecycleLabel(status.code),
      occurredAt: new Date(status.setAt ?? status.createdAt),
      recordedAt: now,
      setBy: setByOf(status.issuer.role, 'SE'),
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

/** Services (or both) whose VAT is due on receipts: what needs an « Encaissée » (LC-5). */
export function needsCollectedStatus(inv: InvoiceRow, companyVatOnDebits: boolean): boolean {
  if (!inv.validated || inv.type !== 'Facture') return false;
  if (inv.operationKind !== 'services' && inv.operationKind !== 'mixte') return false;
  if (inv.vatOnDebits ?? companyVatOnDebits) return false;
  const buyer = inv.customerSnapshot;
  // A French business only: a private customer's payments go to e-reporting, not to a status.
  return !!buyer && buyer.isBusiness !== false && /^\d{9}$/.test((buyer.siren ?? '').replace(/\D/g, ''));
}

/**
 * A payment's amount per VAT rate of the invoice, in proportion of each rate's amount including VAT;
 * the last rate takes the rounding so the parts add up to the payment exactly.
 */
export function collectedPerRate(inv: InvoiceRow, amount: number): CdarCollected[] {
  const rates = (inv.vatBreakdown ?? []).filter((v) => toDecimal(v.base).plus(v.vat).gt(0));
  if (!rates.length) return [{ amount, vatRate: 0, currency: 'EUR' }];
  const ttc = rates.reduce((s, v) => s.plus(v.base).plus(v.vat), toDecimal(0));
  let left = toDecimal(amount);
  return rates.map((v, i) => {
    const part =
      i === rates.length - 1
        ? left
        : toDecimal(amount).times(toDecimal(v.base).plus(v.vat)).div(ttc).toDecimalPlaces(2);
    left = left.minus(part);
    return { amount: part.toNumber(), vatRate: v.rate, currency: 'EUR' };
  });
}

/** The « Encaissée » message of a payment (LC-5, LC-6): the seller (us) to the buyer, per VAT rate. */
export function collectedStatus(
  inv: Pick<InvoiceRow, 'number' | 'createdAt' | 'sellerSnapshot' | 'customerSnapshot'>,
  v: {
    sellerSiren: string;
    buyerSiren: string;
    address: { scheme: string; value: string };
    collected: CdarCollected[];
    eventId: number;
    now: Date;
  },
): LifecycleStatus {
  const { sellerSiren, buyerSiren, address, collected, now } = v;
  const seller = inv.sellerSnapshot;
  const buyer = inv.customerSnapshot;
  return {
    code: '212',
    messageId: `${inv.number}_212_${v.eventId}`,
    createdAt: now.toISOString(),
    sender: { role: 'SE' },
    issuer: { role: 'SE', siren: sellerSiren, name: seller?.name },
    recipients: [
      {
        role: 'BY',
        siren: buyerSiren,
        name: buyer?.socialReason || buyer?.name,
        electronicAddress: address.value,
        addressScheme: address.scheme,
      },
    ],
    invoice: {
      number: inv.number ?? '',
      typeCode: '380',
      issueDate: inv.createdAt ?? now.toISOString().slice(0, 10),
      sellerSiren,
    },
    collected,
  };
}

/**
 * LC-5: a payment recorded on a services invoice sends its « Encaissée » (212) with the amount
 * received per VAT rate: a trail row and its CDAR message queued for the platform, in the payment's
 * transaction. Nothing for goods, credit notes, VAT on debits or a private customer.
 */
export async function recordCollectedStatus(
  tx: Tx,
  inv: InvoiceRow,
  payment: { id: number; amount: number },
  now: Date,
): Promise<void> {
  const company = await findCompany(tx, inv.companyId);
  if (!needsCollectedStatus(inv, company?.vatOnDebits ?? false)) return;
  const seller = inv.sellerSnapshot;
  const buyer = inv.customerSnapshot!;
  const sellerSiren = (seller?.siren ?? company?.siren ?? '').replace(/\D/g, '');
  const buyerSiren = (buyer.siren ?? '').replace(/\D/g, '');
  const address = effectiveElectronicAddress({ ...buyer, inFrenchDirectory: true });
  if (!/^\d{9}$/.test(sellerSiren) || !address) return;
  const collected = collectedPerRate(inv, payment.amount);
  const [row] = await tx
    .insert(invoiceLifecycleEvents)
    .values({
      companyId: inv.companyId,
      invoiceId: inv.id,
      code: '212',
      label: lifecycleLabel('212'),
      occurredAt: now,
      recordedAt: now,
      setBy: 'us',
      collected,
      paymentId: payment.id,
    })
    .returning({ id: invoiceLifecycleEvents.id });
  const status = collectedStatus(inv, { sellerSiren, buyerSiren, address, collected, eventId: row!.id, now });
  const bytes = new TextEncoder().encode(writeStatusMessage(status));
  await enqueueFlow(
    tx,
    {
      companyId: inv.companyId,
      kind: 'status',
      sourceId: row!.id,
      fileName: `${inv.number}-CDV-212.xml`,
      bytes,
      syntax: 'CDAR',
      profile: 'Undefined',
    },
    now,
  );
}

/**
 * LC-1: the platform refused a flow we sent (its acknowledgement says Error, no CDAR came): the
 * invoice's trail gets its « Rejetée » (213) with the rules it names, once per flow. For the platform
 * module, through the entries modules/index.ts passes it (the platform module may not import this one).
 */
export async function recordPlatformRejection(
  tx: DbOrTx,
  v: { companyId: number; invoiceId: number; flowId: string; failedRules: { id: string; text: string }[]; now: Date },
): Promise<void> {
  await tx
    .insert(invoiceLifecycleEvents)
    .values({
      companyId: v.companyId,
      invoiceId: v.invoiceId,
      code: '213',
      label: lifecycleLabel('213'),
      occurredAt: v.now,
      recordedAt: v.now,
      setBy: 'platform',
      reasonCode: 'REJ_SEMAN',
      reasonText: reasonLabel('REJ_SEMAN'),
      failedRules: v.failedRules,
      flowId: `ack-${v.flowId}`,
    })
    .onConflictDoNothing();
}
