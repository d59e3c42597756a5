// Every state change of an outbox entry is one short Dexie transaction (never awaiting the network
// inside one: PrematureCommitError), so a tab closed at any instant leaves a consistent outbox.
import type { WorkplaceDb } from './db';
import type { MutationRequest, OutboxEntry, OutboxError } from './outbox-types';
import { uuid } from './temp-ids';

/** Writes the entry BEFORE any request; throws the storage error (quota) untouched. */
export async function enqueue(db: WorkplaceDb, req: MutationRequest, now: number): Promise<OutboxEntry> {
  return db.transaction('rw', db.outbox, async () => {
    // "Modifier": the corrected request takes the failed entry's place, so the document's later
    // changes still follow it; it is a new request, hence a new Idempotency-Key.
    const replaced = req.replaces ? await db.outbox.get(req.replaces) : undefined;
    if (replaced && replaced.state !== 'sending') await db.outbox.delete(replaced.id);
    const seq =
      replaced && replaced.state !== 'sending' ? replaced.seq : ((await db.outbox.orderBy('seq').last())?.seq ?? 0) + 1;
    const entry: OutboxEntry = {
      id: uuid(),
      seq,
      createdAt: now,
      updatedAt: now,
      state: 'pending',
      method: req.method,
      path: req.path.replace(/^\/+/, '').replace(/^api\//, ''),
      body: req.body,
      file: req.file
        ? {
            blob: req.file.blob,
            name: req.file.name,
            field: req.file.field ?? 'file',
            extra: req.file.extra ?? {},
            ...(req.file.more?.length ? { more: req.file.more } : {}),
          }
        : undefined,
      companyId: req.companyId,
      docKey: req.docKey,
      label: req.label,
      kind: req.kind,
      createsTempId: req.createsTempId,
      ...(req.idField ? { idField: req.idField } : {}),
      idempotencyKey: uuid(),
      attempts: 0,
      nextAttemptAt: 0,
    };
    await db.outbox.add(entry);
    return entry;
  });
}

/**
 * pending → sending, keeping the rewritten path/body (so every retry sends the very same request
 * under the same Idempotency-Key). Null when the entry was discarded or taken meanwhile.
 */
export async function claim(
  db: WorkplaceDb,
  id: string,
  rewrite: (stored: OutboxEntry) => Pick<OutboxEntry, 'path' | 'body' | 'file'>,
  now: number,
): Promise<OutboxEntry | null> {
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (!entry || entry.state !== 'pending') return null;
    // Rewritten from the stored entry, not the drain's earlier read: a version rebased meanwhile counts.
    const changes = rewrite(entry);
    const next: OutboxEntry = { ...entry, ...changes, state: 'sending', updatedAt: now };
    if (!entry.file) await db.outbox.put(next);
    // With a file, only what changed is written: the file stays as stored (a Blob, or its bytes where
    // WebKit could not keep the Blob: file-bytes.ts; the entry read here holds a Blob made from them).
    else
      await db.outbox.update(id, {
        path: next.path,
        body: next.body,
        ...(changes.file ? { 'file.extra': changes.file.extra } : {}),
        state: 'sending',
        updatedAt: now,
      });
    return next;
  });
}

/** claim for a batch (decision 026): every entry in one transaction; those discarded or taken meanwhile are left out. */
export async function claimMany(
  db: WorkplaceDb,
  ids: string[],
  rewrite: (stored: OutboxEntry) => Pick<OutboxEntry, 'path' | 'body' | 'file'>,
  now: number,
): Promise<OutboxEntry[]> {
  return db.transaction('rw', db.outbox, async () => {
    const stored = (await db.outbox.bulkGet(ids)).filter((e): e is OutboxEntry => e?.state === 'pending');
    const next = stored.map((e): OutboxEntry => ({ ...e, ...rewrite(e), state: 'sending', updatedAt: now }));
    await db.outbox.bulkPut(next);
    return next;
  });
}

/** complete for the applied items of a batch: one transaction for all of them. */
export async function completeMany(
  db: WorkplaceDb,
  done: Array<{ entry: OutboxEntry; serverId: string | number | null }>,
  now: number,
): Promise<void> {
  await db.transaction('rw', db.outbox, db.idMap, async () => {
    await db.outbox.bulkDelete(done.map((d) => d.entry.id));
    const mapped = done.filter((d) => d.entry.createsTempId && d.serverId != null);
    await db.idMap.bulkPut(
      mapped.map((d) => ({ tempId: d.entry.createsTempId!, serverId: d.serverId!, createdAt: now })),
    );
  });
}

/** 2xx: the entry leaves the outbox and, in the same transaction, its temporary id gets its server id. */
export async function complete(
  db: WorkplaceDb,
  entry: OutboxEntry,
  serverId: string | number | null,
  now: number,
): Promise<void> {
  await db.transaction('rw', db.outbox, db.idMap, async () => {
    await db.outbox.delete(entry.id);
    if (entry.createsTempId && serverId != null)
      await db.idMap.put({ tempId: entry.createsTempId, serverId, createdAt: now });
  });
}

