// Property: for any sequence of changes (created offline or online, some refused by the server)
// and any injected faults (network down before/after the commit, 5xx, 429, 401, tab killed
// mid-request), every change ends applied exactly once on the server or shown as failed;
// none is duplicated or lost, and the changes of one document reach the server in order. And a
// change naming a customer created offline (temporary reference, decision 010) reaches the server
// naming the number the server gave THAT customer, never another's (other devices create
// customers meanwhile), or is shown as failed.
import Dexie from 'dexie';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MutationRequest, MutationResult } from './outbox-types';
import { newTempId } from './temp-ids';
import type { Fault } from './testing/fake-api';
import { drainAll, makeHarness, type Harness } from './testing/harness';

type Cmd = { doc: number; create: boolean; reject: boolean; online: boolean; withCustomer: boolean };
type Setup = {
  rejectCustomer: boolean;
  otherDevices: number;
  concurrency: number;
  latencies: number[];
  batch: boolean;
};

const faultArb = fc.constantFrom<Fault>(
  'ok',
  'ok',
  'networkBefore',
  'networkAfter',
  'status500',
  'status503',
  'status429',
  'status401',
  'hang',
  'hangAfter',
);
const cmdArb = fc.record({
  doc: fc.integer({ min: 0, max: 3 }),
  create: fc.boolean(),
  reject: fc.boolean(),
  online: fc.boolean(),
  withCustomer: fc.boolean(),
});
// Concurrency 1 is the one-at-a-time replay; above, answers come back in any order (random latency).
const setupArb = fc.record({
  rejectCustomer: fc.boolean(),
  otherDevices: fc.integer({ min: 0, max: 2 }),
  concurrency: fc.integer({ min: 1, max: 8 }),
  latencies: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 8 }),
  // Batches (decision 026): the changes that may go now travel in one request, each with its key.
  batch: fc.boolean(),
});
const OFFLINE_CUSTOMER = 'Client créé hors ligne';
/** Batch requests over all runs: the property must have covered batches, not only drawn them. */
let batchesSent = 0;
/** Items sent behind an earlier change of their document in the same batch (decision 033), and those not tried. */
let chainedSent = 0;
let chainedSkipped = 0;

