import { todayInParis } from '../../domain/dates';
import { formatMonth } from '../../domain/format';

export interface MonthCount {
  month: string; // 'YYYY-MM'
  label: string; // 'nov. 2026'
  count: number;
}

/** Deposits per month (Paris calendar) over the last `months` months, oldest first, empty months included. */
export function monthlyCounts(createdAts: string[], now: Date, months = 12): MonthCount[] {
  const [y, m] = todayInParis(now).split('-').map(Number);
  const out: MonthCount[] = [];
  for (let i = months - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    const month = d.toISOString().slice(0, 7);
    out.push({ month, label: formatMonth(month, 'shortYear'), count: 0 });
  }
  const index = new Map(out.map((o, i) => [o.month, i]));
  for (const at of createdAts) {
    const i = index.get(todayInParis(new Date(at)).slice(0, 7));
    if (i !== undefined) out[i].count++;
  }
  return out;
}
