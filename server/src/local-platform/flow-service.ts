import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { Clock } from '../clock/clock';
import { apiError, FLOW_PROFILES, FLOW_SYNTAXES, flowMetadata, fullFlowInfo, PROCESSING_RULES } from './flow-shapes';
import { readStatus } from './invoice-reading';
import type { Processor } from './processing';
import type { PlatformStore } from './store';
import type { FlowDirection, FlowProfile, FlowSyntax, StoredFlow, Webhook } from './types';

// The Flow Service of the local platform (flow-service-1.3.0.json, decision 087). Every route runs
// for the account its bearer token names (`client`): it sees and submits only its own flows.

export type FlowEnv = { Variables: { client: string } };

/** The spec's maximum file size. */
export const MAX_FLOW_BYTES = 100 * 1024 * 1024;

const bad = (message: string) => apiError('MISSING_REQUIRED_FIELD', message);

interface FlowInfoIn {
  trackingId?: string;
  name?: string;
  processingRule?: string;
  flowSyntax?: string;
  flowProfile?: string;
  sha256?: string;
}

function flowInfoProblem(info: FlowInfoIn): string | null {
  if (!info.name || typeof info.name !== 'string' || info.name.length > 255)
    return 'flowInfo.name est obligatoire (255 caractères au plus).';
  if (!FLOW_SYNTAXES.includes(info.flowSyntax as FlowSyntax))
    return `flowInfo.flowSyntax doit valoir ${FLOW_SYNTAXES.join(', ')}.`;
  if (info.flowProfile !== undefined && !FLOW_PROFILES.includes(info.flowProfile as FlowProfile))
    return `flowInfo.flowProfile doit valoir ${FLOW_PROFILES.join(', ')}.`;
  if (info.processingRule !== undefined && !(PROCESSING_RULES as readonly string[]).includes(info.processingRule))
    return 'flowInfo.processingRule est inconnu.';
  if (info.trackingId !== undefined && (typeof info.trackingId !== 'string' || info.trackingId.length > 64))
    return 'flowInfo.trackingId : 64 caractères au plus.';
  if (info.sha256 !== undefined && !/^[a-f0-9]{64}$/.test(info.sha256))
    return 'flowInfo.sha256 : 64 chiffres hexadécimaux en minuscules.';
  return null;
}

/** The flow type a submission gets: the platform computes it (FlowInfo carries none). */
function flowTypeOf(
  syntax: FlowSyntax,
  rule: string | undefined,
  file: Uint8Array,
  owner: string,
  store: PlatformStore,
): string {
  if (syntax === 'FRR')
    return rule === 'B2C'
      ? 'AggregatedCustomerTransactionReport'
      : rule === 'B2BInt'
        ? 'UnitaryCustomerTransactionReport'
        : 'MultiFlowReport';
  if (syntax !== 'CDAR') return 'CustomerInvoice';
  const number = readStatus(file)?.invoiceNumber;
  const received = [...store.flows.values()].some(
    (f) => f.owner === owner && f.flowType === 'SupplierInvoice' && f.invoice?.number === number,
  );
  return received ? 'SupplierInvoiceLC' : 'CustomerInvoiceLC';
}

async function readSubmission(c: { req: { parseBody(): Promise<Record<string, unknown>> } }) {
  const form = await c.req.parseBody().catch(() => null);
  if (!form) return { problem: 'Attendu : un corps multipart/form-data avec flowInfo et file.' } as const;
  const file = form.file;
  if (!(file instanceof File)) return { problem: 'La partie « file » (le fichier du flux) manque.' } as const;
  let info: FlowInfoIn;
  try {
    const raw = form.flowInfo instanceof File ? await form.flowInfo.text() : form.flowInfo;
    info = JSON.parse(String(raw ?? '')) as FlowInfoIn;
  } catch {
    return { problem: 'La partie « flowInfo » doit être un objet JSON.' } as const;
  }
  if (!info || typeof info !== 'object') return { problem: 'La partie « flowInfo » doit être un objet JSON.' } as const;
  const problem = flowInfoProblem(info);
  if (problem) return { problem } as const;
  return { info, bytes: new Uint8Array(await file.arrayBuffer()) } as const;
}

