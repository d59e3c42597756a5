// `npm test`: everything (decisions 029 and 032), in four lanes side by side:
//   checks lane: type check → unit and screen tests (neither needs the build);
//   lint lane: oxlint and Prettier (about 15 s, decision 072);
//   browser lane: production build → Chromium → e2e (two files at a time, Debian Chromium);
//   API lane: waits for the build (some API tests start dist/server/, which a build running beside
//   them would empty) → API tests (real server, in-memory PGlite);
//   then, once the browser lane or the PGlite lane has ended, the same API tests on a throwaway
//   PostgreSQL (decision 036);
//   WebKit lane: its tests run once the browser and API lanes have ended → the offline core in WebKit,
//   Safari's engine (decision 047). Starved beside them, WebKitGTK's processes slowed to a
//   crawl (a replay that takes 3 s alone did not end in 60 s in 2 of 3 full runs); alone it takes
//   about 45 s. The lane itself starts after the build: its start (Xvfb, the driver, vitest) is done
//   meanwhile, and its global setup waits for a signal file (WEBKIT_LANE_GO) before the tests run;
//   e-invoice lane: after the Debian tools → the generator's edge cases against the official
//   validators, then, once the browser and API lanes have ended, every e-invoice their servers
//   produced (decision 046).
// The browser lane waits on round trips and rendering as much as on the CPU, so the other lanes fill
// the gaps on a 2-core machine. Each step's output is printed whole when it ends, never interleaved.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parisTime, waitBeforeTests } from './run-day.mjs';
import { ensureToolsets, notRunReport } from './lane-tools.mjs';

// Decision 046: every e-invoice a test server produces (each validation's CII, each UBL)
// is also written here; the official validators check them all once every lane that validates
// invoices has ended.
const einvoiceDir = mkdtempSync(join(tmpdir(), 'workplace-einvoices-'));
process.env.EINVOICE_ARCHIVE_DIR = einvoiceDir;
// The WebKit lane's tests wait for this file (tests/webkit/global-setup.ts): written once the lanes
// that starve it have ended.
const webkitGo = `${einvoiceDir}-webkit-go`;
process.env.WEBKIT_LANE_GO = webkitGo;

const build = [
  'Construction de l’application et du serveur',
  'npm',
  ['run', '--silent', 'build', '--', '--logLevel', 'warn'],
];
const checks = [
  ['Vérification des types', 'npm', ['run', '--silent', 'typecheck']],
  ['Tests unitaires et d’écrans (jsdom)', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'screen']],
];
const lint = [['Lint et format (oxlint, Prettier)', 'npm', ['run', '--silent', 'lint']]];
const browser = [['Tests de bout en bout (Chromium)', 'npx', ['vitest', 'run', '--project', 'e2e']]];
// Decision 047: Debian's WebKitGTK over WebDriver under Xvfb, one MiniBrowser for the lane.
const webkit = [['Tests WebKit (moteur de Safari)', 'npx', ['vitest', 'run', '--project', 'webkit']]];
// Debian's tools every lane needs, found (and installed when this process may) before any lane
// starts, so two apt runs never race (lane-tools.mjs). A lane whose tools are missing is not run
// and is listed at the end; with CI=true that fails the run (decision 076).
const tools = ensureToolsets();
const required = !!process.env.CI && process.env.CI !== 'false' && process.env.CI !== '0';
const notRun = [];
/** Whether a lane's toolsets are all here; if not, it is listed as not run. */
function lacks(lane, names) {
  const missing = names.filter((n) => !tools.has(n));
  if (missing.length) notRun.push({ lane, missing });
  return missing.length > 0;
}
// Without slapd the PGlite lane runs every file but the directory sign-in's.
const apiArgs = ['vitest', 'run', '--project', 'api'];
if (lacks('Connexion par l’annuaire (tests/api/ldap.test.ts)', ['slapd']))
  apiArgs.push('--exclude', 'tests/api/ldap.test.ts');
