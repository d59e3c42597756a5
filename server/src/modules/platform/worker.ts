import { and, asc, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { platformOutbox } from '../../db/schema/index';
import { loggableError } from '../../db/loggable-error';
import type { Deps } from '../../http/types';
import { afnorClient, PlatformError, type AfnorClient, type PlatformFlow } from './afnor-client';
import { pollIncoming, type IncomingEntries } from './incoming';
import { accessOf, allSettings, findSettings, type SettingsRow } from './service';
import { subscribe } from './webhooks';

// Decision 088: the worker every instance runs. It takes the due rows of the outgoing queue under a
// lease (FOR UPDATE SKIP LOCKED: two instances on one PostgreSQL never take the same row), and sends
// each one. A row is marked « submitting » in its own commit before the call: taken again after a
// crash with that mark, its flow is first looked for on the platform by its trackingId, so the same
// document is never sent twice. While the platform is down the row waits, each time twice as long.

type Row = typeof platformOutbox.$inferSelect;

/** How long a worker holds a row: longer than a call may last (15 s timeout, a token and a search). */
const LEASE_MS = 60_000;
const BATCH = 20;
/** The longest wait between two tries (the platform down for hours: every 15 minutes). */
const MAX_BACKOFF_MS = 15 * 60_000;

export interface PlatformWorker {
  /** One turn now (tests, bench): sends what is due, then answers. */
  runOnce(): Promise<void>;
  /** The polling's turn now (tests). */
  pollOnce(): Promise<void>;
  close(): Promise<void>;
}

export interface WorkerOptions {
  /** Tests only: the adapter to use instead of the real one. */
  clientFor?: (settings: SettingsRow) => AfnorClient;
  /** Tests only: called right after a flow was submitted, before the commit that records it. */
  afterSubmit?: (row: Row, flow: PlatformFlow) => void;
}

export function backoffMs(attempts: number, baseMs: number): number {
  return Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** Takes the due rows under a lease, in one short transaction. */
async function takeDue(db: Db, now: Date): Promise<Row[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: platformOutbox.id })
      .from(platformOutbox)
      .where(
        and(
          eq(platformOutbox.state, 'pending'),
          lte(platformOutbox.nextAttemptAt, now),
          or(isNull(platformOutbox.leaseUntil), lt(platformOutbox.leaseUntil, now)),
          // Without a platform the row waits untouched; saving one brings it forward (writeSettings).
          sql`exists (select 1 from platform_settings s where s.company_id = ${platformOutbox.companyId})`,
        ),
      )
      .orderBy(asc(platformOutbox.nextAttemptAt), asc(platformOutbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(platformOutbox)
      .set({ leaseUntil: new Date(now.getTime() + LEASE_MS) })
      .where(
        sql`${platformOutbox.id} in (${sql.join(
          due.map((d) => sql`${d.id}`),
          sql`, `,
        )})`,
      )
      .returning();
  });
}

/** Updates a row only while this worker still holds its lease. */
async function settle(db: Db, row: Row, values: Partial<typeof platformOutbox.$inferInsert>): Promise<void> {
  await db
    .update(platformOutbox)
    .set({ ...values, leaseUntil: null })
    .where(and(eq(platformOutbox.id, row.id), eq(platformOutbox.leaseUntil, row.leaseUntil!)));
}

const contentTypeOf = (row: Row) => (row.syntax === 'Factur-X' ? 'application/pdf' : 'application/xml');

async function sendRow(deps: Deps, row: Row, client: AfnorClient, opts: WorkerOptions): Promise<void> {
  // A try that may have reached the platform before the process stopped: is the flow there already?
  if (row.submittingSince) {
    const { results } = await client.searchFlows({ trackingId: row.trackingId, flowDirection: ['Out'] });
    const same = results.find((f) => f.trackingId === row.trackingId && (!f.sha256 || f.sha256 === row.sha256));
    if (same) {
      await settle(deps.db, row, {
        state: 'sent',
        flowId: same.flowId,
        ackStatus: same.acknowledgement?.status ?? null,
        sentAt: deps.now(),
        lastError: null,
      });
      return;
    }
  }
  await deps.db
    .update(platformOutbox)
    .set({ submittingSince: deps.now() })
    .where(and(eq(platformOutbox.id, row.id), eq(platformOutbox.leaseUntil, row.leaseUntil!)));
  const flow = await client.submitFlow(
    {
      trackingId: row.trackingId,
      name: row.fileName,
      flowSyntax: row.syntax as never,
      flowProfile: row.profile as never,
      sha256: row.sha256,
    },
    row.bytes,
    contentTypeOf(row),
  );
  opts.afterSubmit?.(row, flow);
  await settle(deps.db, row, {
    state: 'sent',
    flowId: flow.flowId,
    ackStatus: flow.acknowledgement?.status ?? 'Pending',
    sentAt: deps.now(),
    lastError: null,
  });
}

