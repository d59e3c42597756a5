import { describe, expect, it } from 'vitest';
import { groupByCompany } from './deposit-selection';

describe('groupByCompany', () => {
  it('splits a selection into one list of deposit ids per company', () => {
    const c = (id: number) => ({ id, label: `S${id}` });
    const groups = groupByCompany([
      { id: 1, company: c(7) },
      { id: 2, company: c(3) },
      { id: 3, company: c(7) },
    ]);
    expect([...groups]).toEqual([
      [7, [1, 3]],
      [3, [2]],
    ]);
  });
});