if (tools.has('postgres')) lacks('Trois instances derrière haproxy (tests/api/cluster.test.ts)', ['haproxy']);
const api = [['Tests d’API (PGlite)', 'npx', apiArgs]];
// Decision 036: the same API files on a real PostgreSQL started for the run (tests/support/pg-cluster.ts).
const apiPg = [['Tests d’API (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'api-pg']]];

// The generator's edge cases against the same validators (they need the tools, not the build).
const einvoice = [
  [
    'Factures électroniques : cas limites (XSD, Schematron Factur-X et EN 16931)',
    'npx',
    ['vitest', 'run', '--project', 'einvoice'],
  ],
];
const producedEinvoices = [
  'Factures électroniques produites par les tests (EN 16931)',
  'npx',
  ['tsx', 'scripts/validate-einvoices.ts', einvoiceDir],
];

// The steps that run tests depend on the day (decision 062): they start only when the run can end
// before midnight in Paris. The build, the type check and the lint do not, and use the wait.
const dayBound = new Set([checks[1], browser[1], ...webkit, ...api, ...apiPg, ...einvoice]);
const wait = waitBeforeTests(new Date());
if (wait > 0) {
  console.log(
    `Il est ${parisTime(new Date())} à Paris : les tests dépendent du jour et ne doivent pas enjamber minuit.` +
      ` Ils commenceront dans ${Math.ceil(wait / 60_000)} min, la construction et le lint tout de suite.`,
  );
}
const dayReady = sleep(wait);

const seconds = (t0) => ((Date.now() - t0) / 1000).toFixed(1);

// A CI log is often read from its end: the failing steps' key lines are printed again there, so the
// cause shows without scrolling back through the steps that passed.
const failures = [];
const failureLines = (output) => {
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  // Besides the verdicts: which locator a browser action waited for, what it found, and the test's
  // own line (vitest's « ❯ file:line »), so that a timeout names the step that hung.
  const marked = lines.filter((line) =>
    /(\bFAIL\b|✗|×|Error\b|Erreur|expected |Timeout|timed out|ÉCHEC|waiting for |resolved to |element is |detached|intercepts pointer|❯ \S+\.test\.ts:\d+)/.test(
      line,
    ),
  );
  const picked = marked.length > 0 ? marked.slice(0, 80) : lines.slice(-40);
  return picked.map((line) => line.slice(0, 400)).join('\n');
};

/** Each step's wall time and CPU seconds (its processes and theirs), printed at the end. */
const timings = [];
const cpuOf = (times) => {
  // bash's `times`: the shell's user and system time, then its children's (`0m12.345s 0m0.678s`).
  const line = times.trim().split('\n')[1] ?? '';
  return [...line.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, m) => sum + Number(m[1]) * 60 + Number(m[2]), 0);
};

/** Runs one step with its output kept aside, then prints it in one block. */
async function runStep(step) {
  if (dayBound.has(step)) await dayReady;
  const [title, cmd, args] = step;
  const t0 = Date.now();
  const chunks = [];
  const times = [];
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', '"$@"; status=$?; times >&3; exit $status', 'step', cmd, ...args], {
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
    });
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.stdio[3].on('data', (c) => times.push(c));
    child.on('close', (code) => {
      const ok = code === 0;
      timings.push({ title, wall: (Date.now() - t0) / 1000, cpu: cpuOf(Buffer.concat(times).toString()) });
      process.stdout.write(`\n=== ${title} ===\n${Buffer.concat(chunks).toString()}`);
      console.log(`--- ${title} : ${ok ? 'OK' : 'ÉCHEC'} en ${seconds(t0)} s`);
      if (!ok) failures.push({ title, lines: failureLines(Buffer.concat(chunks).toString()) });
      resolve(ok);
    });
  });
}

/** A lane stops at its first failure; the other lane goes on, so one run shows every failing stage. */
async function runLane(steps) {
  for (const step of steps) if (!(await runStep(step))) return false;
  return true;
}

const started = Date.now();
const built = runStep(build);
const afterBuild = (steps) => built.then((ok) => ok && runLane(steps));
const skipped = Promise.resolve(true);
const browserRuns = !lacks('Tests de bout en bout (Chromium)', ['chromium']);
const webkitRuns = !lacks('Tests WebKit (moteur de Safari)', ['webkit']);
const postgresRuns = !lacks('Tests d’API (PostgreSQL)', ['postgres']);
const einvoiceRuns = !lacks('Factures électroniques : validateurs officiels', ['einvoice']);
// The two API lanes never run both beside the browser lane: on a slow day (2026-11-27, CI's machine
// as slow as this one) four API workers beside it stretched its screens' condition waits past 30 s
// (decision 054). The PostgreSQL one starts when the first of the browser lane and the PGlite lane
// has ended: alone at the end it left a core half idle for a minute, the WebKit lane waiting on it.
const browserLane = browserRuns ? afterBuild(browser) : skipped;
const pgliteLane = afterBuild(api);
const postgresLane = postgresRuns ? Promise.race([browserLane, pgliteLane]).then(() => afterBuild(apiPg)) : skipped;
const producers = [browserLane, Promise.all([pgliteLane, postgresLane]).then(([a, b]) => a && b)];
const producersEnded = Promise.all(producers).then(() => {
  writeFileSync(webkitGo, '');
  console.log(`\n(Les tests WebKit démarrent à ${seconds(started)} s, après les voies d’API et de navigateur.)`);
});
const results = await Promise.all([
  built,
  runLane(checks),
  runLane(lint),
  ...producers,
  webkitRuns ? afterBuild(webkit) : skipped,
  einvoiceRuns ? runLane(einvoice) : skipped,
  einvoiceRuns ? Promise.all(producers).then(() => runStep(producedEinvoices)) : skipped,
]);
await producersEnded;
rmSync(einvoiceDir, { recursive: true, force: true });
rmSync(webkitGo, { force: true });
const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log('\nDurée et temps processeur de chaque étape :');
for (const t of timings.sort((a, b) => b.wall - a.wall))
  console.log(`  ${t.title.padEnd(78, ' ')} ${t.wall.toFixed(1).padStart(6)} s  ${t.cpu.toFixed(1).padStart(6)} s CPU`);
const cpu = timings.reduce((sum, t) => sum + t.cpu, 0);
console.log(`  Ensemble : ${minutes} min, ${cpu.toFixed(0)} s CPU`);
const partialAllowed = !required && process.env.WORKPLACE_TEST_PARTIAL === '1';
for (const line of notRunReport(notRun, { required, partialAllowed })) console.log(line);
const complete = notRun.length === 0 || partialAllowed;
if (results.every(Boolean) && complete) {
  console.log(`\nTous les tests ${notRun.length ? 'lancés ' : ''}sont passés en ${minutes} min.`);
} else if (results.every(Boolean)) {
  console.log(
    `\nÉCHEC : les tests lancés sont passés en ${minutes} min, mais ${notRun.length} voie(s) n’ont pas été lancées.`,
  );
  process.exit(1);
} else {
  for (const { title, lines } of failures) console.log(`\n=== Rappel de l’échec : ${title} ===\n${lines}`);
  console.log(`\nÉCHEC après ${minutes} min (voir les étapes marquées ÉCHEC ci-dessus).`);
  process.exit(1);
}
