import { Hono } from 'hono';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { bodyLimit } from 'hono/body-limit';
import { compressApi } from './http/compress-api';
import { isItemRequest } from './http/item-request';
import { rejectControlChars } from './http/control-chars';
import { requestIdOf } from './http/request-id';
import { HttpError } from './http/errors';
import { endpoints } from '../../src/contract/index';
import { openApiDocument } from './http/openapi';
import { securityHeaders } from './http/security-headers';
import type { AppEnv, Deps } from './http/types';
import { modules } from './modules/index';
import { syncBatchModule } from './modules/sync/index';
import { isDatabaseBusy } from './db/errors';
import { databaseFault, loggableError } from './db/loggable-error';
import { writeFaultOf } from './modules/documents/storage-errors';

export const DATABASE_BUSY = 'Le serveur est momentanément très sollicité : réessayez dans un instant.';

const JSON_BODY_LIMIT = 10 * 1024 * 1024;

export function createApp(deps: Deps, opts: { staticDir?: string } = {}) {
  const app = new Hono<AppEnv>();

  // First, so every answer gets them: API, static files, errors (decision 008).
  app.use('*', securityHeaders(deps.config));

  app.use('*', async (c, next) => {
    c.set('requestId', requestIdOf(c.req.header('x-request-id'), isItemRequest(c.req.raw)));
    await next();
    // On the answer's own headers, as securityHeaders does: c.header() after the handler would
    // rebuild the answer as a web Response (about 4 % of a batch item's CPU, decision 053).
    c.res.headers.set('X-Request-Id', c.get('requestId'));
    // Stopping (server.ts): the connection closes after this answer instead of idling until its
    // keep-alive timeout, so the stop ends as soon as the requests under way are answered.
    if (deps.state.stopping) c.res.headers.set('Connection', 'close');
  });

  app.onError((err, c) => {
    if (err instanceof HttpError) {
      for (const [k, v] of Object.entries(err.extra.headers ?? {})) c.header(k, v);
      return c.json(
        {
          message: err.message,
          ...(err.extra.errors ? { errors: err.extra.errors } : {}),
          ...(err.extra.field ? { field: err.extra.field } : {}),
        },
        err.status,
      );
    }
    const where = `[${c.get('requestId')}] ${c.req.method} ${c.req.path}`;
    if (isDatabaseBusy(err)) {
      // Not a fault of the request: it did nothing (its transaction rolled back) and may come again.
      console.warn(`${where} : base de données occupée`, databaseFault(err) ?? (err as Error)?.message);
      c.header('Retry-After', '2');
      return c.json({ message: DATABASE_BUSY, requestId: c.get('requestId') }, 503);
    }
    // A full or read-only disk under the database or a file written on the way:
    // the uploads' French 507, which the outbox retries; nothing was kept (the transaction rolled back).
    const disk = writeFaultOf(err);
    if (disk) {
      console.error(`${where} : écriture impossible sur le disque du serveur (${disk.failure}),`, loggableError(err));
      return c.json({ message: disk.message }, 507);
    }
    // A real fault: logged with the request id the client can quote, never with a query's values.
    console.error(where, loggableError(err));
    return c.json(
      { message: 'Une erreur interne est survenue. Réessayez plus tard.', requestId: c.get('requestId') },
      500,
    );
  });

  // The invoice environment carries the whole catalogue (twice, per the spec): gzip JSON answers,
  // from 2 kB on, off the event loop (compress-api.ts, decision 015).
  app.use('/api/*', compressApi(2048));

  // JSON bodies are small (a 1 000-line invoice is ~300 kB); uploads stream with their own 50 MB limit.
  app.use('/api/*', async (c, next) => {
    // GET and HEAD bodies are never read: no limit to check (and c.req.raw.body would build a full web Request).
    // A batch item's size was checked with its batch's body.
    if (
      c.req.method === 'GET' ||
      c.req.method === 'HEAD' ||
      (c.req.header('content-type') ?? '').startsWith('multipart/') ||
      isItemRequest(c.req.raw)
    )
      return next();
    return bodyLimit({
      maxSize: JSON_BODY_LIMIT,
      onError: () => {
        throw new HttpError(413, 'La requête est trop volumineuse (10 Mo au maximum).');
      },
    })(c, next);
  });

  // NUL and control characters are refused here, once, for every route (decision 009).
  app.use('/api/*', rejectControlChars());

  for (const build of modules) app.route('/', build(deps));
  // The outbox's batch runs each item through the app itself: same rights, validation, keys (decision 026).
  app.route(
    '/',
    syncBatchModule(deps, (request, env) => Promise.resolve(app.fetch(request, env as never))),
  );

  // Built once per app from the contract (decision 021), on first request.
  let openApi: ReturnType<typeof openApiDocument> | undefined;
  app.get('/api/openapi.json', (c) =>
    c.json((openApi ??= openApiDocument(deps.config.branding.productName, endpoints))),
  );
  app.all('/api/*', (c) => c.json({ message: 'Cette adresse d’API n’existe pas.' }, 404));

  if (opts.staticDir && existsSync(join(opts.staticDir, 'index.html'))) mountStatic(app, opts.staticDir);
  return app;
}

function mountStatic(app: Hono<AppEnv>, root: string) {
  const appShellOf = appShell(root, 'index.html');
  // Decision 014: /login gets the page with the sign-in form prerendered (scripts/vite-static-login.ts).
  const loginShell = existsSync(join(root, 'login.html')) ? appShell(root, 'login.html') : appShellOf;
  app.use('*', async (c, next) => {
    await next();
    const path = c.req.path;
    // Hashed assets never change; the service worker and the manifest must always be fresh.
    if (path.startsWith('/assets/')) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    else if (path === '/sw.js' || path.endsWith('.webmanifest') || path === '/index.html' || path === '/login.html')
      c.header('Cache-Control', 'no-cache');
  });
  // precompressed: the .br / .gz copies written at build (scripts/vite-precompress.ts), chosen by
  // Accept-Encoding with Vary: Accept-Encoding (before them, 1.16 MB went out uncompressed on /login).
  // dist/server/ is the compiled server itself (decision 019): never sent. serveStatic refuses '%'
  // and '//' in paths, so the plain prefix is the only way to name it.
  const files = serveStatic({ root, precompressed: true });
  app.use('*', (c, next) => (c.req.path === '/server' || c.req.path.startsWith('/server/') ? next() : files(c, next)));
  // Client-side routes: every other GET gets the app shell (the router shows 404 itself).
  app.get('*', (c) => {
    const shell = c.req.path === '/login' ? loginShell : appShellOf;
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Accept-Encoding', { append: true });
    const encoding = acceptedEncoding(c.req.header('accept-encoding'), shell);
    if (!encoding) return c.html(shell.plain);
    c.header('Content-Encoding', encoding);
    c.header('Content-Type', 'text/html; charset=UTF-8');
    return c.body(new Uint8Array(shell[encoding]!));
  });
}

interface Shell {
  plain: string;
  br?: Buffer;
  gzip?: Buffer;
}

function appShell(root: string, name: string): Shell {
  const file = join(root, name);
  const read = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined);
  return { plain: readFileSync(file, 'utf8'), br: read('.br'), gzip: read('.gz') };
}

function acceptedEncoding(header: string | undefined, shell: Shell): 'br' | 'gzip' | null {
  const accepted = new Set((header ?? '').split(',').map((e) => e.split(';')[0]!.trim()));
  if (shell.br && accepted.has('br')) return 'br';
  if (shell.gzip && accepted.has('gzip')) return 'gzip';
  return null;
}
