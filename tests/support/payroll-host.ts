import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for the external payroll service (decision 045): it receives the single
// sign-on form the portal's browser posts, and checks it as the real host would — HMAC-SHA256 of the
// three fields as netstrings (`<UTF-8 bytes>:<field>,` each, decision 075: no field borrows from the
// next) compared in constant time, a ±120 s window, and each token accepted once. Written here on
// its own, not imported from the server, as the host's side of the agreement.

export type PayrollVerdict = 'ok' | 'bad signature' | 'expired' | 'replayed' | 'incomplete';

export const PAYROLL_SUCCESS = 'Connexion au service de paie réussie';
export const PAYROLL_WINDOW_SECONDS = 120;

export interface PayrollHost {
  /** The form's action (PAYROLL_SSO_URL). */
  url: string;
  secret: string;
  /** Every post received, in order, with the host's verdict. */
  received: Array<{ fields: Record<string, string>; verdict: PayrollVerdict }>;
  /** Moves the host's clock (null: the real one). */
  setNow(date: Date | null): void;
  close(): Promise<void>;
}

/** The host's decision on four posted fields; `seen` remembers the accepted tokens. */
export function verifyPayrollForm(
  secret: string,
  fields: Record<string, string>,
  nowSeconds: number,
  seen: Set<string>,
): PayrollVerdict {
  const { user, scope, time, token } = fields;
  if (!user || !scope || !time || !token || !/^\d+$/.test(time) || !/^[0-9a-f]{64}$/.test(token)) return 'incomplete';
  const netstring = (f: string) => `${Buffer.byteLength(f, 'utf8')}:${f},`;
  const expected = createHmac('sha256', secret)
    .update(netstring(user) + netstring(scope) + netstring(time), 'utf8')
    .digest();
  if (!timingSafeEqual(expected, Buffer.from(token, 'hex'))) return 'bad signature';
  if (Math.abs(nowSeconds - Number(time)) > PAYROLL_WINDOW_SECONDS) return 'expired';
  if (seen.has(token)) return 'replayed';
  seen.add(token);
  return 'ok';
}

async function formOf(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

const page = (title: string) =>
  `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body><h1>${title}</h1></body></html>`;

/** Listens on 127.0.0.1 (a free port); POST /sso answers the success page or 403. */
export async function startPayrollHost(secret = 'secret-de-test-du-service-de-paie-0123456789'): Promise<PayrollHost> {
  const seen = new Set<string>();
  const received: PayrollHost['received'] = [];
  let fixed: Date | null = null;
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/sso') {
        res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(page('Page introuvable'));
        return;
      }
      const fields = await formOf(req);
      const now = Math.floor((fixed ?? new Date()).getTime() / 1000);
      const verdict = verifyPayrollForm(secret, fields, now, seen);
      received.push({ fields, verdict });
      const ok = verdict === 'ok';
      res
        .writeHead(ok ? 200 : 403, { 'content-type': 'text/html; charset=utf-8' })
        .end(page(ok ? PAYROLL_SUCCESS : 'Connexion au service de paie refusée'));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sso`,
    secret,
    received,
    setNow: (d) => (fixed = d),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Posts the four fields as the browser's hidden form does. */
export async function postPayrollForm(
  host: PayrollHost,
  fields: { user: string; scope: string; time: number; token: string },
): Promise<{ status: number; text: string }> {
  const body = new URLSearchParams({ ...fields, time: String(fields.time) });
  const res = await fetch(host.url, { method: 'POST', body });
  return { status: res.status, text: await res.text() };
}
