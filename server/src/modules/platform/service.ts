import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PlatformSettings, PlatformSettingsBody, Transmission } from '../../../../src/contract/platform';
import type { Db, DbOrTx } from '../../db/client';
import { platformOutbox, platformSettings, platformStrays } from '../../db/schema/index';
import type { Config } from '../../env';
import type { AuthSettings, FlowProfile, FlowSyntax, PlatformAccess } from './afnor-client';

// Decision 088: the company's approved platform and the durable outgoing queue. The queue's rows are
// written in the transaction of what they carry (an invoice's validation, a status, a report), so a
// document validated is a document that will be sent, whatever stops the server afterwards.

export type FlowKind = 'invoice' | 'status' | 'e-reporting';

export interface NewFlow {
  companyId: number;
  kind: FlowKind;
  /** The document's id in its module: with kind, what the flow is for (one trackingId per document). */
  sourceId: number;
  fileName: string;
  bytes: Uint8Array;
  syntax: FlowSyntax;
  profile: FlowProfile;
}

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Stable per document: the same invoice always carries the same one, on every retry and instance. */
export const trackingIdOf = (kind: FlowKind, companyId: number, sourceId: number) =>
  `wp-${kind}-${companyId}-${sourceId}`;

/**
 * Queues a flow for the company's platform, in the caller's transaction (decision 088): committed
 * with the document or not at all. A document queued twice keeps its first row (same trackingId).
 * The worker (worker.ts) sends it; until a platform is set, it waits.
 */
export async function enqueueFlow(tx: DbOrTx, flow: NewFlow, now: Date): Promise<void> {
  await tx
    .insert(platformOutbox)
    .values({
      companyId: flow.companyId,
      kind: flow.kind,
      sourceId: flow.sourceId,
      trackingId: trackingIdOf(flow.kind, flow.companyId, flow.sourceId),
      fileName: flow.fileName,
      bytes: flow.bytes,
      sha256: sha256Hex(flow.bytes),
      syntax: flow.syntax,
      profile: flow.profile,
      nextAttemptAt: now,
      createdAt: now,
    })
    .onConflictDoNothing();
}

// ── Settings ─────────────────────────────────────────────────────────────────────────────────────

export type SettingsRow = typeof platformSettings.$inferSelect;

export async function findSettings(db: DbOrTx, companyId: number): Promise<SettingsRow | null> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.companyId, companyId)).limit(1);
  return row ?? null;
}

export async function findSettingsByHook(db: DbOrTx, hookId: string): Promise<SettingsRow | null> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.hookId, hookId)).limit(1);
  return row ?? null;
}

export async function allSettings(db: DbOrTx): Promise<SettingsRow[]> {
  return db.select().from(platformSettings).orderBy(platformSettings.companyId);
}

export function accessOf(row: SettingsRow, config: Config): PlatformAccess {
  const auth: AuthSettings =
    row.authKind === 'bearer'
      ? { kind: 'bearer', token: row.bearerToken ?? '' }
      : {
          kind: 'oauth2',
          tokenUrl: row.tokenUrl ?? '',
          clientId: row.clientId ?? '',
          clientSecret: row.clientSecret ?? '',
        };
  return { baseUrl: row.baseUrl, auth, refuseLocal: !config.seedDemo };
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * The project's local stand-in (server/src/local-platform) listens on the loopback only: an address
 * there is it, or something else no company's real platform can be. Refused unless the demo is on.
 */
export function isLocalPlatform(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return LOOPBACK.has(host) || host.startsWith('127.');
  } catch {
    return false;
  }
}

export { LOCAL_REFUSED } from './afnor-client';
import { LOCAL_REFUSED } from './afnor-client';

/** What is missing or wrong in a settings body, in French (the secrets already saved count). */
export function settingsProblems(body: PlatformSettingsBody, saved: SettingsRow | null, config: Config): string[] {
  const problems: string[] = [];
  if (isLocalPlatform(body.baseUrl) && !config.seedDemo) problems.push(LOCAL_REFUSED);
  if (body.authKind === 'oauth2') {
    if (!body.tokenUrl) problems.push('Indiquez l’adresse du jeton (OAuth2, « token URL »).');
    else if (isLocalPlatform(body.tokenUrl) && !config.seedDemo && !problems.includes(LOCAL_REFUSED))
      problems.push(LOCAL_REFUSED);
    if (!body.clientId) problems.push('Indiquez l’identifiant client (client id).');
    if (!body.clientSecret && !saved?.clientSecret) problems.push('Indiquez le secret client (client secret).');
  } else if (!body.bearerToken && !saved?.bearerToken) problems.push('Indiquez le jeton d’accès (bearer).');
  return problems;
}