function submitRoute(app: Hono<FlowEnv>, store: PlatformStore, processor: Processor, now: Clock): void {
  app.post('/v1/flows', async (c) => {
    if (Number(c.req.header('content-length') ?? 0) > MAX_FLOW_BYTES + 1024 * 1024)
      return c.json(apiError('FILE_SIZE_EXCEEDED', 'Le fichier dépasse 100 Mo.'), 413);
    const read = await readSubmission(c);
    if ('problem' in read) return c.json(bad(read.problem!), 400);
    const { info, bytes } = read;
    if (bytes.length === 0) return c.json(apiError('EMPTY_FLOW', 'Le fichier du flux est vide.'), 422);
    if (bytes.length > MAX_FLOW_BYTES) return c.json(apiError('FILE_SIZE_EXCEEDED', 'Le fichier dépasse 100 Mo.'), 413);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (info.sha256 && info.sha256 !== sha256)
      return c.json(
        apiError('CHECKSUM_MISMATCH', 'L’empreinte SHA-256 annoncée n’est pas celle du fichier reçu.'),
        422,
      );
    const client = c.get('client');
    // A resubmission (same tracking id, or same file) is the flow already received: its 202 again.
    const existing = [...store.flows.values()].find(
      (f) =>
        f.owner === client &&
        f.flowDirection === 'Out' &&
        ((info.trackingId && f.trackingId === info.trackingId) || f.sha256 === sha256),
    );
    if (existing) return c.json(fullFlowInfo(existing), 202);
    const at = now().toISOString();
    const syntax = info.flowSyntax as FlowSyntax;
    const flow: StoredFlow = {
      flowId: randomUUID(),
      owner: client,
      ...(info.trackingId ? { trackingId: info.trackingId } : {}),
      name: info.name!,
      processingRule: info.processingRule ?? (syntax === 'CDAR' ? 'NotApplicable' : syntax === 'FRR' ? 'B2C' : 'B2B'),
      processingRuleSource: info.processingRule ? 'Input' : 'Computed',
      flowSyntax: syntax,
      flowProfile: (info.flowProfile as FlowProfile) ?? 'Undefined',
      flowType: flowTypeOf(syntax, info.processingRule, bytes, client, store),
      flowDirection: 'Out',
      sha256,
      submittedAt: at,
      updatedAt: at,
      acknowledgement: { status: 'Pending' },
      file: Buffer.from(bytes).toString('base64'),
    };
    store.addFlow(flow);
    processor.track(processor.process(flow));
    return c.json(fullFlowInfo(flow), 202);
  });
}

interface Where {
  updatedAfter?: string;
  updatedBefore?: string;
  processingRule?: string[];
  flowType?: string[];
  flowDirection?: FlowDirection[];
  trackingId?: string;
  ackStatus?: string;
}

const CRITERIA = [
  'updatedAfter',
  'updatedBefore',
  'processingRule',
  'flowType',
  'flowDirection',
  'trackingId',
  'ackStatus',
];

function whereProblem(where: Where | undefined): string | null {
  if (!where || typeof where !== 'object' || !CRITERIA.some((k) => (where as Record<string, unknown>)[k] !== undefined))
    return 'La recherche demande au moins un critère (where).';
  for (const k of ['updatedAfter', 'updatedBefore'] as const)
    if (where[k] !== undefined && Number.isNaN(Date.parse(where[k]!))) return `where.${k} n’est pas une date-heure.`;
  for (const k of ['processingRule', 'flowType', 'flowDirection'] as const)
    if (where[k] !== undefined && !Array.isArray(where[k])) return `where.${k} est une liste.`;
  return null;
}

const matchesWhere = (f: StoredFlow, w: Where) =>
  (!w.updatedAfter || Date.parse(f.updatedAt) > Date.parse(w.updatedAfter)) &&
  (!w.updatedBefore || Date.parse(f.updatedAt) < Date.parse(w.updatedBefore)) &&
  (!w.processingRule?.length || w.processingRule.includes(f.processingRule)) &&
  (!w.flowType?.length || w.flowType.includes(f.flowType)) &&
  (!w.flowDirection?.length || w.flowDirection.includes(f.flowDirection)) &&
  (!w.trackingId || f.trackingId === w.trackingId) &&
  (!w.ackStatus || f.acknowledgement.status === w.ackStatus);

const encodeCursor = (f: StoredFlow, store: PlatformStore) =>
  Buffer.from(JSON.stringify({ u: f.updatedAt, r: store.rankOf(f.flowId) })).toString('base64url');
function decodeCursor(cursor: string): { u: string; r: number } | null {
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as { u?: unknown; r?: unknown };
    return typeof c.u === 'string' && typeof c.r === 'number' ? { u: c.u, r: c.r } : null;
  } catch {
    return null;
  }
}