async function runScenario(setup: Setup, cmds: Cmd[], faults: Fault[]) {
  let h: Harness = makeHarness({ concurrency: setup.concurrency, batch: setup.batch ? () => true : undefined });
  const all: Harness[] = [h];
  let tick = 0;
  h.api.latency = () => setup.latencies[tick++ % setup.latencies.length];
  h.api.faults = [...faults];
  h.api.docs.set(1, []);
  // Docs 0..3: 1 exists on the server; the others are created offline (temporary id) by their first 'create'.
  const tmpOf = new Map<number, string>();
  const opsByDoc = new Map<string, string[]>();
  const failedOps = new Set<string>();
  const done = new Set<string>();
  // A customer created offline first; other devices then take the next numbers on the server.
  const customerTmp = newTempId();
  h.net.online = false;
  await h.outbox.submit({
    method: 'POST',
    path: 'customers',
    body: { op: 'client', socialReason: OFFLINE_CUSTOMER, reject: setup.rejectCustomer || undefined },
    companyId: 3,
    docKey: `customer:${customerTmp}`,
    label: 'Création du client',
    kind: 'customer.create',
    createsTempId: customerTmp,
    idField: 'accountNumber',
  });
  for (let k = 1; k <= setup.otherDevices; k++) h.api.customers.set(`C0000${k}`, `Autre appareil ${k}`);

  /** Runs fn; if a request hangs forever, the tab is "killed" and a new one opens the same database. */
  async function runOrCrash<T>(fn: (x: Harness) => Promise<T>): Promise<T | 'crash'> {
    const tab = h;
    // The tab dies at the hang: answers of its other requests in flight never reach it.
    const crash = new Promise<'crash'>((resolve) => (h.api.onHang = () => (tab.kill(), resolve('crash'))));
    const result = await Promise.race([fn(h), crash]);
    if (result === 'crash') {
      h = h.reopen();
      all.push(h);
    }
    return result;
  }

  const customerOf = (cmd: Cmd) => (cmd.withCustomer ? { customer: { accountNumber: customerTmp } } : {});
  for (const [i, cmd] of cmds.entries()) {
    const op = `op${i}`;
    let docRef: string;
    let req: MutationRequest;
    if (cmd.doc === 1) docRef = '1';
    else if (!tmpOf.has(cmd.doc) || cmd.create) {
      tmpOf.set(cmd.doc, newTempId());
      docRef = tmpOf.get(cmd.doc)!;
      opsByDoc.set(docRef, []);
      req = {
        method: 'POST',
        path: 'docs',
        body: { op, reject: cmd.reject || undefined, ...customerOf(cmd) },
        companyId: 3,
        docKey: docRef,
        label: 'Création',
        kind: 'doc.create',
        createsTempId: docRef,
      };
    } else docRef = tmpOf.get(cmd.doc)!;
    req ??= {
      method: 'PUT',
      path: `docs/${docRef}`,
      body: { op, reject: cmd.reject || undefined, ...customerOf(cmd) },
      companyId: 3,
      docKey: docRef,
      label: 'Modification',
      kind: 'doc.save',
    };
    opsByDoc.set(docRef, [...(opsByDoc.get(docRef) ?? []), op]);
    h.net.online = cmd.online;
    const result = (await runOrCrash((x) => x.outbox.submit(req))) as MutationResult<unknown> | 'crash';
    if (result !== 'crash' && result.status === 'failed') failedOps.add(op);
    if (result !== 'crash' && result.status === 'done') done.add(op);
  }

  // Back online for good: drain, sign in again after a 401, abandon what the server refused.
  h.net.online = true;
  for (let round = 0; round < 40; round++) {
    await runOrCrash((x) => drainAll(x));
    if (h.outbox.paused) {
      await runOrCrash((x) => x.outbox.resume());
      continue;
    }
    const left = await h.db.outbox.orderBy('seq').toArray();
    if (left.length === 0) break;
    const refused = left.filter((e) => e.state === 'failed');
    if (refused.length === 0 && left.every((e) => e.state === 'pending')) continue;
    for (const e of refused) {
      failedOps.add((e.body as { op: string }).op);
      await h.outbox.discard(e.id);
    }
  }

  const idMap = new Map((await h.db.idMap.toArray()).map((r) => [r.tempId, r.serverId]));
  const leftover = await h.db.outbox.count();
  batchesSent += h.api.batches;
  chainedSent += h.api.batchItems.filter((i) => i.after !== undefined).length;
  chainedSkipped += h.api.batchItems.filter((i) => i.status === 424).length;
  all.forEach((x) => x.db.close());
  await Dexie.delete(h.db.name);

  expect(leftover).toBe(0);
  const appliedOps = h.api.applied.map((a) => (a.body as { op: string }).op).filter((op) => op !== 'client');
  // A document naming the offline customer names the number the server gave that customer.
  for (const a of h.api.applied) {
    const named = (a.body as { customer?: { accountNumber: string } }).customer?.accountNumber;
    if (named === undefined) continue;
    expect(named).toBe(idMap.get(customerTmp));
    expect(h.api.customers.get(named)).toBe(OFFLINE_CUSTOMER);
  }
  // Never duplicated.
  expect(new Set(appliedOps).size).toBe(appliedOps.length);
  for (const [docRef, ops] of opsByDoc) {
    const applied = ops.filter((op) => appliedOps.includes(op));
    // Never lost: applied or shown as failed.
    for (const op of ops) expect(applied.includes(op) || failedOps.has(op), `${op} perdu`).toBe(true);
    for (const op of done) expect(appliedOps).toContain(op);
    // Order per document.
    const serverId = docRef === '1' ? 1 : idMap.get(docRef);
    if (serverId !== undefined) expect(h.api.docs.get(Number(serverId))).toEqual(applied);
    else expect(applied).toEqual([]);
  }
}

const offlineEdit = (reject: boolean): Cmd => ({ doc: 1, create: false, reject, online: false, withCustomer: false });
const CHAIN_WITH_REFUSAL: { setup: Setup; cmds: Cmd[] } = {
  setup: { rejectCustomer: false, otherDevices: 0, concurrency: 4, latencies: [0], batch: true },
  cmds: [offlineEdit(true), offlineEdit(false)],
};

describe('outbox property', () => {
  it('every change is applied exactly once or shown as failed, in order per document', async () => {
    await fc.assert(
      fc.asyncProperty(
        setupArb,
        fc.array(cmdArb, { minLength: 1, maxLength: 10 }),
        fc.array(faultArb, { maxLength: 14 }),
        runScenario,
      ),
      // Random draws cover batches, chained changes and skipped ones most of the time, not always
      // (a full run of 2026-11-27 drew no skipped chain in 150 runs): this scenario always does. Two
      // edits of one document queued offline, the first refused: the second, sent behind it in the
      // same batch, is not tried (424) and then goes alone.
      { numRuns: 150, examples: [[CHAIN_WITH_REFUSAL.setup, CHAIN_WITH_REFUSAL.cmds, []]] },
    );
    expect(batchesSent).toBeGreaterThan(0);
    expect(chainedSent).toBeGreaterThan(0);
    expect(chainedSkipped).toBeGreaterThan(0);
  }, 120_000);
});
