import { customType, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './users';

// The platform module's tables (decision 088): the company's approved platform (« plateforme
// agréée »), the durable queue of the flows it must receive from us, and what came in from it.

// Buffer is a Uint8Array both drivers accept (node-postgres only binds Buffers as bytea).
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value),
});
const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/**
 * One row per company that has a platform. The secrets (client secret, bearer token, webhook signing
 * key) are read only by the server: the API says whether each is set, never its value.
 */
export const platformSettings = pgTable(
  'platform_settings',
  {
    companyId: companyId().primaryKey(),
    /** The Flow Service's base URL (…/flow-service); the Directory Service's is its sibling. */
    baseUrl: text('base_url').notNull(),
    /** 'oauth2' (client credentials) | 'bearer' — the Flow Service's two security schemes. */
    authKind: text('auth_kind').notNull(),
    tokenUrl: text('token_url'),
    clientId: text('client_id'),
    clientSecret: text('client_secret'),
    bearerToken: text('bearer_token'),
    /** The callback's path segment: random, so a company's id never appears in a public URL. */
    hookId: text('hook_id').notNull(),
    /** What the platform answered when we subscribed (its id and signing key). */
    webhookUid: text('webhook_uid'),
    webhookKey: text('webhook_key'),
    /** The polling's watermark: the last incoming flow's updatedAt already handled. */
    polledUntil: text('polled_until'),
    lastCheckAt: timestamp('last_check_at', { withTimezone: true }),
    lastCheckOk: integer('last_check_ok'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('platform_settings_hook_uq').on(t.hookId)],
);

/**
 * The durable outgoing queue: a row written in the transaction that validates the document, taken by
 * a worker under a lease (FOR UPDATE SKIP LOCKED), submitted once. trackingId is stable per document,
 * so a retry after a crash finds the flow the platform already has instead of sending it again.
 */
export const platformOutbox = pgTable(
  'platform_outbox',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    /** 'invoice' | 'status' | 'e-reporting' */
    kind: text('kind').notNull(),
    /** The document's id in its module (an invoice, a status, a report). */
    sourceId: integer('source_id').notNull(),
    trackingId: text('tracking_id').notNull(),
    fileName: text('file_name').notNull(),
    bytes: bytea('bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** FlowSyntax and FlowProfile of the Flow Service. */
    syntax: text('syntax').notNull(),
    profile: text('profile').notNull(),
    /** 'pending' (to send or retry) | 'sent' (the platform took it) | 'refused' (a 4xx: will not be retried) */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** A worker holds the row until then; past it another may take it (a crashed instance). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Set before the call: a row taken again with it set is searched for on the platform first. */
    submittingSince: timestamp('submitting_since', { withTimezone: true }),
    flowId: text('flow_id'),
    /** The platform's acknowledgement once known: 'Pending' | 'Ok' | 'Error'. */
    ackStatus: text('ack_status'),
    /** The last failure, in French (shown on the document). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('platform_outbox_tracking_uq').on(t.companyId, t.trackingId),
    index('platform_outbox_due_idx').on(t.state, t.nextAttemptAt),
    index('platform_outbox_source_idx').on(t.companyId, t.kind, t.sourceId),
  ],
);

/** Each incoming flow handled once (webhook and polling may both bring it). */
export const platformInbound = pgTable(
  'platform_inbound',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    flowId: text('flow_id').notNull(),
    flowType: text('flow_type').notNull(),
    /** 'received' (landed in « Factures reçues ») | 'duplicate' | 'refused' | 'status' (lifecycle handed on) | 'kept' (waiting) */
    outcome: text('outcome').notNull(),
    /** The received invoice's id, when one was recorded. */
    receivedInvoiceId: integer('received_invoice_id'),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('platform_inbound_flow_uq').on(t.companyId, t.flowId)],
);

/** Calls the portal could not place (a status for a flow it does not know): logged and kept aside. */
export const platformStrays = pgTable('platform_strays', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  payload: jsonb('payload').$type<unknown>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