async function failRow(deps: Deps, row: Row, error: unknown, baseMs: number): Promise<void> {
  const attempts = row.attempts + 1;
  if (error instanceof PlatformError && !error.retryable) {
    await settle(deps.db, row, { state: 'refused', attempts, lastError: error.message });
    return;
  }
  const message =
    error instanceof PlatformError
      ? error.message
      : 'La transmission a échoué sur le serveur : nouvel essai automatique.';
  if (!(error instanceof PlatformError)) console.warn('Plateforme : envoi en échec', loggableError(error));
  await settle(deps.db, row, {
    attempts,
    lastError: message,
    nextAttemptAt: new Date(deps.now().getTime() + backoffMs(attempts, baseMs)),
  });
}

export async function drainQueue(deps: Deps, opts: WorkerOptions, baseMs: number): Promise<number> {
  let sent = 0;
  for (;;) {
    const rows = await takeDue(deps.db, deps.now());
    if (!rows.length) return sent;
    const clients = new Map<number, AfnorClient | null>();
    for (const row of rows) {
      if (!clients.has(row.companyId)) {
        const settings = await findSettings(deps.db, row.companyId);
        clients.set(
          row.companyId,
          settings ? (opts.clientFor?.(settings) ?? afnorClient(accessOf(settings, deps.config), deps.now)) : null,
        );
      }
      const client = clients.get(row.companyId);
      if (!client) {
        // The platform went down earlier in this turn (or was removed): the row's turn comes later.
        await settle(deps.db, row, {
          nextAttemptAt: new Date(deps.now().getTime() + backoffMs(row.attempts + 1, baseMs)),
        });
        continue;
      }
      try {
        await sendRow(deps, row, client, opts);
        sent++;
      } catch (error) {
        // The platform is down: the company's other rows would fail the same way this turn.
        if (error instanceof PlatformError && error.retryable) clients.set(row.companyId, null);
        await failRow(deps, row, error, baseMs);
      }
    }
  }
}

/**
 * Starts the worker's timers (unref'd: they never keep a process alive). close() stops them and
 * waits for the turn under way.
 */
export function startPlatformWorker(deps: Deps, entries: IncomingEntries, opts: WorkerOptions = {}): PlatformWorker {
  const queueMs = deps.config.env.PLATFORM_QUEUE_SECONDS * 1000;
  const pollMs = deps.config.env.PLATFORM_POLL_SECONDS * 1000;
  const retryMs = deps.config.env.PLATFORM_RETRY_SECONDS * 1000;
  let closed = false;
  let turn: Promise<unknown> = Promise.resolve();
  let queueTimer: NodeJS.Timeout | undefined;
  let pollTimer: NodeJS.Timeout | undefined;

  const runOnce = () => {
    const next = turn.then(() =>
      drainQueue(deps, opts, retryMs).catch((e) =>
        console.warn('Plateforme : file d’envoi en échec', loggableError(e)),
      ),
    );
    turn = next;
    return next.then(() => undefined);
  };
  const pollOnce = () => {
    const next = turn.then(async () => {
      const release = deps.state.sharedLocks
        ? await deps.state.sharedLocks.tryHold('job:platform-poll')
        : async () => {};
      if (!release) return;
      try {
        for (const settings of await allSettings(deps.db)) {
          if (closed) break;
          // Set by the demo's seed before the port opened, or refused earlier: subscribed now.
          if (!settings.webhookKey && !opts.clientFor) await subscribe(deps, settings);
          const client = opts.clientFor?.(settings) ?? afnorClient(accessOf(settings, deps.config), deps.now);
          await pollIncoming(deps, entries, settings, client).catch((e) =>
            console.warn(`Plateforme : relève des flux entrants en échec (société ${settings.companyId})`, e?.message),
          );
        }
      } finally {
        await release();
      }
    });
    turn = next.catch((e) => console.warn('Plateforme : relève en échec', loggableError(e)));
    return turn.then(() => undefined);
  };
  const schedule = () => {
    if (closed) return;
    queueTimer = setTimeout(() => void runOnce().finally(schedule), queueMs);
    queueTimer.unref();
  };
  const schedulePoll = () => {
    if (closed) return;
    pollTimer = setTimeout(() => void pollOnce().finally(schedulePoll), pollMs);
    pollTimer.unref();
  };
  // The embedded database has one owner (its data folder's lock): a lease left by a killed process
  // is this instance's own, and is released at once instead of after LEASE_MS.
  if (!deps.state.sharedLocks)
    turn = deps.db
      .update(platformOutbox)
      .set({ leaseUntil: null })
      .where(isNotNull(platformOutbox.leaseUntil))
      .catch((e) => console.warn('Plateforme : reprise de la file en échec', loggableError(e)));
  schedule();
  // The first relève soon after the start (webhooks to subscribe, flows that came while stopped).
  pollTimer = setTimeout(() => void pollOnce().finally(schedulePoll), Math.min(pollMs, 1000));
  pollTimer.unref();
  return {
    runOnce,
    pollOnce,
    async close() {
      closed = true;
      clearTimeout(queueTimer);
      clearTimeout(pollTimer);
      await turn.catch(() => undefined);
    },
  };
}