export async function writeSettings(
  tx: DbOrTx,
  companyId: number,
  body: PlatformSettingsBody,
  saved: SettingsRow | null,
  now: Date,
): Promise<SettingsRow> {
  const oauth = body.authKind === 'oauth2';
  const values = {
    baseUrl: body.baseUrl.replace(/\/+$/, ''),
    authKind: body.authKind,
    tokenUrl: oauth ? (body.tokenUrl ?? null) : null,
    clientId: oauth ? (body.clientId ?? null) : null,
    clientSecret: oauth ? body.clientSecret || saved?.clientSecret || null : null,
    bearerToken: oauth ? null : body.bearerToken || saved?.bearerToken || null,
    updatedAt: now,
  };
  const changedPlatform = saved?.baseUrl !== values.baseUrl;
  const [row] = await tx
    .insert(platformSettings)
    .values({ companyId, hookId: randomBytes(18).toString('base64url'), ...values })
    .onConflictDoUpdate({
      target: platformSettings.companyId,
      // Another platform: its notifications and watermark start again.
      set: changedPlatform ? { ...values, webhookUid: null, webhookKey: null, polledUntil: null } : values,
    })
    .returning();
  // What waited for a platform goes now.
  await tx
    .update(platformOutbox)
    .set({ nextAttemptAt: now })
    .where(and(eq(platformOutbox.companyId, companyId), eq(platformOutbox.state, 'pending')));
  return row!;
}

export async function setWebhook(db: DbOrTx, companyId: number, hook: { uid: string; key: string } | null) {
  await db
    .update(platformSettings)
    .set({ webhookUid: hook?.uid ?? null, webhookKey: hook?.key ?? null })
    .where(eq(platformSettings.companyId, companyId));
}

export async function recordCheck(db: DbOrTx, companyId: number, ok: boolean, at: Date) {
  await db
    .update(platformSettings)
    .set({ lastCheckAt: at, lastCheckOk: ok ? 1 : 0 })
    .where(eq(platformSettings.companyId, companyId));
}

export async function setPolledUntil(db: DbOrTx, companyId: number, until: string) {
  await db.update(platformSettings).set({ polledUntil: until }).where(eq(platformSettings.companyId, companyId));
}

export function settingsOf(row: SettingsRow | null, config: Config): PlatformSettings {
  return {
    configured: !!row,
    baseUrl: row?.baseUrl ?? null,
    authKind: (row?.authKind as 'oauth2' | 'bearer' | undefined) ?? null,
    tokenUrl: row?.tokenUrl ?? null,
    clientId: row?.clientId ?? null,
    clientSecretSaved: !!row?.clientSecret,
    bearerTokenSaved: !!row?.bearerToken,
    webhookSubscribed: !!row?.webhookKey,
    defaultBaseUrl: config.env.PA_URL ?? null,
    lastCheckAt: row?.lastCheckAt?.toISOString() ?? null,
    lastCheckOk: row?.lastCheckOk === null || row?.lastCheckOk === undefined ? null : row.lastCheckOk === 1,
  };
}

export function platformName(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

// ── Transmissions ────────────────────────────────────────────────────────────────────────────────

export const PENDING_LABEL = 'En attente de transmission';
export const SENT_LABEL = 'Transmise';
export const REFUSED_LABEL = 'Refusée par la plateforme';
export const NO_PLATFORM =
  'Aucune plateforme agréée n’est enregistrée pour la société : la facture partira dès qu’elle le sera (Mes factures › Plateforme agréée).';

export async function transmissionOf(
  db: DbOrTx,
  companyId: number,
  kind: FlowKind,
  sourceId: number,
): Promise<Transmission> {
  const [row] = await db
    .select()
    .from(platformOutbox)
    .where(
      and(
        eq(platformOutbox.companyId, companyId),
        eq(platformOutbox.kind, kind),
        eq(platformOutbox.sourceId, sourceId),
      ),
    )
    .orderBy(desc(platformOutbox.id))
    .limit(1);
  if (!row)
    return {
      state: 'none',
      label: 'Non transmise',
      message: null,
      flowId: null,
      attempts: 0,
      nextAttemptAt: null,
      sentAt: null,
    };
  const state = row.state === 'sent' ? 'sent' : row.state === 'refused' ? 'refused' : 'pending';
  const waitsForPlatform = state === 'pending' && !row.lastError && !(await findSettings(db, companyId));
  return {
    state,
    label: state === 'sent' ? SENT_LABEL : state === 'refused' ? REFUSED_LABEL : PENDING_LABEL,
    message: waitsForPlatform ? NO_PLATFORM : row.lastError,
    flowId: row.flowId,
    attempts: row.attempts,
    nextAttemptAt: state === 'pending' ? row.nextAttemptAt.toISOString() : null,
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** Counts by state (bench, tests): how many rows wait, went, were refused. */
export async function queueCounts(db: Db, companyId?: number) {
  const rows = await db
    .select({ state: platformOutbox.state, n: sql<number>`count(*)::int` })
    .from(platformOutbox)
    .where(companyId === undefined ? undefined : eq(platformOutbox.companyId, companyId))
    .groupBy(platformOutbox.state);
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)])) as Record<string, number>;
}

/** A call the portal could not place, kept aside with why (a status for a flow it does not know). */
export async function keepStray(db: DbOrTx, companyId: number | null, reason: string, payload: unknown, at: Date) {
  console.warn(`Plateforme : ${reason}`);
  await db.insert(platformStrays).values({ companyId, reason, payload: payload as object, createdAt: at });
}
