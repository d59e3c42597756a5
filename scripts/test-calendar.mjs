// `npm run test:calendar` (decision 076): the API suite on PGlite and the date-sensitive unit and
// screen tests, at the instants where dates break (month and year ends, a leap day, the two
// daylight-saving changes, a Sunday), each on its own freshly seeded demo. Everything reads the
// instant from WORKPLACE_NOW: the servers' one clock, the test process's `Date`
// (tests/support/shift-clock.mjs), servers started as processes (child-server.ts) and the pages
// (Playwright's clock). `.ci/run` runs it after `npm test`.
//
//   npm run test:calendar                       every instant
//   npm run test:calendar -- --only=leap        the instants whose name contains « leap »
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Paris wall times, with the offset Paris has then (the spring hour that does not exist: its winter offset). */
export const INSTANTS = [
  ['first-of-month', 'le 1er d’un mois à 8 h', '2027-03-01T08:00:00+01:00'],
  ['end-of-30-day-month', 'le dernier jour d’un mois de 30 jours à 23 h 50', '2027-06-30T23:50:00+02:00'],
  ['new-years-eve', 'le 31 décembre à 23 h 50', '2026-12-31T23:50:00+01:00'],
  ['new-year', 'le 1er janvier à 0 h 10', '2027-01-01T00:10:00+01:00'],
  ['leap-day', 'le 29 février 2028 à midi', '2028-02-29T12:00:00+01:00'],
  ['spring-change', 'le dernier dimanche de mars à 2 h 30 (heure qui n’existe pas)', '2027-03-28T02:30:00+01:00'],
  ['autumn-change', 'le dernier dimanche d’octobre à 2 h 30 (heure vécue deux fois)', '2027-10-31T02:30:00+01:00'],
  ['sunday', 'un dimanche', '2027-02-14T10:00:00+01:00'],
];

// API files that never read the day: the server's packaging, its start, its files on disk, the HTTP
// layer's headers and compression, the directory sign-in, and the scale tests that need PostgreSQL.
// They run in `npm test`; here they would only take a minute per instant.
const DAY_FREE_API = [
  'production-install',
  'startup',
  'durability',
  'request-tx',
  'list-load-statements',
  'security-headers',
  'static-compression',
  'public-url',
  'ldap',
  'postgres',
  'cluster',
];

/** Unit and screen tests whose code or test reads the clock (a word of it in the test file). */
const READS_CLOCK =
  /new Date\(\)|Date\.now\(\)|todayInParis|\btoday\b|useFakeTimers|setSystemTime|thisMonth|currentMonth/;

function testFiles(dir, pattern) {
  return readdirSync(join(ROOT, dir), { recursive: true })
    .map(String)
    .filter((f) => pattern.test(f))
    .map((f) => relative(ROOT, join(ROOT, dir, f)));
}

function selection() {
  const api = testFiles('tests/api', /\.test\.ts$/).filter(
    (f) => !DAY_FREE_API.some((name) => f.endsWith(`/${name}.test.ts`)),
  );
  const units = ['src', 'server/src', 'sw', 'tests/parity']
    .flatMap((dir) => testFiles(dir, /\.test\.tsx?$/))
    .filter((f) => READS_CLOCK.test(readFileSync(join(ROOT, f), 'utf8')));
  return { api, units };
}

/** One vitest run at `instant` (none: the machine's time): its summary line, time, and output (kept for a failure). */
function vitest(instant, projects, files) {
  const started = Date.now();
  const chunks = [];
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...files];
  return new Promise((resolve) => {
    const child = spawn('npx', args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...(instant && {
          WORKPLACE_NOW: instant,
          NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ./tests/support/shift-clock.mjs`.trim(),
        }),
        FORCE_COLOR: '0',
        NO_COLOR: '1',
      },
    });
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('close', (code) => {
      const output = Buffer.concat(chunks)
        .toString()
        .replace(/\x1b\[[0-9;]*m/g, '');
      const tests = /^\s*Tests\s+(.*)$/m.exec(output)?.[1]?.trim() ?? 'aucun test';
      resolve({ ok: code === 0, output, tests, seconds: (Date.now() - started) / 1000 });
    });
  });
}

// Projects with different worker counts cannot share one vitest run: the API files, then the others.
async function run(instant, { api, units }) {
  const a = await vitest(instant, ['api'], api);
  const u = await vitest(instant, ['unit', 'screen'], units);
  return {
    ok: a.ok && u.ok,
    output: `${a.output}\n${u.output}`,
    tests: `API ${a.tests} · unitaires et écrans ${u.tests}`,
    seconds: a.seconds + u.seconds,
  };
}

/** A failure's key lines: the verdicts, the assertions, the test's own line. */
const failureLines = (output) =>
  output
    .split('\n')
    .filter((l) => /FAIL|×|AssertionError|Error:|expected|❯ .*\.test\.tsx?:\d+/.test(l))
    .slice(0, 60)
    .join('\n');

const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
const instants = INSTANTS.filter(([key]) => !only || key.includes(only));
const { api, units } = selection();
console.log(
  `Calendrier : ${instants.length} instants, ${api.length} fichiers d’API et ${units.length} fichiers unitaires ou d’écran qui lisent l’heure.`,
);
const started = Date.now();
const rows = [];
// First the demo seeded at each instant (tests/calendar/), once: each test sets its own instant.
{
  const result = await vitest('', ['calendar'], []);
  rows.push({ key: 'demo', label: 'la démonstration semée à chaque instant', instant: 'chaque instant', ...result });
  console.log(
    `\n=== La démonstration semée à chaque instant : ${result.ok ? 'OK' : 'ÉCHEC'} en ${result.seconds.toFixed(1)} s — ${result.tests}`,
  );
  if (!result.ok) console.log(failureLines(result.output));
}
for (const [key, label, instant] of instants) {
  const result = await run(instant, { api, units });
  rows.push({ key, label, instant, ...result });
  console.log(
    `\n=== ${label} (${instant}) : ${result.ok ? 'OK' : 'ÉCHEC'} en ${result.seconds.toFixed(1)} s — ${result.tests}`,
  );
  if (!result.ok) console.log(failureLines(result.output));
}
console.log('\nRésumé du calendrier :');
for (const r of rows)
  console.log(`  ${r.ok ? 'OK   ' : 'ÉCHEC'} ${r.instant}  ${r.label} — ${r.tests} (${r.seconds.toFixed(0)} s)`);
const failed = rows.filter((r) => !r.ok).length;
console.log(`Durée totale : ${((Date.now() - started) / 60_000).toFixed(1)} min`);
console.log(`${rows.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
