// Which changes a concurrent replay may send together (decision 016).
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from './outbox-types';
import { ReplayPlan } from './replay-plan';

let seq = 0;
const entry = (docKey: string, extra: Partial<OutboxEntry> = {}): OutboxEntry => ({
  id: `e${++seq}`,
  seq,
  createdAt: 0,
  updatedAt: 0,
  state: 'pending',
  method: 'PUT',
  path: 'x',
  companyId: 1,
  docKey,
  label: '',
  kind: 'k',
  idempotencyKey: `k${seq}`,
  attempts: 0,
  nextAttemptAt: 0,
  ...extra,
});
/** Takes everything the plan lets start now (as a replay with unlimited concurrency would). */
const startable = (plan: ReplayPlan) => {
  const out: string[] = [];
  for (let n = plan.next(); n; n = plan.next()) out.push(n.entry.docKey);
  return out;
};

describe('replay plan', () => {
  it('sends independent documents together, each document one change at a time', () => {
    const a1 = entry('invoice:1');
    const plan = new ReplayPlan([a1, entry('invoice:1'), entry('invoice:2'), entry('quote:3')], new Map(), () => 0);
    expect(startable(plan)).toEqual(['invoice:1', 'invoice:2', 'quote:3']);
    plan.finished(a1, 'done');
    expect(startable(plan)).toEqual(['invoice:1']);
  });

  it('a document naming a customer waits for the earlier change of that customer', () => {
    const edit = entry('customer:C00012', { path: 'customers/C00012', body: { city: 'Royan' } });
    const quote = entry('quote:7', { body: { customer: { accountNumber: 'C00012' }, lines: [] } });
    const other = entry('invoice:9', { body: { customer: { accountNumber: 'C00013' } } });
    const plan = new ReplayPlan([edit, quote, other], new Map(), () => 0);
    expect(startable(plan)).toEqual(['customer:C00012', 'invoice:9']);
    plan.finished(edit, 'done');
    expect(startable(plan)).toEqual(['quote:7']);
  });

  it('a change naming a temporary id waits while its creator is in flight, and is blocked once the creator is refused', () => {
    const tmp = 'tmp-11111111-2222-4333-8444-555555555555';
    const create = entry(`customer:${tmp}`, { method: 'POST', path: 'customers', createsTempId: tmp });
    const quote = entry('quote:tmp-x', { body: { customer: { accountNumber: tmp } } });
    const plan = new ReplayPlan([create, quote], new Map(), () => 0);
    expect(startable(plan)).toEqual([`customer:${tmp}`]);
    plan.finished(create, 'blocked');
    expect(startable(plan)).toEqual([]);
    expect(plan.inFlight).toBe(0);
  });

  it('a batch takes its documents’ later changes first, and none behind a change that went alone (decision 053)', () => {
    const chainable = (e: OutboxEntry) => !e.file;
    const a1 = entry('doc:1');
    const upload = entry('doc:2', {
      file: { field: 'file', name: 'a.pdf', type: 'application/pdf', size: 1 } as never,
    });
    const plan = new ReplayPlan(
      [a1, upload, entry('doc:3'), entry('doc:1'), entry('doc:2'), entry('doc:3'), entry('doc:1')],
      new Map(),
      () => 0,
    );
    expect(plan.next()?.entry).toBe(a1);
    plan.startGroup(a1);
    const picked: string[] = [];
    for (let n = plan.next(chainable); n; n = plan.next(chainable)) {
      if (n.entry.file) plan.sentAlone(n.entry);
      picked.push(`${n.entry.docKey}${n.entry.file ? ' (seul)' : ''}`);
    }
    // doc:1's later changes before any other document; doc:2's edit waits for its upload, sent alone.
    expect(picked).toEqual(['doc:1', 'doc:1', 'doc:2 (seul)', 'doc:3', 'doc:3']);
  });

  it('company-wide changes are barriers, and one upload goes at a time', () => {
    const before = entry('invoice:1');
    const bank = entry('company:1:bank');
    const plan = new ReplayPlan([before, bank, entry('invoice:2')], new Map(), () => 0);
    expect(startable(plan)).toEqual(['invoice:1']);
    plan.finished(before, 'done');
    expect(startable(plan)).toEqual(['company:1:bank']);
    plan.finished(bank, 'done');
    expect(startable(plan)).toEqual(['invoice:2']);
    const file = { blob: new Blob(['x']), name: 'a.pdf', field: 'file', extra: {} };
    const uploads = new ReplayPlan(
      [entry('inbox-upload:a', { file }), entry('inbox-upload:b', { file }), entry('item:4')],
      new Map(),
      () => 0,
    );
    expect(startable(uploads)).toEqual(['inbox-upload:a', 'item:4']);
  });
});
