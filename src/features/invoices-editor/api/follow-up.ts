// An invoice's follow-up (GET /api/invoices/:id/follow-up: payments, credit notes, history) and
// its payments (POST /api/invoices/:id/payments, through the outbox like every change). The last
// answer is kept on the device (records table, dataset 'invoiceFollowUp') for offline reading; a
// payment queued offline is added to that copy at once, so the page shows the rest due it leaves.
import { HTTPError } from 'ky';
import { keepRecord, keptRecord, screenOutcome, type ScreenOutcome } from '../../../data/local-rows';
import { submitMutation } from '../../../data/outbox';
import { paymentMeansLabel, type PaymentInput, type PaymentMeans } from '../../../domain/invoice-status';
import { toCents } from '../../../domain/money';
import { api } from '../../../contract/index';
import { call, queued, type Answer } from '../../../data/api-call';
import { isNetworkError } from '../../../lib/http';
import { formatMoney } from '../../../domain/format';

export const FOLLOW_UP_DATASET = 'invoiceFollowUp';

/** The answer (src/contract/invoices.ts); a payment queued offline is added locally (pending, local id). */
type WireFollowUp = Answer<typeof api.invoices.followUp>;
export type FollowUp = Omit<WireFollowUp, 'payments'> & {
  payments: Array<Omit<WireFollowUp['payments'][number], 'id'> & { id: number | string; pending?: boolean }>;
};

const keep = (companyId: number, data: FollowUp): Promise<void> =>
  keepRecord(FOLLOW_UP_DATASET, companyId, data.invoiceId, data);

const cached = (companyId: number, id: number): Promise<FollowUp | null> =>
  keptRecord<FollowUp>(FOLLOW_UP_DATASET, companyId, id);

export type LoadedFollowUp = { data: FollowUp; fromCache: boolean } | null;

export async function loadFollowUp(companyId: number, id: number): Promise<LoadedFollowUp> {
  try {
    const data: FollowUp = await call(api.invoices.followUp, { params: { id }, companyId, options: { retry: 0 } });
    await keep(companyId, data);
    return { data, fromCache: false };
  } catch (error) {
    if (!(error instanceof HTTPError) && !isNetworkError(error)) throw error;
    const data = await cached(companyId, id);
    return data ? { data, fromCache: true } : null;
  }
}

/** Records a payment (online now, or queued under the invoice's ordering key). */
export async function recordPayment(
  companyId: number,
  invoice: { id: number; number: string | null },
  p: PaymentInput,
): Promise<ScreenOutcome<FollowUp>> {
  const outcome = await screenOutcome(
    await submitMutation<FollowUp>({
      ...queued(api.invoices.addPayment, {
        params: { id: invoice.id },
        body: { date: p.date, means: p.means as PaymentMeans, amount: Number(p.amount) },
      }),
      companyId,
      docKey: `invoice:${invoice.id}`,
      kind: 'invoice.payment',
      label:
        `Paiement de ${formatMoney(p.amount)} (${paymentMeansLabel(p.means)}) — facture ${invoice.number ?? ''}`.trim(),
    }),
  );
  if (outcome.status === 'done') await keep(companyId, outcome.response);
  else if (outcome.status === 'queued') {
    const before = await cached(companyId, invoice.id);
    if (before) {
      await keep(companyId, {
        ...before,
        amountPaid: (toCents(before.amountPaid) + toCents(p.amount)) / 100,
        payments: [
          ...before.payments,
          {
            id: `local-${Date.now()}`,
            date: p.date,
            means: p.means,
            meansLabel: paymentMeansLabel(p.means),
            amount: Number(p.amount),
            pending: true,
          },
        ],
      });
    }
  }
  return outcome;
}
