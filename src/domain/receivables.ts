// Ageing of receivables (decision 011): what customers still owe, by days past the due date,
// as every French accounting package shows it (0–30, 31–60, 61–90, plus de 90 jours), and per
// customer. Pure: the server aggregates its unpaid invoices with it, the app could offline.
import { amountDueCents, type SettlementFacts } from './invoice-status';

export type AgeingKey = 'notDue' | 'd0_30' | 'd31_60' | 'd61_90' | 'd90plus';

export const AGEING_BUCKETS: ReadonlyArray<{ key: AgeingKey; label: string }> = [
  { key: 'notDue', label: 'À échoir' },
  { key: 'd0_30', label: '0 à 30 jours' },
  { key: 'd31_60', label: '31 à 60 jours' },
  { key: 'd61_90', label: '61 à 90 jours' },
  { key: 'd90plus', label: 'Plus de 90 jours' },
];

const DAY_MS = 86_400_000;
const utc = (d: string) => Date.UTC(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10));

/** Whole days from the due date to today; ≤ 0 when not yet due. */
export function daysPastDue(dueDate: string, today: string): number {
  return Math.round((utc(today) - utc(dueDate)) / DAY_MS);
}

/** Due today or later (or no due date) → "À échoir"; 1 to 30 days late → 0–30; and so on. */
export function ageingBucket(dueDate: string | null, today: string): AgeingKey {
  if (!dueDate) return 'notDue';
  const days = daysPastDue(dueDate, today);
  if (days <= 0) return 'notDue';
  if (days <= 30) return 'd0_30';
  if (days <= 60) return 'd31_60';
  if (days <= 90) return 'd61_90';
  return 'd90plus';
}

export type Receivable = SettlementFacts & { customer: { accountNumber: string; socialReason: string } };

export interface AgeingBucket {
  key: AgeingKey;
  label: string;
  amount: number;
  count: number;
}
export interface CustomerOutstanding {
  accountNumber: string;
  socialReason: string;
  amount: number;
  overdue: number;
  count: number;
}
export interface Ageing {
  total: number;
  overdue: number;
  buckets: AgeingBucket[];
  customers: CustomerOutstanding[];
}

/** Buckets in the fixed order; customers by amount due, largest first (then by name). */
export function ageReceivables(rows: readonly Receivable[], today: string): Ageing {
  const buckets = new Map(AGEING_BUCKETS.map((b) => [b.key, { ...b, cents: 0, count: 0 }]));
  const customers = new Map<
    string,
    { accountNumber: string; socialReason: string; cents: number; overdueCents: number; count: number }
  >();
  let total = 0;
  let overdue = 0;
  for (const r of rows) {
    const due = amountDueCents(r);
    if (due <= 0) continue;
    const key = ageingBucket(r.dueDate, today);
    const b = buckets.get(key)!;
    b.cents += due;
    b.count += 1;
    total += due;
    const late = key === 'notDue' ? 0 : due;
    overdue += late;
    const c = customers.get(r.customer.accountNumber) ?? { ...r.customer, cents: 0, overdueCents: 0, count: 0 };
    c.cents += due;
    c.overdueCents += late;
    c.count += 1;
    customers.set(r.customer.accountNumber, c);
  }
  return {
    total: total / 100,
    overdue: overdue / 100,
    buckets: [...buckets.values()].map((b) => ({ key: b.key, label: b.label, amount: b.cents / 100, count: b.count })),
    customers: [...customers.values()]
      .sort((a, b) => b.cents - a.cents || a.socialReason.localeCompare(b.socialReason, 'fr'))
      .map((c) => ({
        accountNumber: c.accountNumber,
        socialReason: c.socialReason,
        amount: c.cents / 100,
        overdue: c.overdueCents / 100,
        count: c.count,
      })),
  };
}