/** Back to pending, to be sent again at `at` with the same key. */
export async function reschedule(
  db: WorkplaceDb,
  id: string,
  patch: { attempts: number; at: number; serverDelay: boolean; error?: OutboxError },
  now: number,
): Promise<void> {
  await db.outbox.update(id, {
    state: 'pending',
    attempts: patch.attempts,
    nextAttemptAt: patch.at,
    serverDelay: patch.serverDelay,
    lastError: patch.error,
    updatedAt: now,
  });
}

export async function markFailed(db: WorkplaceDb, id: string, error: OutboxError, now: number): Promise<void> {
  await db.outbox.update(id, { state: 'failed', lastError: error, updatedAt: now });
}

export async function remove(db: WorkplaceDb, id: string): Promise<void> {
  await db.outbox.delete(id);
}

/** Start-up (under the replay lock): a 'sending' entry is one whose tab died mid-request. */
export async function recoverSending(db: WorkplaceDb, now: number): Promise<number> {
  return db.outbox.where('state').equals('sending').modify({ state: 'pending', updatedAt: now });
}

/** "Synchroniser", 'online': retry now, except where the server asked to wait (Retry-After). */
export async function clearBackoff(db: WorkplaceDb): Promise<void> {
  // Only the entries that wait: a modify() callback writes back every entry it visits (1 000 queued
  // changes cost about 0.2 s on a device before the first one was sent).
  await db.outbox
    .where('state')
    .equals('pending')
    .and((e: OutboxEntry) => e.nextAttemptAt > 0 && !e.serverDelay)
    .modify({ nextAttemptAt: 0 });
}

/** "Réessayer" on a failed entry. */
export async function retryEntry(db: WorkplaceDb, id: string, now: number): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (!entry || entry.state !== 'failed') return false;
    // The server answered 4xx without applying anything and stored that answer under the old key:
    // the same key would only get the same refusal back, so the retry is a new request.
    await db.outbox.update(id, {
      state: 'pending',
      idempotencyKey: uuid(),
      attempts: 0,
      nextAttemptAt: 0,
      serverDelay: false,
      updatedAt: now,
    });
    return true;
  });
}

/** "Abandonner": never while the request is in flight (its outcome is unknown). */
export async function discardEntry(db: WorkplaceDb, id: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (!entry || entry.state === 'sending') return false;
    await db.outbox.delete(id);
    return true;
  });
}

/** The draft version a save was built on (null: its creation's, not known yet); undefined: not a versioned save. */
export const versionOf = (body: unknown): number | null | undefined =>
  body && typeof body === 'object' && 'version' in body
    ? ((body as { version?: number | null }).version ?? null)
    : undefined;

/**
 * A save of a draft reached the server, which answered its new version: the later queued saves
 * of the same document written on this device from the same base (several saves while offline)
 * now start from that version, or each would be refused as a conflict with its own predecessor.
 * Only entries with the done entry's base move: one built on another version stays refused.
 */
export async function rebaseVersions(db: WorkplaceDb, done: OutboxEntry, version: number): Promise<void> {
  const base = versionOf(done.body) ?? null;
  await db.outbox
    .where('docKey')
    .equals(done.docKey)
    .modify((e: OutboxEntry) => {
      if (e.seq > done.seq && e.state !== 'sending' && versionOf(e.body) === base)
        e.body = { ...(e.body as object), version };
    });
}

/** "Écraser avec ma version": the refused save is sent again from the server's current version, under a new key. */
export async function overwriteEntry(db: WorkplaceDb, id: string, version: number, now: number): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (!entry || entry.state !== 'failed' || versionOf(entry.body) === undefined) return false;
    // The document's later saves built on the same base follow this one (rebaseVersions after it succeeds).
    const base = versionOf(entry.body);
    await db.outbox
      .where('docKey')
      .equals(entry.docKey)
      .modify((e: OutboxEntry) => {
        if (e.seq > entry.seq && e.state !== 'sending' && versionOf(e.body) === base)
          e.body = { ...(e.body as object), version };
      });
    await db.outbox.update(id, {
      body: { ...(entry.body as object), version },
      state: 'pending',
      idempotencyKey: uuid(),
      attempts: 0,
      nextAttemptAt: 0,
      serverDelay: false,
      lastError: undefined,
      updatedAt: now,
    });
    return true;
  });
}

/** "Recharger la version du serveur": the refused change and every later change of the document leave. */
export async function discardFrom(db: WorkplaceDb, id: string): Promise<OutboxEntry[]> {
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (!entry || entry.state === 'sending') return [];
    const gone = (await db.outbox.where('docKey').equals(entry.docKey).toArray())
      .filter((e) => e.seq >= entry.seq && e.state !== 'sending')
      .sort((a, b) => a.seq - b.seq);
    await db.outbox.bulkDelete(gone.map((e) => e.id));
    return gone;
  });
}
