import type { MiddlewareHandler } from 'hono';
import type { Config } from '../env';
import { servedOverHttps } from './client-address';
import type { AppEnv } from './types';

// Security headers on every answer, API and static (decision 008).
// Scripts only from the app's own files (no inline script, no eval). Styles also allow inline:
// Mantine writes its CSS variables and responsive style props into <style> elements at run time,
// and the app shell is served by the service worker from its precache, offline too, so a
// per-response nonce could not follow it. Blob and data images are previews and logos; workers
// are pdf.js's (same origin) and blob workers; frames are PDF previews.

export function contentSecurityPolicy(config: Config): string {
  const connect = ["'self'", ...extraOrigins(config)];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${[...new Set(connect)].join(' ')}`,
    "worker-src 'self' blob:",
    "frame-src 'self' blob:",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${["'self'", ...payrollFormOrigin(config), ...paymentOrigin(config)].join(' ')}`,
  ].join('; ');
}

/** The payroll host receives the single sign-on form (decision 045). */
function payrollFormOrigin(config: Config): string[] {
  return config.env.PAYROLL_SSO_URL ? [new URL(config.env.PAYROLL_SSO_URL).origin] : [];
}

/**
 * The card payment provider's hosted page (decision 044): reached by a full-page redirect
 * or form post and left by a 303 back to us, so only form-action names it — no script, frame or
 * connection to it is ever needed (the card never touches our origin).
 */
function paymentOrigin(config: Config): string[] {
  return config.payment?.origin ? [config.payment.origin] : [];
}

function extraOrigins(config: Config): string[] {
  const listed = config.env.CSP_CONNECT_SRC.split(/\s+/).filter(Boolean);
  const pub = config.env.PUBLIC_URL ? [new URL(config.env.PUBLIC_URL).origin] : [];
  return [...pub, ...listed];
}

/** camera for the cash register's receipt photos; everything else this app never uses is off. */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
].join(', ');

/**
 * The policy of a stored or generated file the API serves (a deposit, a filed document, an invoice
 * or quote PDF, a zip, an export, a receipt photo): never a page of the app, even opened directly
 * in a tab — nothing runs, nothing loads, and the document is sandboxed (decision 073).
 */
export const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

/** An API answer that is not the app's JSON: a file (named by Content-Disposition, or of another type). */
function isFileAnswer(path: string, h: Headers): boolean {
  if (!path.startsWith('/api/')) return false;
  if (h.has('Content-Disposition')) return true;
  const type = h.get('Content-Type');
  return !!type && !/^application\/(?:[\w.-]+\+)?json(?:\s*;|$)/i.test(type);
}

export function securityHeaders(config: Config): MiddlewareHandler<AppEnv> {
  const csp = contentSecurityPolicy(config);
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    // The route's own policy wins (a stored file's sandbox, the payment test page's); an API answer
    // carrying a file gets the files' policy; everything else (the app, its JSON) the app's.
    if (!h.has('Content-Security-Policy'))
      h.set('Content-Security-Policy', isFileAnswer(c.req.path, h) ? FILE_CSP : csp);
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('X-Frame-Options', 'DENY');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('Permissions-Policy', PERMISSIONS_POLICY);
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    // HSTS only when the browser really reached us over HTTPS (it is ignored over HTTP anyway,
    // and sending it from a plain-HTTP development server would only mislead).
    if (servedOverHttps(c, config)) h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    // Every API answer may carry personal data (and the static files keep their own caching):
    // nothing is kept by the browser's HTTP cache or a shared proxy unless the route said otherwise.
    if (c.req.path.startsWith('/api/') && !h.has('Cache-Control')) h.set('Cache-Control', 'no-store');
  };
}
