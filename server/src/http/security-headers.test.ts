import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../env';
import { FILE_CSP, securityHeaders } from './security-headers';

// HSTS and connect-src follow the configuration (the API test covers the rest on the real server).
async function headersWith(env: Record<string, string>, requestHeaders: Record<string, string> = {}) {
  const app = new Hono();
  app.use('*', securityHeaders(readConfig({ NODE_ENV: 'test', ...env })));
  app.get('*', (c) => c.text('ok'));
  return (await app.request('http://portail.local/', { headers: requestHeaders })).headers;
}

describe('securityHeaders', () => {
  it('sends HSTS when PUBLIC_URL is https', async () => {
    expect(
      (await headersWith({ PUBLIC_URL: 'https://portail.exemple.fr' })).get('strict-transport-security'),
    ).toContain('max-age=31536000');
    expect((await headersWith({ PUBLIC_URL: 'http://localhost:3000' })).get('strict-transport-security')).toBeNull();
  });

  it('ignores X-Forwarded-Proto without TRUST_PROXY', async () => {
    expect((await headersWith({}, { 'x-forwarded-proto': 'https' })).get('strict-transport-security')).toBeNull();
    expect(
      (await headersWith({ TRUST_PROXY: '1' }, { 'x-forwarded-proto': 'https' })).get('strict-transport-security'),
    ).not.toBeNull();
  });

  it('adds the public origin and the configured origins to connect-src only', async () => {
    const csp = (
      await headersWith({
        PUBLIC_URL: 'https://portail.exemple.fr/app',
        CSP_CONNECT_SRC: 'https://a.exemple.fr  https://b.exemple.fr:8443',
      })
    ).get('content-security-policy');
    expect(csp).toContain(
      "connect-src 'self' https://portail.exemple.fr https://a.exemple.fr https://b.exemple.fr:8443;",
    );
    expect(csp).toContain("script-src 'self';");
  });

  it('refuses a CSP_CONNECT_SRC that is not a list of origins (it would widen the policy)', () => {
    expect(() => readConfig({ NODE_ENV: 'test', CSP_CONNECT_SRC: "https://a.fr; script-src 'unsafe-inline'" })).toThrow(
      /CSP_CONNECT_SRC/,
    );
  });

  it('keeps a route’s own policy, gives an API file the files’ policy, and the rest the app’s', async () => {
    const app = new Hono();
    app.use('*', securityHeaders(readConfig({ NODE_ENV: 'test' })));
    const own = "default-src 'none'; sandbox";
    app.get(
      '/api/own',
      () => new Response('x', { headers: { 'Content-Type': 'application/pdf', 'Content-Security-Policy': own } }),
    );
    app.get('/api/pdf', () => new Response('x', { headers: { 'Content-Type': 'application/pdf' } }));
    app.get(
      '/api/named',
      () => new Response('x', { headers: { 'Content-Disposition': 'attachment; filename="a.bin"' } }),
    );
    app.get('/api/json', (c) => c.json({ ok: true }));
    app.get('/page', (c) => c.html('<p>ok</p>'));
    const csp = async (path: string) =>
      (await app.request(`http://portail.local${path}`)).headers.get('content-security-policy');
    expect(await csp('/api/own')).toBe(own);
    expect(await csp('/api/pdf')).toBe(FILE_CSP);
    expect(await csp('/api/named')).toBe(FILE_CSP);
    expect(await csp('/api/json')).toContain("default-src 'self'");
    expect(await csp('/page')).toContain("default-src 'self'");
  });
});
