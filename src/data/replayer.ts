// The outbox engine: one drain at a time per tab (a promise chain) and per device (Web Locks).
// Entries go in creation order; an entry waits while an earlier entry of its docKey is still in
// the outbox (pending, in backoff or failed) or while a temporary id it mentions is unresolved.
// Within a drain, changes of independent documents are sent a few at a time (replay-plan.ts),
// and, when the server has the batch endpoint, many of them in one request (decision 026).
import { backoffDelay } from './backoff';
import type { WorkplaceDb } from './db';
import * as store from './outbox-store';
import type { MutationRequest, MutationResult, OutboxEntry, OutboxError } from './outbox-types';
import { isBlobStoreError, withFileBytes } from './file-bytes';
import { isQuotaError, QUOTA_MESSAGE } from './quota';
import { ReplayPlan, type Step } from './replay-plan';
import { readJson, sendEntry, type SendDeps, type SendOutcome } from './send';
import { MAX_BATCH_ITEMS, sendBatch, type SkippedOutcome } from './send-batch';
import { rewritePath, rewriteTempIds } from './temp-ids';
import { checkUpload, MAX_UPLOAD_BYTES, uploadTooLargeMessage } from '../domain/uploads';

export const ORPHAN_MESSAGE =
  'Le document concerné n’a pas pu être créé sur le serveur : cette modification ne peut pas être envoyée.';
const SIGNED_OUT_MESSAGE = 'Vous n’êtes plus connecté : reconnectez-vous puis réessayez.';

export interface OutboxDeps extends SendDeps {
  db: () => WorkplaceDb | null;
  online: () => boolean;
  random?: () => number;
  /** Runs fn while this tab is the only replayer (navigator.locks); plain call when unsupported. */
  lock?: <T>(fn: () => Promise<T>) => Promise<T>;
  /** Wakes the replayer later (backoff); returns a cancel function. */
  schedule?: (fn: () => void, ms: number) => () => void;
  /** Asks the browser for a Background Sync wake-up (Chromium). */
  requestBackgroundSync?: () => void;
  /** Changes of different documents sent at once (decision 016); 1 = one at a time. */
  concurrency?: number;
  /**
   * Which entries may travel in a batch (POST /api/sync/batch, decision 026): in the app, the JSON
   * changes the contract lets wait offline. Absent: every change is its own request.
   */
  batch?: (entry: OutboxEntry) => boolean;
}

/** Enough to hide the round trip and the device's own writes; few enough not to crowd a shop's line. */
export const DEFAULT_CONCURRENCY = 6;

export interface OutboxEvents {
  done: (entry: OutboxEntry, response: unknown) => void;
  change: () => void;
}

/**
 * Sends one entry instead of the default fetch (an upload screen's XMLHttpRequest, for progress),
 * under the same lock, key and outcome rules. 'cancelled': the user stopped it; the entry goes.
 */
export type EntrySender = (entry: OutboxEntry, deps: SendDeps) => Promise<SendOutcome | { kind: 'cancelled' }>;
export interface SubmitOptions {
  send?: EntrySender;
}
export const CANCELLED_MESSAGE = 'Envoi annulé.';

type Waiter = (result: MutationResult<unknown>) => void;
const noop = () => {};
const failed = (httpStatus: number, message: string, errors: string[] = [], field?: string) => ({
  status: 'failed' as const,
  httpStatus,
  message,
  errors,
  ...(field ? { field } : {}),
});
export const OVERWRITE_FAILED_MESSAGE =
  'La version du serveur n’a pas pu être lue : vérifiez la connexion puis réessayez.';

