import { and, asc, eq } from 'drizzle-orm';
import { paymentMeansLabel } from '../../../../src/domain/invoice-status';
import type { DbOrTx } from '../../db/client';
import { invoiceEvents } from '../../db/schema/index';
import type { InvoiceRow } from './invoice-store';
import { formatDate, formatMoney } from '../../../../src/domain/format';

// The history of an invoice (decision 011): created, validated, sent to whom, payments, credit
// notes. Creation and validation are read from the invoice's own columns (every invoice has them,
// seeded ones included); what columns cannot tell (the recipient, each payment, each credit note)
// is an event written in the transaction of the change.

export type EventKind = 'sent' | 'payment' | 'payments_cleared' | 'credited';
type Detail = Record<string, string | number | null>;

export async function recordEvent(
  db: DbOrTx,
  e: { companyId: number; invoiceId: number; kind: EventKind; userId: number | null; at: Date; detail?: Detail },
): Promise<void> {
  await db.insert(invoiceEvents).values({
    companyId: e.companyId,
    invoiceId: e.invoiceId,
    kind: e.kind,
    userId: e.userId,
    at: e.at,
    detail: e.detail ?? {},
  });
}

export interface HistoryEntry {
  kind: string;
  at: string;
  label: string;
}

function label(kind: string, d: Detail, credit: boolean): string {
  const amount = formatMoney(Number(d.amount ?? 0));
  switch (kind) {
    case 'sent':
      return d.to ? `Envoyée à ${d.to}` : 'Envoyée au client';
    case 'payment':
      return `Paiement de ${amount} reçu le ${formatDate(String(d.date ?? ''))} (${paymentMeansLabel(String(d.means ?? 'autre'))})${d.settled ? ' : facture payée' : ''}`;
    case 'payments_cleared':
      return 'Paiements annulés : facture marquée non payée';
    case 'credited':
      return `Avoir ${d.number ?? ''} de ${amount} TTC`;
    default:
      return credit ? 'Avoir modifié' : 'Facture modifiée';
  }
}

export async function invoiceHistory(db: DbOrTx, companyId: number, inv: InvoiceRow): Promise<HistoryEntry[]> {
  const credit = inv.type === 'Avoir';
  const events = await db
    .select()
    .from(invoiceEvents)
    .where(and(eq(invoiceEvents.companyId, companyId), eq(invoiceEvents.invoiceId, inv.id)))
    .orderBy(asc(invoiceEvents.at), asc(invoiceEvents.id));
  const out: HistoryEntry[] = [
    { kind: 'created', at: inv.insertedAt.toISOString(), label: credit ? 'Avoir créé' : 'Facture créée' },
  ];
  if (inv.validated && inv.validatedAt)
    out.push({ kind: 'validated', at: inv.validatedAt.toISOString(), label: `Validée sous le n° ${inv.number ?? ''}` });
  // Sent before events existed (demo data): the date is known, the recipient is not.
  if (inv.sentAt && !events.some((e) => e.kind === 'sent'))
    out.push({ kind: 'sent', at: inv.sentAt.toISOString(), label: 'Envoyée au client' });
  for (const e of events) out.push({ kind: e.kind, at: e.at.toISOString(), label: label(e.kind, e.detail, credit) });
  return out.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}