function searchRoute(app: Hono<FlowEnv>, store: PlatformStore): void {
  app.post('/v1/flows/search', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { where?: Where; limit?: number; cursor?: string } | null;
    const problem = whereProblem(body?.where);
    if (problem) return c.json(bad(problem), 400);
    const limit = body!.limit ?? 25;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) return c.json(bad('limit : un entier de 1 à 100.'), 400);
    const after = body!.cursor ? decodeCursor(body!.cursor) : undefined;
    if (after === null) return c.json(apiError('INVALID_CURSOR', 'Ce curseur n’est pas un de la plateforme.'), 400);
    const client = c.get('client');
    const all = store.ordered().filter((f) => f.owner === client && matchesWhere(f, body!.where!));
    const start = after
      ? all.filter((f) => f.updatedAt > after.u || (f.updatedAt === after.u && store.rankOf(f.flowId) > after.r))
      : all;
    const results = start.slice(0, limit);
    const more = start.length > limit;
    return c.json({
      limit,
      ...(more ? { nextCursor: encodeCursor(results.at(-1)!, store) } : {}),
      filters: body!.where,
      results: results.map(flowMetadata),
    });
  });
}

function getRoute(app: Hono<FlowEnv>, store: PlatformStore): void {
  app.get('/v1/flows/:flowId', (c) => {
    const flow = store.flows.get(c.req.param('flowId'));
    if (!flow || flow.owner !== c.get('client'))
      return c.json(apiError('MISSING_RESOURCE', 'Aucun flux de ce numéro pour ce compte.'), 404);
    const docType = c.req.query('docType') ?? 'Metadata';
    if (docType === 'Metadata') return c.json(flowMetadata(flow));
    if (docType !== 'Original' && docType !== 'Converted' && docType !== 'ReadableView')
      return c.json(bad('docType : Metadata, Original, Converted ou ReadableView.'), 400);
    // The local platform converts nothing and makes no readable view: only the original exists.
    if (docType !== 'Original')
      return c.json(apiError('MISSING_RESOURCE', `Ce flux n’a pas de document ${docType}.`), 404);
    const bytes = Buffer.from(flow.file, 'base64');
    const type = flow.flowSyntax === 'Factur-X' || /\.pdf$/i.test(flow.name) ? 'application/pdf' : 'application/xml';
    return c.body(bytes, 200, {
      'content-type': type,
      'content-disposition': `attachment;filename="${flow.name.replace(/["\\\r\n]/g, '_')}"`,
    });
  });
}

function webhookRoutes(app: Hono<FlowEnv>, store: PlatformStore, now: Clock): void {
  const view = (w: Webhook) => ({
    webhookId: w.webhookId,
    createdAt: w.createdAt,
    callbackUrl: w.callbackUrl,
    ...(w.flowTypes ? { flowTypes: w.flowTypes } : {}),
    ...(w.flowDirection ? { flowDirection: w.flowDirection } : {}),
    ...(w.ackStatus ? { ackStatus: w.ackStatus } : {}),
  });
  app.get('/v1/webhooks', (c) => {
    const mine = [...store.webhooks.values()].filter((w) => w.owner === c.get('client'));
    // The answer's schema requires `webhookIds` but describes `webhooks`: both are given.
    return c.json({ count: mine.length, webhooks: mine.map(view), webhookIds: mine.map((w) => w.webhookId) });
  });
  app.post('/v1/webhooks', async (c) => {
    const body = (await c.req.json().catch(() => null)) as Partial<Webhook> | null;
    let url: URL | null = null;
    try {
      url = new URL(String(body?.callbackUrl));
    } catch {
      url = null;
    }
    if (!body || !url || !/^https?:$/.test(url.protocol))
      return c.json(bad('callbackUrl : une adresse http(s) complète.'), 400);
    if (body.flowTypes !== undefined && !Array.isArray(body.flowTypes))
      return c.json(bad('flowTypes est une liste.'), 400);
    const hook: Webhook = {
      webhookId: randomUUID(),
      owner: c.get('client'),
      callbackUrl: url.href,
      ...(body.flowTypes ? { flowTypes: body.flowTypes } : {}),
      ...(body.flowDirection ? { flowDirection: body.flowDirection } : {}),
      ...(body.ackStatus ? { ackStatus: body.ackStatus } : {}),
      signingKey: randomBytes(32).toString('base64'),
      createdAt: now().toISOString(),
    };
    store.addWebhook(hook);
    return c.json({ webhookId: hook.webhookId, signingKey: hook.signingKey, createdAt: hook.createdAt }, 201);
  });
  app.delete('/v1/webhooks/:webhookUid', (c) => {
    const hook = store.webhooks.get(c.req.param('webhookUid'));
    if (!hook || hook.owner !== c.get('client'))
      return c.json(apiError('MISSING_RESOURCE', 'Aucun webhook de ce numéro pour ce compte.'), 404);
    store.removeWebhook(hook.webhookId);
    return c.body(null, 204);
  });
}

export function flowRoutes(store: PlatformStore, processor: Processor, now: Clock): Hono<FlowEnv> {
  const app = new Hono<FlowEnv>();
  app.get('/v1/healthcheck', (c) => c.body(null, 200));
  submitRoute(app, store, processor, now);
  searchRoute(app, store);
  getRoute(app, store);
  webhookRoutes(app, store, now);
  return app;
}
