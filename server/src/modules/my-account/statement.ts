import type { Statement, StatementLine } from '../../../../src/contract/my-account';
import type { CustomerBusinessDocument, CustomerPayment } from '../invoices/service';
import { cents, euros } from './money';

// The account statement (decision 043), a pure function of the customer's documents and payments:
// opening balance = invoices − credit notes − payments dated before dateStart; then, in date order,
// invoices (debit), credit notes and payments (credit), each with the running balance; closing =
// opening + debits − credits. All in integer cents. Positive = the company owes the firm.

const MEANS_LABELS: Record<string, string> = {
  carte: 'carte',
  virement: 'virement',
  cheque: 'chèque',
  especes: 'espèces',
  prelevement: 'prélèvement',
};

interface Movement {
  date: string;
  kind: StatementLine['kind'];
  label: string;
  reference: string;
  debit: number;
  credit: number;
  /** Same day: invoices first, then credit notes, then payments (a payment settles what precedes it). */
  order: number;
  id: number;
}

function movements(documents: CustomerBusinessDocument[], payments: CustomerPayment[]): Movement[] {
  const fromDocuments = documents.map((d): Movement => {
    const amount = cents(d.ttc);
    return d.type === 'Avoir'
      ? {
          date: d.date,
          kind: 'credit',
          label: `Avoir n° ${d.number}`,
          reference: d.number,
          debit: 0,
          credit: amount,
          order: 1,
          id: d.id,
        }
      : {
          date: d.date,
          kind: 'invoice',
          label: `Facture n° ${d.number}`,
          reference: d.number,
          debit: amount,
          credit: 0,
          order: 0,
          id: d.id,
        };
  });
  const fromPayments = payments.map((p): Movement => ({
    date: p.date,
    kind: 'payment',
    label: `Règlement par ${MEANS_LABELS[p.means] ?? 'autre moyen'}`,
    reference: p.invoiceNumber,
    debit: 0,
    credit: cents(p.amount),
    order: 2,
    id: p.id,
  }));
  return [...fromDocuments, ...fromPayments].sort(
    (a, b) => a.date.localeCompare(b.date) || a.order - b.order || a.id - b.id,
  );
}

export function buildStatement(
  firm: Statement['firm'],
  period: { dateStart: string; dateEnd: string },
  documents: CustomerBusinessDocument[],
  payments: CustomerPayment[],
): Statement {
  const all = movements(documents, payments);
  let balance = 0;
  for (const m of all) if (m.date < period.dateStart) balance += m.debit - m.credit;
  const opening = balance;
  let debit = 0;
  let credit = 0;
  const lines: StatementLine[] = [];
  for (const m of all) {
    if (m.date < period.dateStart || m.date > period.dateEnd) continue;
    debit += m.debit;
    credit += m.credit;
    balance += m.debit - m.credit;
    lines.push({
      date: m.date,
      kind: m.kind,
      label: m.label,
      reference: m.reference,
      debit: euros(m.debit),
      credit: euros(m.credit),
      balance: euros(balance),
    });
  }
  return {
    firm,
    ...period,
    openingBalance: euros(opening),
    lines,
    totalDebit: euros(debit),
    totalCredit: euros(credit),
    closingBalance: euros(opening + debit - credit),
  };
}

/** The balance owed today over the whole account, in cents (every document and payment). */
export function balanceCents(documents: CustomerBusinessDocument[], payments: CustomerPayment[]): number {
  return movements(documents, payments).reduce((sum, m) => sum + m.debit - m.credit, 0);
}
