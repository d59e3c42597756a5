// Which queued change may be sent now, when several are sent at once (decision 016). The rules of
// decision 002 stay, read as "wait for what is still before you" instead of "one at a time":
// - a change waits while an earlier change of its document is unsent or in flight (per-document order);
// - it waits while a temporary id it mentions is being created (in flight or not yet tried), and
//   is blocked for this pass when its creator is refused or in backoff, orphaned when none is left;
// - it waits while an earlier change of a document it names (a customer's number, an article's id
//   in its path or body) is unsent or in flight, so an invoice never overtakes its customer's edit;
// - company-wide changes (`company:…`, e.g. bank details printed on invoices) are barriers: they
//   wait for everything before them and everything after waits for them;
// - one upload at a time: its timeout assumes the line is its own (send.ts, timeoutFor).
// While a batch is being formed (startGroup, then next(chainable)), a change may join it behind its
// document's changes already in that batch: the server applies it only if they were (decision 033).
import type { OutboxEntry } from './outbox-types';
import { findTempIds } from './temp-ids';

export type Step = 'done' | 'blocked' | 'stop';
const idOf = (docKey: string) => docKey.slice(docKey.indexOf(':') + 1);
const isBarrier = (e: OutboxEntry) => e.docKey.startsWith('company:');

/** Every scalar of the path and body: what the change may name (ids, account numbers). */
function tokensOf(e: OutboxEntry): Set<string> {
  const out = new Set<string>(e.path.split('/'));
  const walk = (v: unknown) => {
    if (typeof v === 'string' || typeof v === 'number') out.add(String(v));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(e.body);
  walk(e.file?.extra);
  return out;
}

/** Does the change name (by id or number) a document with a change still before it, other than its own? */
function namesAnotherWaiting(tokens: Set<string>, before: Map<string, Set<string>>, own: string): boolean {
  for (const t of tokens) {
    const docs = before.get(t);
    if (docs) for (const d of docs) if (d !== own) return true;
  }
  return false;
}

export class ReplayPlan {
  private left: OutboxEntry[];
  private inflight = new Map<string, OutboxEntry>();
  private blocked = new Set<string>();
  private creators: Set<string>;
  private tokens = new Map<string, Set<string>>();
  /** The temporary ids each change mentions (its path and body do not change while the plan lives). */
  private tempIds = new Map<string, string[]>();
  /** The changes of the batch being formed. */
  private group = new Set<string>();
  /** Their documents, and the documents with a change unsent or in flight when the batch started (by id). */
  private groupDocs = new Set<string>();
  private pendingAtStart: Map<string, Set<string>> | null = null;

  constructor(
    entries: OutboxEntry[],
    private idMap: ReadonlyMap<string, string | number>,
    private now: () => number,
  ) {
    this.left = [...entries].sort((a, b) => a.seq - b.seq);
    this.creators = new Set(entries.map((e) => e.createsTempId).filter(Boolean) as string[]);
  }

  get inFlight(): number {
    return this.inflight.size;
  }

  /** A batch starts with this change (already given by next()). */
  startGroup(first: OutboxEntry): void {
    this.group = new Set([first.id]);
    this.groupDocs = new Set([first.docKey]);
    this.pendingAtStart = null;
  }

  /**
   * A change next() gave while a batch was forming goes alone instead (a file, its own sender): the
   * batch holds nothing of its document, so that document's next change may not follow in it.
   */
  sentAlone(entry: OutboxEntry): void {
    this.group.delete(entry.id);
    this.groupDocs.delete(entry.docKey);
  }

  /**
   * The next change to send ('send') or to fail as orphaned ('orphan'); null: nothing may start now.
   * With `chainable`, a change that passes it may also go behind its document's changes in the batch
   * being formed (startGroup), and then belongs to it.
   */
  next(chainable?: (e: OutboxEntry) => boolean): { entry: OutboxEntry; action: 'send' | 'orphan' } | null {
    for (;;) {
      const size = this.left.length;
      // A batch takes its documents' later changes first (decision 053): it then holds whole
      // documents, the next batch holds others, and several batches can be in flight at once.
      const found = (chainable && this.scanGroup(chainable)) || this.scan(chainable);
      if (found?.action === 'send' && chainable) {
        this.group.add(found.entry.id);
        this.groupDocs.add(found.entry.docKey);
      }
      if (found || this.inflight.size > 0 || this.left.length === 0) return found;
      // The scan blocked some changes: the ones after them may now be decided differently.
      if (this.left.length < size) continue;
      // Nothing in flight and nothing eligible: what is left waits on itself; block the first for this pass.
      this.blocked.add(this.left.shift()!.docKey);
    }
  }

  finished(entry: OutboxEntry, step: Step): void {
    this.inflight.delete(entry.id);
    if (step === 'done' && entry.createsTempId) this.creators.delete(entry.createsTempId);
    if (step !== 'done') this.blocked.add(entry.docKey);
  }

  /**
   * The next change of a document already in the batch being formed, if one may go behind it. The
   * documents it may not name are all those with a change unsent or in flight when the batch
   * started: more than the exact rule's (only the changes before it), so never less safe, and
   * computed once per batch instead of at every call (scan() then applies the exact rule).
   */
  private scanGroup(chainable: (e: OutboxEntry) => boolean): { entry: OutboxEntry; action: 'send' } | null {
    if (this.group.size === 0) return null;
    if (!this.pendingAtStart) {
      this.pendingAtStart = new Map();
      for (const e of [...this.inflight.values(), ...this.left]) {
        const id = idOf(e.docKey);
        this.pendingAtStart.set(id, (this.pendingAtStart.get(id) ?? new Set()).add(e.docKey));
      }
    }
    const held = new Set<string>(); // batch documents one of whose changes must wait: their later ones too
    for (let i = 0; i < this.left.length; i++) {
      const e = this.left[i];
      if (isBarrier(e)) return null;
      if (!this.groupDocs.has(e.docKey) || held.has(e.docKey)) continue;
      const ready = e.state === 'pending' && !this.blocked.has(e.docKey) && e.nextAttemptAt <= this.now();
      let mentioned = this.tempIds.get(e.id);
      if (!mentioned) this.tempIds.set(e.id, (mentioned = findTempIds(e.path, e.body, e.file?.extra)));
      let tokens = this.tokens.get(e.id);
      if (!tokens) this.tokens.set(e.id, (tokens = tokensOf(e)));
      if (
        !ready ||
        !chainable(e) ||
        mentioned.some((t) => !this.idMap.has(t) && t !== e.createsTempId) ||
        namesAnotherWaiting(tokens, this.pendingAtStart, e.docKey)
      ) {
        held.add(e.docKey);
        continue;
      }
      this.left.splice(i, 1);
      this.inflight.set(e.id, e);
      return { entry: e, action: 'send' };
    }
    return null;
  }

  private scan(chainable?: (e: OutboxEntry) => boolean): { entry: OutboxEntry; action: 'send' | 'orphan' } | null {
    const inflight = [...this.inflight.values()];
    if (inflight.some(isBarrier)) return null;
    // Documents with a change still before the one examined (unsent or in flight), by id.
    const before = new Map<string, Set<string>>();
    const mark = (docKey: string) => before.set(idOf(docKey), (before.get(idOf(docKey)) ?? new Set()).add(docKey));
    inflight.forEach((e) => mark(e.docKey));
    // Documents a change may follow in the batch being formed: every change before it is in that batch.
    const chainDocs = new Set<string>();
    const notChainable = new Set<string>();
    if (chainable) for (const e of inflight) (this.group.has(e.id) ? chainDocs : notChainable).add(e.docKey);
    const follows = (e: OutboxEntry) =>
      chainDocs.has(e.docKey) && !notChainable.has(e.docKey) && !!chainable && chainable(e);
    const uploading = inflight.some((e) => e.file);
    // Built only when some change creates a document: the common queue of edits skips it.
    const waitingCreators =
      this.creators.size > 0
        ? new Set([...inflight, ...this.left].map((e) => e.createsTempId).filter(Boolean))
        : new Set<string | undefined>();
    for (let i = 0; i < this.left.length; i++) {
      const e = this.left[i];
      if (e.state !== 'pending' || this.blocked.has(e.docKey) || e.nextAttemptAt > this.now()) {
        this.blocked.add(e.docKey);
        this.left.splice(i--, 1);
        continue;
      }
      if (isBarrier(e) && (i > 0 || inflight.length > 0)) return null;
      const wait = () => {
        mark(e.docKey);
        notChainable.add(e.docKey);
      };
      if ((before.get(idOf(e.docKey))?.has(e.docKey) && !follows(e)) || (e.file && uploading)) {
        wait();
        continue;
      }
      let mentioned = this.tempIds.get(e.id);
      if (!mentioned) this.tempIds.set(e.id, (mentioned = findTempIds(e.path, e.body, e.file?.extra)));
      const unresolved = mentioned.filter((t) => !this.idMap.has(t) && t !== e.createsTempId);
      const creating = unresolved.filter((t) => this.creators.has(t));
      if (creating.some((t) => waitingCreators.has(t))) {
        wait();
        continue;
      }
      if (creating.length > 0 || unresolved.length > 0) {
        this.blocked.add(e.docKey);
        this.left.splice(i--, 1);
        if (creating.length > 0) continue;
        return { entry: e, action: 'orphan' };
      }
      let tokens = this.tokens.get(e.id);
      if (!tokens) this.tokens.set(e.id, (tokens = tokensOf(e)));
      if (namesAnotherWaiting(tokens, before, e.docKey)) {
        wait();
        continue;
      }
      this.left.splice(i, 1);
      this.inflight.set(e.id, e);
      return { entry: e, action: 'send' };
    }
    return null;
  }
}
