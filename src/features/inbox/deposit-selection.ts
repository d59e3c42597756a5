import type { DepositItem } from './api/inbox-types';

/** A batch belongs to one company: the firm's selection is split per company, in selection order. */
export function groupByCompany(items: Pick<DepositItem, 'id' | 'company'>[]): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const d of items) groups.set(d.company.id, [...(groups.get(d.company.id) ?? []), d.id]);
  return groups;
}
