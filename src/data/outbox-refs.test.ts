import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { MutationRequest } from './outbox-types';
import { newTempId } from './temp-ids';
import { drainAll, makeHarness, type Harness } from './testing/harness';

// Decision 010: a customer created offline is known by a temporary reference until the server numbers
// it, and the documents naming it follow it (item 1); queued draft saves carry the version they
// started from, and a newer version on the server waits for the user's choice (item 3).

const harnesses: Harness[] = [];
function harness(): Harness {
  const h = makeHarness();
  harnesses.push(h);
  return h;
}
afterEach(async () => {
  const done = harnesses.splice(0);
  done.forEach((h) => h.db.close());
  for (const h of done) await Dexie.delete(h.db.name);
});

const createCustomer = (tmp: string, socialReason: string, body: Record<string, unknown> = {}): MutationRequest => ({
  method: 'POST',
  path: 'customers',
  body: { socialReason, ...body },
  companyId: 7,
  docKey: `customer:${tmp}`,
  label: `Création du client ${socialReason}`,
  kind: 'customer.create',
  createsTempId: tmp,
  idField: 'accountNumber',
});
const createQuote = (tmp: string, accountNumber: string, extra: Record<string, unknown> = {}): MutationRequest => ({
  method: 'POST',
  path: 'docs',
  body: { op: 'devis', customer: { accountNumber }, ...extra },
  companyId: 7,
  docKey: `quote:${tmp}`,
  label: 'Devis',
  kind: 'quote.save',
  createsTempId: tmp,
});
const saveDraft = (id: string | number, op: string, version: number | null): MutationRequest => ({
  method: 'PUT',
  path: `docs/${id}`,
  body: { op, version },
  companyId: 7,
  docKey: `quote:${id}`,
  label: `Enregistrement ${op}`,
  kind: 'quote.save',
});

describe('customers created offline (temporary reference)', () => {
  it('gets the number the server assigns, and the quote drafted for it follows it, even when another device took the next number meanwhile', async () => {
    const h = harness();
    h.net.online = false;
    const customer = newTempId();
    const quote = newTempId();
    await h.outbox.submit(createCustomer(customer, 'Boulangerie Martin'));
    await h.outbox.submit(createQuote(quote, customer));
    // Device B, online, creates a customer: the server gives it C00001.
    h.api.customers.set('C00001', 'Mairie de Royan');
    h.net.online = true;
    await drainAll(h);
    expect(h.api.customers.get('C00002')).toBe('Boulangerie Martin');
    expect(h.api.applied.find((a) => a.path === 'docs')?.body.customer).toEqual({ accountNumber: 'C00002' });
    expect((await h.db.idMap.get(customer))?.serverId).toBe('C00002');
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('a quote whose customer creation was refused waits (never sent, never attached to another customer)', async () => {
    const h = harness();
    h.net.online = false;
    const customer = newTempId();
    await h.outbox.submit(createCustomer(customer, 'Client refusé', { reject: true }));
    await h.outbox.submit(createQuote(newTempId(), customer));
    h.api.docs.set(55, []);
    await h.outbox.submit(saveDraft(55, 'autre document', null));
    h.net.online = true;
    await drainAll(h);
    // The other document went on; the quote was never sent.
    expect(h.api.applied.map((a) => a.path)).toEqual(['docs/55']);
    const left = await h.db.outbox.orderBy('seq').toArray();
    expect(left.map((e) => [e.kind, e.state])).toEqual([
      ['customer.create', 'failed'],
      ['quote.save', 'pending'],
    ]);
    // The user corrects the customer ("Modifier"): the quote follows with the new number.
    await h.outbox.submit({ ...createCustomer(customer, 'Client corrigé'), replaces: left[0].id });
    await drainAll(h);
    expect(h.api.applied.find((a) => a.path === 'docs')?.body.customer).toEqual({ accountNumber: 'C00001' });
  });
});

describe('draft versions in the outbox', () => {
  it('several saves queued offline from one version go one after the other (each from the previous answer)', async () => {
    const h = harness();
    const { response } = (await h.outbox.submit({
      ...createQuote(newTempId(), ''),
      body: { op: 'créer', versioned: true },
    })) as { response: { id: number; version: number } };
    h.net.online = false;
    await h.outbox.submit(saveDraft(response.id, 'a', response.version));
    await h.outbox.submit(saveDraft(response.id, 'b', response.version));
    h.net.online = true;
    await drainAll(h);
    expect(h.api.docs.get(response.id)).toEqual(['créer', 'a', 'b']);
    expect(h.api.versions.get(response.id)).toBe(3);
  });

  it('a draft created offline then saved again follows its creation’s version', async () => {
    const h = harness();
    h.net.online = false;
    const tmp = newTempId();
    await h.outbox.submit({ ...createQuote(tmp, ''), body: { op: 'créer', versioned: true } });
    await h.outbox.submit(saveDraft(tmp, 'a', null));
    h.net.online = true;
    await drainAll(h);
    expect(await h.db.outbox.count()).toBe(0);
    expect(h.api.versions.get(100)).toBe(2);
  });

  it('a newer version on the server: the queued save waits as a conflict; "Écraser" resends it from the server’s version', async () => {
    const h = harness();
    const { response } = (await h.outbox.submit({
      ...createQuote(newTempId(), ''),
      body: { op: 'créer', versioned: true },
    })) as { response: { id: number; version: number } };
    h.net.online = false;
    await h.outbox.submit(saveDraft(response.id, 'mine', 1));
    await h.outbox.submit(saveDraft(response.id, 'mine 2', 1));
    h.api.versions.set(response.id, 5); // another device saved meanwhile
    h.net.online = true;
    await drainAll(h);
    const [conflict, follower] = await h.db.outbox.orderBy('seq').toArray();
    expect(conflict).toMatchObject({ state: 'failed', lastError: { httpStatus: 409, field: 'version' } });
    expect(follower.state).toBe('pending');
    expect(h.api.docs.get(response.id)).toEqual(['créer']);
    expect(await h.outbox.overwrite(conflict.id)).toEqual({ ok: true });
    await drainAll(h);
    expect(h.api.docs.get(response.id)).toEqual(['créer', 'mine', 'mine 2']);
    expect(h.api.versions.get(response.id)).toBe(7);
  });

  it('"Recharger la version du serveur" drops the refused save and the document’s later changes, nothing else', async () => {
    const h = harness();
    const { response } = (await h.outbox.submit({
      ...createQuote(newTempId(), ''),
      body: { op: 'créer', versioned: true },
    })) as { response: { id: number; version: number } };
    h.net.online = false;
    await h.outbox.submit(saveDraft(response.id, 'mine', 1));
    await h.outbox.submit(saveDraft(response.id, 'mine 2', 1));
    await h.outbox.submit(saveDraft(999, 'other', null));
    h.api.versions.set(response.id, 2);
    h.net.online = true;
    await drainAll(h);
    const [conflict] = await h.db.outbox.orderBy('seq').toArray();
    const gone = await h.outbox.discardFrom(conflict.id);
    expect(gone.map((e) => e.label)).toEqual(['Enregistrement mine', 'Enregistrement mine 2']);
    expect((await h.db.outbox.toArray()).map((e) => e.label)).toEqual(['Enregistrement other']);
    expect(h.api.docs.get(response.id)).toEqual(['créer']);
  });
});
