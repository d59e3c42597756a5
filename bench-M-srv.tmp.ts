import { startTestServer } from './tests/support/test-server';
const server = await startTestServer({});
const { token } = await server.api.login('demo');
const me = (await server.api.get('/api/user/me', { token })).body;
const company = me.userLastCompany ?? me.idDerniereSociete ?? server.seed!.companies[0].id;
for (const [name, fn] of [
  ['GET me', () => server.api.get('/api/user/me', { token })],
  ['PUT me', () => server.api.put('/api/user/me', { idDerniereSociete: company }, { token, company, idempotencyKey: crypto.randomUUID() })],
  ['GET me', () => server.api.get('/api/user/me', { token })],
  ['PUT me', () => server.api.put('/api/user/me', { idDerniereSociete: company }, { token, company, idempotencyKey: crypto.randomUUID() })],
] as const) {
  const t = performance.now();
  for (let i = 0; i < 100; i++) { const r = await (fn as any)(); if (r.status >= 300) throw new Error(String(r.status)); }
  console.log(name, ((performance.now() - t) / 100).toFixed(1), 'ms');
}
const t = performance.now();
await Promise.all(Array.from({ length: 100 }, () => server.api.put('/api/user/me', { idDerniereSociete: company }, { token, company, idempotencyKey: crypto.randomUUID() })));
console.log('PUT x100 parallel', ((performance.now() - t) / 100).toFixed(1), 'ms each');
await server.close();