/** The key the server gave the created thing: `id`, or the entry's idField (a customer's account number). */
function serverKey(entry: OutboxEntry, response: unknown, id: string | number | null): string | number | null {
  if (!entry.idField) return id;
  const value = (response as Record<string, unknown> | null)?.[entry.idField];
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

/** Each entry a task sent, with what the drain does next about it. */
type Steps = Array<[OutboxEntry, Step]>;

/** The request as it is sent: temporary ids the server has answered replaced by its ids. */
const rewriter =
  (idMap: Map<string, string | number>) =>
  (stored: OutboxEntry): Pick<OutboxEntry, 'path' | 'body' | 'file'> => ({
    path: rewritePath(stored.path, idMap),
    body: rewriteTempIds(stored.body, idMap),
    file: stored.file ? { ...stored.file, extra: rewriteTempIds(stored.file.extra, idMap) } : undefined,
  });

export class Outbox {
  paused = false;
  running = false;
  lastError: string | null = null;
  private tail: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;
  private forceNext = false;
  private waiters = new Map<string, Waiter>();
  private senders = new Map<string, EntrySender>();
  private cancelTimer: (() => void) | null = null;
  /** The server answered the batch itself with a refusal (an older server): one request per change from now on. */
  private batchOff = false;
  private listeners = { done: new Set<OutboxEvents['done']>(), change: new Set<OutboxEvents['change']>() };

  constructor(private deps: OutboxDeps) {}

  on<K extends keyof OutboxEvents>(event: K, fn: OutboxEvents[K]): () => void {
    (this.listeners[event] as Set<OutboxEvents[K]>).add(fn);
    return () => (this.listeners[event] as Set<OutboxEvents[K]>).delete(fn);
  }

  private emitChange() {
    for (const fn of this.listeners.change) fn();
  }

  /** The contract's submitMutation: stored first, then (online) sent at once with the outcome. */
  async submit<T>(req: MutationRequest, opts: SubmitOptions = {}): Promise<MutationResult<T>> {
    if (req.file?.field !== '' && req.file) {
      // Each file is checked as the server will check it (size, type), before anything is stored.
      for (const f of [req.file, ...(req.file.more ?? [])]) {
        const refused =
          f.blob.size > MAX_UPLOAD_BYTES
            ? uploadTooLargeMessage(f.name)
            : checkUpload({ name: f.name, size: f.blob.size, type: f.blob.type });
        if (refused) return failed(0, refused, [refused]);
      }
    }
    const db = this.deps.db();
    if (!db) return failed(0, SIGNED_OUT_MESSAGE, [SIGNED_OUT_MESSAGE]);
    let entry: OutboxEntry;
    try {
      entry = await store.enqueue(db, req, this.deps.now()).catch(async (error: unknown) => {
        // WebKit cannot store a Blob in its ephemeral sessions: the file's bytes are kept instead (file-bytes.ts).
        if (!req.file || !isBlobStoreError(error)) throw error;
        return store.enqueue(db, await withFileBytes(req), this.deps.now());
      });
    } catch (error) {
      if (isQuotaError(error)) return failed(0, QUOTA_MESSAGE, [QUOTA_MESSAGE]);
      throw error;
    }
    this.emitChange();
    this.deps.requestBackgroundSync?.();
    if (!this.deps.online() || this.paused) return { status: 'queued', entryId: entry.id };
    const result = new Promise<MutationResult<T>>((resolve) => this.waiters.set(entry.id, resolve as Waiter));
    if (opts.send) this.senders.set(entry.id, opts.send);
    const drained = this.replay().then(() => this.settle(entry.id, { status: 'queued', entryId: entry.id }));
    // With its own sender (one file of a deposit), the caller learns its outcome as soon as it is
    // known, not after the files queued behind it.
    if (!opts.send) await drained;
    return result;
  }

  private settle(id: string, result: MutationResult<unknown>) {
    const waiter = this.waiters.get(id);
    this.waiters.delete(id);
    // Later (background) attempts use the default fetch: the screen that gave the sender may be gone.
    this.senders.delete(id);
    waiter?.(result);
  }

  /** Drains the outbox. Calls made while a drain runs share one follow-up drain. */
  replay(opts: { force?: boolean } = {}): Promise<void> {
    if (opts.force) this.forceNext = true;
    if (this.queued) return this.queued;
    const run = this.tail.then(async () => {
      this.queued = null;
      const force = this.forceNext;
      this.forceNext = false;
      const lock = this.deps.lock ?? ((fn) => fn());
      this.running = true;
      this.emitChange();
      try {
        await lock(() => this.drain(force));
        this.lastError = null;
      } catch (error) {
        // Database closed by a sign-out, storage full while rescheduling…: every entry is still in
        // IndexedDB in a resumable state; the next trigger drains again.
        this.lastError = isQuotaError(error) ? QUOTA_MESSAGE : String((error as Error)?.message ?? error);
      } finally {
        this.running = false;
        this.emitChange();
      }
    });
    this.queued = run;
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** After a new sign-in (new token): resume what a 401 paused. */
  resume(): Promise<void> {
    this.paused = false;
    this.emitChange();
    return this.replay({ force: true });
  }

  async retry(id: string): Promise<void> {
    const db = this.deps.db();
    if (db && (await store.retryEntry(db, id, this.deps.now()))) await this.replay();
  }

  /** "Écraser avec ma version" on a save refused as stale: resent from the server's current version. */
  async overwrite(id: string): Promise<{ ok: true } | { ok: false; message: string }> {
    const db = this.deps.db();
    const entry = db ? await db.outbox.get(id) : undefined;
    if (!db || !entry) return { ok: false, message: OVERWRITE_FAILED_MESSAGE };
    const current = (await readJson(entry.path, entry.companyId, this.deps)) as { version?: unknown } | null;
    if (typeof current?.version !== 'number' || !(await store.overwriteEntry(db, id, current.version, this.deps.now())))
      return { ok: false, message: OVERWRITE_FAILED_MESSAGE };
    this.emitChange();
    await this.replay();
    return { ok: true };
  }

  /** "Recharger la version du serveur": this change and the document's later ones leave the outbox. */
  async discardFrom(id: string): Promise<OutboxEntry[]> {
    const db = this.deps.db();
    const gone = db ? await store.discardFrom(db, id) : [];
    this.emitChange();
    return gone;
  }

  async discard(id: string): Promise<boolean> {
    const db = this.deps.db();
    const removed = !!db && (await store.discardEntry(db, id));
    this.emitChange();
    return removed;
  }

  private async drain(force: boolean): Promise<void> {
    const db = this.deps.db();
    // Offline for sure: the 'online' event wakes us; trying would only count failed attempts.
    if (!db || this.paused || !this.deps.online()) return;
    // Under the lock no other sender exists: 'sending' left over means a tab died mid-request.
    await store.recoverSending(db, this.deps.now());
    if (force) await store.clearBackoff(db);
    const entries = await db.outbox.orderBy('seq').toArray();
    const idMap = new Map((await db.idMap.toArray()).map((r) => [r.tempId, r.serverId] as const));
    const plan = new ReplayPlan(entries, idMap, this.deps.now);
    const limit = Math.max(1, this.deps.concurrency ?? DEFAULT_CONCURRENCY);
    const running = new Set<Promise<void>>();
    // Slow start: one change first; the others follow in parallel once the server has answered one.
    // A server that is down or a line that is gone thus costs one attempt, not `limit` of them.
    let width = 1;
    let stop = false;
    let error: unknown = null;
    /** Starts a group; resolves once its entries are claimed (a batch), at once for a single change. */
    const launch = (group: OutboxEntry[]): Promise<unknown> => {
      const claim =
        group.length === 1
          ? null
          : store.claimMany(
              db,
              group.map((e) => e.id),
              rewriter(idMap),
              this.deps.now(),
            );
      const sent = claim ? this.sendGroup(db, group, claim, idMap) : this.sendOne(db, group[0], idMap);
      const task: Promise<void> = sent
        .then(
          (steps) => {
            for (const [e, step] of steps) {
              plan.finished(e, step);
              if (step === 'done') width = limit;
              if (step === 'stop') stop = true;
            }
          },
          (err: unknown) => {
            group.forEach((e) => plan.finished(e, 'blocked'));
            error ??= err;
          },
        )
        .finally(() => running.delete(task));
      running.add(task);
      return claim ? claim.then(noop, noop) : Promise.resolve();
    };
    for (;;) {
      while (!stop && !this.paused && error === null && running.size < width) {
        const next = plan.next();
        if (!next) break;
        if (next.action === 'orphan') {
          await this.fail(db, next.entry, { httpStatus: 0, message: ORPHAN_MESSAGE, errors: [ORPHAN_MESSAGE] });
          continue;
        }
        const group = [next.entry];
        // After the slow start, the changes that may go now travel together (the plan already let
        // each of them go: independent documents, creators of their temporary ids already answered),
        // and a document's next changes behind its first, each applied only if the one before was
        // (decision 033): a queue of many edits of few documents needs few round trips.
        if (width > 1 && this.batchable(next.entry)) {
          plan.startGroup(next.entry);
          while (group.length < MAX_BATCH_ITEMS) {
            const more = plan.next((e) => this.chainable(e));
            if (!more) break;
            if (more.action === 'orphan')
              await this.fail(db, more.entry, { httpStatus: 0, message: ORPHAN_MESSAGE, errors: [ORPHAN_MESSAGE] });
            else if (this.batchable(more.entry)) group.push(more.entry);
            else {
              plan.sentAlone(more.entry);
              void launch([more.entry]);
            }
          }
        }
        // The next group is formed once this one is claimed: the claims queue in IndexedDB anyway,
        // and the first batch leaves without waiting for the others to be formed and claimed
        // (decision 056).
        await launch(group);
      }
      if (running.size === 0) break;
      await Promise.race(running);
    }
    // Database closed by a sign-out…: every entry is still stored in a resumable state.
    if (error !== null) throw error;
    await this.scheduleNext(db);
  }

  /**
   * May go behind its document's previous change in the same batch (decision 033): not a versioned
   * save, whose version is the previous save's answer (store.rebaseVersions after it).
   */
  private chainable(e: OutboxEntry): boolean {
    return this.batchable(e) && store.versionOf(e.body) === undefined;
  }

  private batchable(e: OutboxEntry): boolean {
    return !this.batchOff && !e.file && !this.senders.has(e.id) && !!this.deps.batch?.(e);
  }

  private async sendOne(db: WorkplaceDb, e: OutboxEntry, idMap: Map<string, string | number>): Promise<Steps> {
    const entry = await store.claim(db, e.id, rewriter(idMap), this.deps.now());
    if (!entry) return [[e, 'blocked']];
    this.emitChange();
    const custom = this.senders.get(entry.id);
    const outcome = custom ? await custom(entry, this.deps) : await sendEntry(entry, this.deps);
    return [[e, await this.handle(db, entry, outcome, idMap)]];
  }

  /**
   * Several changes in one request (decision 026): claimed together, each answered as if sent
   * alone; the applied ones leave the outbox in one transaction, the others follow the usual rules.
   */
  private async sendGroup(
    db: WorkplaceDb,
    group: OutboxEntry[],
    claim: Promise<OutboxEntry[]>,
    idMap: Map<string, string | number>,
  ): Promise<Steps> {
    const claimed = await claim;
    const steps = new Map<string, Step>(group.map((e) => [e.id, 'blocked']));
    const result = claimed.length > 0 ? await sendBatch(claimed, this.deps) : null;
    if (result) this.emitChange();
    if (result?.kind === 'unsupported') {
      // An older server (404) or a batch it refused as a whole: the same requests, one by one.
      this.batchOff = true;
      for (const entry of claimed)
        steps.set(entry.id, await this.handle(db, entry, await sendEntry(entry, this.deps), idMap));
    } else if (result) {
      const outcomes = result.kind === 'answered' ? result.outcomes : claimed.map(() => result.outcome);
      const applied = claimed.flatMap((entry, i) => {
        const o = outcomes[i];
        return o.kind === 'done' ? [{ entry, serverId: serverKey(entry, o.response, o.serverId) }] : [];
      });
      await store.completeMany(db, applied, this.deps.now());
      for (const [i, entry] of claimed.entries())
        steps.set(entry.id, await this.handle(db, entry, outcomes[i], idMap, { completed: true, quiet: true }));
      this.emitChange();
    }
    return group.map((e) => [e, steps.get(e.id)!]);
  }

  /** What an answer means for its entry (stored, settled, announced); the next step of the drain. */
  private async handle(
    db: WorkplaceDb,
    entry: OutboxEntry,
    outcome: SendOutcome | SkippedOutcome | { kind: 'cancelled' },
    idMap: Map<string, string | number>,
    opts: { completed?: boolean; quiet?: boolean } = {},
  ): Promise<Step> {
    const now = this.deps.now();
    const changed = () => (opts.quiet ? undefined : this.emitChange());
    switch (outcome.kind) {
      case 'cancelled':
        await store.remove(db, entry.id);
        this.settle(entry.id, failed(0, CANCELLED_MESSAGE, [CANCELLED_MESSAGE]));
        changed();
        return 'blocked';
      case 'done': {
        const serverId = serverKey(entry, outcome.response, outcome.serverId);
        if (!opts.completed) await store.complete(db, entry, serverId, now);
        if (entry.createsTempId && serverId != null) idMap.set(entry.createsTempId, serverId);
        const version = (outcome.response as { version?: unknown } | null)?.version;
        if (typeof version === 'number') await store.rebaseVersions(db, entry, version);
        this.settle(entry.id, { status: 'done', response: outcome.response });
        for (const fn of this.listeners.done) fn(entry, outcome.response);
        changed();
        return 'done';
      }
      case 'failed':
        await this.fail(db, entry, outcome.error);
        return 'blocked';
      case 'skipped':
        // Not tried (its previous change failed): not an attempt; it waits behind that change.
        await store.reschedule(
          db,
          entry.id,
          {
            attempts: entry.attempts,
            at: entry.nextAttemptAt,
            serverDelay: !!entry.serverDelay,
            error: entry.lastError,
          },
          now,
        );
        this.settle(entry.id, { status: 'queued', entryId: entry.id });
        changed();
        return 'blocked';
      case 'unauthorized':
        // Not an attempt: the change waits, untouched, for a new sign-in.
        await store.reschedule(
          db,
          entry.id,
          { attempts: entry.attempts, at: 0, serverDelay: false, error: outcome.error },
          now,
        );
        this.paused = true;
        this.settle(entry.id, { status: 'queued', entryId: entry.id });
        changed();
        return 'stop';
      case 'retry':
      case 'network': {
        const attempts = entry.attempts + 1;
        const retryAfter = outcome.kind === 'retry' ? outcome.retryAfter : null;
        const delay = retryAfter ?? backoffDelay(attempts, this.deps.random);
        await store.reschedule(
          db,
          entry.id,
          { attempts, at: now + delay, serverDelay: retryAfter != null, error: outcome.error },
          now,
        );
        this.settle(entry.id, { status: 'queued', entryId: entry.id });
        changed();
        // A network error means the device is offline: stop instead of trying every other entry.
        return outcome.kind === 'network' ? 'stop' : 'blocked';
      }
    }
  }

  /**
   * 4xx: an interactive call gets the answer and the entry goes; in a background replay it stays as
   * failed. It also stays when later changes of the same document wait behind it: removing it would
   * let them go without it.
   */
  private async fail(db: WorkplaceDb, entry: OutboxEntry, error: OutboxError) {
    const interactive = this.waiters.has(entry.id);
    const followers = (await db.outbox.where('docKey').equals(entry.docKey).count()) > 1;
    if (interactive && !followers) await store.remove(db, entry.id);
    else await store.markFailed(db, entry.id, error, this.deps.now());
    this.settle(entry.id, failed(error.httpStatus ?? 0, error.message, error.errors, error.field));
    this.emitChange();
  }

  private async scheduleNext(db: WorkplaceDb): Promise<void> {
    this.cancelTimer?.();
    this.cancelTimer = null;
    if (!this.deps.schedule || this.paused) return;
    // Only entries waiting for their time: a due entry that is blocked waits for the one blocking it.
    const now = this.deps.now();
    const next = (await db.outbox.where('state').equals('pending').toArray()).reduce(
      (min, e) => (e.nextAttemptAt > now ? Math.min(min, e.nextAttemptAt) : min),
      Infinity,
    );
    if (next === Infinity) return;
    this.cancelTimer = this.deps.schedule(() => void this.replay(), next - now);
  }
}
