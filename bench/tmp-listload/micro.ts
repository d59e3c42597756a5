import { PGlite, protocol, parse } from '@electric-sql/pglite';
import { performance } from 'node:perf_hooks';
const pg = await PGlite.create();
await pg.exec(`create table s(token text primary key, uid int, revoked timestamptz, exp timestamptz);
create table u(id int primary key, name text, last int);
create table m(uid int, cid int, rights text[], primary key(uid,cid));
create table c(id int primary key, label text);
insert into u select g, 'u'||g, g from generate_series(1,1000) g;
insert into c select g, 'c'||g from generate_series(1,1000) g;
insert into m select g, g, '{a,b}' from generate_series(1,1000) g;
insert into s select md5(g::text), g, null, now()+interval '1 day' from generate_series(1,5000) g;
analyze;`);
const q = `select u.id, u.name, u.last, c.id, c.label, m.rights from s join u on u.id = s.uid left join m on m.uid = u.id and m.cid = coalesce($1::integer, u.last) left join c on c.id = m.cid where s.token = $2 and s.revoked is null and s.exp > $3 limit 1`;
const params = () => [null, 'c4ca4238a0b923820dcc509a6f75849b', new Date().toISOString()];
const N = 3000;
for (let k = 0; k < 2; k++) {
  let t = performance.now(); let c0 = process.cpuUsage();
  for (let i = 0; i < N; i++) await pg.query(q, params(), { rowMode: 'array' });
  console.log('query()', ((performance.now() - t) / N).toFixed(3), 'ms', (process.cpuUsage(c0).user / 1000 / N).toFixed(3));
  // named
  const ser = protocol.serialize;
  const prep = await pg.execProtocol(new Uint8Array([...ser.parse({ name: 'q1', text: q }), ...ser.describe({ type: 'S', name: 'q1' }), ...ser.sync()]));
  t = performance.now(); c0 = process.cpuUsage();
  let rows: unknown;
  for (let i = 0; i < N; i++) {
    const p = params();
    const msg = new Uint8Array([...ser.bind({ statement: 'q1', values: p as string[] }), ...ser.describe({ type: 'P' }), ...ser.execute({}), ...ser.sync()]);
    const r = await pg.execProtocol(msg);
    rows = parse.parseResults(r.messages, pg.parsers, { rowMode: 'array' })[0]!.rows;
  }
  console.log('named', ((performance.now() - t) / N).toFixed(3), 'ms', (process.cpuUsage(c0).user / 1000 / N).toFixed(3), JSON.stringify(rows));
  await pg.exec('deallocate q1');
  t = performance.now(); c0 = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    const p = params();
    const msg = new Uint8Array([...ser.parse({ text: q }), ...ser.bind({ values: p as string[] }), ...ser.describe({ type: 'P' }), ...ser.execute({}), ...ser.sync()]);
    const r = await pg.execProtocol(msg);
    rows = parse.parseResults(r.messages, pg.parsers, { rowMode: 'array' })[0]!.rows;
  }
  console.log('unnamed-1rt', ((performance.now() - t) / N).toFixed(3), 'ms', (process.cpuUsage(c0).user / 1000 / N).toFixed(3), JSON.stringify(rows));
}
