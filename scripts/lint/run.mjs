// `npm run lint` (decision 072): oxlint, the tests that prove its rules still bite, and Prettier's
// check, side by side. oxlint runs its JS plugins (the React Compiler above all) on both cores and
// Prettier on one, so together they take little more than the longest of them. Each one's output is
// printed whole when all have ended, in this order; the exit code is non-zero if any failed.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = (pkg, file) => path.join(ROOT, 'node_modules', pkg, file);

const steps = [
  // .oxlintrc.json; warnings fail too, as ESLint's --max-warnings 0 did.
  ['oxlint', [bin('oxlint', 'bin/oxlint'), '--deny-warnings']],
  [
    'règles',
    [
      '--test',
      '--test-reporter=dot',
      'scripts/lint/rules.test.mjs',
      'scripts/run-day.test.mjs',
      'scripts/lane-tools.test.mjs',
      'scripts/decisions-index.test.mjs',
      'scripts/docs-paths.test.mjs',
      'scripts/areas.test.mjs',
      'scripts/citations.test.mjs',
      'scripts/module-cycles.test.mjs',
    ],
  ],
  [
    'prettier',
    [
      bin('prettier', 'bin/prettier.cjs'),
      '--check',
      '--cache',
      '--cache-location',
      'node_modules/.cache/prettier/cache.json',
      '.',
    ],
  ],
];

const run = ([name, args]) =>
  new Promise((resolve) => {
    const started = performance.now();
    // Their output goes through a pipe: colours only when ours is a terminal.
    const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;
    const child = spawn(process.execPath, args, { cwd: ROOT, env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ name, code: 1, output: `${output}${error.message}\n`, started }));
    child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), output, started }));
  }).then((result) => ({ ...result, seconds: (performance.now() - result.started) / 1000 }));

const results = await Promise.all(steps.map(run));
for (const { output } of results)
  if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
const failed = results.filter(({ code }) => code !== 0);
console.log(
  `lint : ${results.map(({ name, code, seconds }) => `${name} ${seconds.toFixed(1)} s${code ? ' (échec)' : ''}`).join(', ')}`,
);
process.exitCode = failed.length ? 1 : 0;
