import { defineConfig } from 'vitest/config';

// Four projects so each kind of test gets the environment it needs:
// unit (pure rules, Dexie through fake-indexeddb), screen (components in jsdom), api (the real
// server on an in-memory PGlite), e2e (real Chromium against the built app and the real server).
// vitest's expect.poll gives up after 1 s by default: in CI's shared lanes a screen that answers in
// 300 ms alone took over a second (stop 26's red run). Polls wait on conditions, so the bound only
// matters when one never comes.
const expect = { poll: { timeout: 15_000 } };
// The API projects' workers (the real server on PGlite, or on PostgreSQL): V8 without its helper
// threads (concurrent compilers and garbage collector). `npm test` keeps both cores busy, so those
// threads only split the same work at a cost: the API project alone took 8 % less CPU with the flag,
// in both orders (decision 057). The unit, screen and e2e workers gained nothing: they keep the default.
const apiWorkerArgs = ['--single-threaded'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          expect,
          include: [
            'src/**/*.test.{ts,tsx}',
            'server/src/**/*.test.ts',
            'sw/**/*.test.ts',
            'tests/parity/**/*.test.ts',
          ],
          exclude: ['src/**/*.screen.test.tsx'],
          environment: 'node',
          setupFiles: ['tests/support/unit-setup.ts'],
          // Decision 017: one module graph per worker, not per file (about half the CPU). Files keep
          // no state behind: their own Dexie names, and stubs undone after each test.
          isolate: false,
          // npm test's four lanes share the cores (decision 032): in CI this project ran 5× slower
          // than alone, so a 1 s test must not meet vitest's 5 s default. Tests wait on conditions,
          // so the bound only matters when one hangs.
          testTimeout: 20_000,
          unstubGlobals: true,
          unstubEnvs: true,
        },
      },
      {
        test: {
          name: 'screen',
          expect,
          include: ['src/**/*.screen.test.tsx'],
          environment: 'jsdom',
          // Shared workers, each file with a fresh registry of the app's modules: screen-setup.ts.
          setupFiles: ['tests/support/screen-setup.ts'],
          isolate: false,
          // As the unit project: 5× slower in CI's shared lanes than alone (the slowest takes 1.8 s alone).
          testTimeout: 20_000,
          unstubGlobals: true,
          unstubEnvs: true,
        },
      },
      {
        test: {
          name: 'api',
          expect,
          execArgv: apiWorkerArgs,
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/support/api-setup.ts'],
          // Decision 017: the database is migrated and seeded once (a snapshot each server copies),
          // and a worker imports the server once for all its files (no module-level state: Deps.state).
          globalSetup: ['tests/support/api-global-setup.ts'],
          isolate: false,
          // A hang guard, not a time bound (no API test asserts a duration this way). The whole
          // `npm test` on a slow day (this VM on 2026-11-27, from a fresh clone with ESLint cold)
          // stretched tests that take seconds alone past 60 s.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // PGlite takes ~0.8 GB and a few seconds per instance: few workers.
          maxWorkers: 2,
        },
      },
      {
        test: {
          // Decision 086: the real-world corpus (../shared/corpora) through the official validators
          // and the portal's upload API, verdict for verdict. `npm run test:corpus` (.ci/run).
          name: 'corpus',
          expect,
          execArgv: apiWorkerArgs,
          include: ['tests/corpus/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/support/api-setup.ts'],
          globalSetup: ['tests/support/api-global-setup.ts'],
          testTimeout: 900_000,
          hookTimeout: 900_000,
        },
      },
      {
        test: {
          // The calendar lane's own files (decision 076): the demo seeded at each instant where dates
          // break, on the real server and PGlite, as the api project runs them. `npm run
          // test:calendar` runs them once, before the API suite at each instant.
          name: 'calendar',
          expect,
          execArgv: apiWorkerArgs,
          include: ['tests/calendar/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/support/api-setup.ts'],
          // No shared snapshot: each test seeds its own demo at its instant.
          isolate: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
        },
      },
      {
        test: {
          // Decision 036: the same API files on a real PostgreSQL started for the run (pg-cluster.ts).
          name: 'api-pg',
          expect,
          execArgv: apiWorkerArgs,
          include: ['tests/api/**/*.test.ts'],
          // Files that never reach PostgreSQL: they test the embedded database itself (its files on
          // disk, its prepared statements, its request transactions) or servers started as `npm start`
          // starts them, without DATABASE_URL. Run here they would only repeat the api project.
          exclude: [
            'tests/api/durability.test.ts',
            'tests/api/list-load-statements.test.ts',
            'tests/api/request-tx.test.ts',
            'tests/api/production-install.test.ts',
            'tests/api/startup.test.ts',
            // Nor do these: the directory sign-in, and the HTTP layer's headers, compression and
            // public address, which answer the same whatever database sits behind.
            'tests/api/ldap.test.ts',
            'tests/api/security-headers.test.ts',
            'tests/api/static-compression.test.ts',
            'tests/api/public-url.test.ts',
            // The demo's e-invoices are the same whatever the database: checked once, on PGlite.
            'tests/api/einvoice-demo.test.ts',
            // Decision 088: `kill -9` of a server started as `npm start` starts it (embedded database).
            'tests/api/platform-crash.test.ts',
          ],
          environment: 'node',
          setupFiles: ['tests/support/api-setup.ts'],
          globalSetup: ['tests/support/api-pg-global-setup.ts'],
          isolate: false,
          testTimeout: 180_000, // a hang guard, as the api project's
          hookTimeout: 180_000,
          maxWorkers: 2,
        },
      },
      {
        test: {
          // Decision 046: generated e-invoices checked with the official validators (XSD +
          // Schematron through Debian's Saxon, tests/support/einvoice-validators.ts). One batch per file
          // so the JVMs start once; a batch of Schematron runs takes tens of seconds on a shared core.
          name: 'einvoice',
          expect,
          include: ['tests/einvoice/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/support/unit-setup.ts'],
          isolate: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          expect,
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // A hang guard: a screen waits on conditions, each with its own limit (the longest, 60 s).
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Decision 032: two files at a time. A file waits on rendering and round trips much of its
          // time; each file has its own server and database, and each worker its own Chromium.
          maxWorkers: 2,
          // Decision 018: one seeded snapshot for the run (as the api project, decision 017), and the
          // server and playwright imported once per worker instead of once per file.
          globalSetup: ['tests/e2e/global-setup.ts'],
          isolate: false,
        },
      },
      {
        test: {
          // Decision 047: the offline core in WebKit, Safari's engine (Debian's WebKitGTK driven
          // over WebDriver under Xvfb). One file at a time; one MiniBrowser and one server for the lane.
          name: 'webkit',
          expect,
          include: ['tests/webkit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          maxWorkers: 1,
          globalSetup: ['tests/webkit/global-setup.ts'],
          isolate: false,
        },
      },
    ],
  },
});
