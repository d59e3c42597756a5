// Figures for decision 037: 10 registers × 3 years of days, about 1 million movements,
// built through the module's own linking, signing and closing code and inserted in bulk (not through
// HTTP); then, over HTTP, the history of a year, each dashboard, closing a day, the server's verify
// of a full year and the archive of a year. CASH_BENCH_REGISTERS and CASH_BENCH_TICKETS (sales and
// revenue lines per rate and means of payment per day, 14 → ~100 movements a day) size it.
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { addDays, todayInParis } from '../src/domain/dates';
import { verifyChain, type ClosingRecord, type MovementRecord } from '../src/domain/cash-register/index';
import { registerPublicKey, signingKey } from '../server/src/modules/cash-registers/keys';
import { createRegister } from '../server/src/modules/cash-registers/service';
import { BAKERY_COUNTER, buildRegisterHistory, insertHistory } from '../server/src/seed/cash-registers';
import { startTestServer } from '../tests/support/test-server';
import { fr, latency } from './latency';

const REGISTERS = Number(process.env.CASH_BENCH_REGISTERS ?? 10);
const TICKETS = Number(process.env.CASH_BENCH_TICKETS ?? 14);
const OPEN_DAYS = 6;
const RUNS = 20;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * « Vérifier l’intégrité » in Chromium: the rulebook bundled as is, loaded in a page of the server's
 * origin (a secure context: WebCrypto), GET chain of a year then every hash and signature checked.
 */
async function verifyInChromium(
  url: string,
  token: string,
  company: number,
  path: string,
  signatures: 'all' | 'anchored',
) {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('../src/domain/cash-register/index.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    globalName: 'CashRegister',
    write: false,
    platform: 'browser',
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const page = await (await browser.newContext({ bypassCSP: true })).newPage();
    await page.goto(`${url}/api/health/live`);
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    return await page.evaluate(
      async ({ path, token, company, signatures }) => {
        const lib = (globalThis as unknown as { CashRegister: typeof import('../src/domain/cash-register/index') })
          .CashRegister;
        const t0 = performance.now();
        const res = await fetch(path, {
          headers: { authorization: `Bearer ${token}`, 'x-company-id': String(company) },
        });
        const chain = await res.json();
        const t1 = performance.now();
        const records = chain.records as Array<Record<string, unknown>>;
        const keys = chain.publicKeys;
        const fingerprint = Object.keys(keys)[0]!;
        const report = await lib.verifyChain({
          registerUuid: path.split('/')[3]!,
          movements: records.filter((r) => 'typeCode' in r) as never,
          closings: records.filter((r) => 'closingKind' in r) as never,
          keys,
          currentKey: { fingerprint, jwk: keys[fingerprint] },
          period: { dateStart: null, dateEnd: null },
          checkedAt: new Date().toISOString(),
          signatures,
        });
        return { fetchMs: t1 - t0, verifyMs: performance.now() - t1, ok: report.ok, count: report.movements.count };
      },
      { path, token, company, signatures },
    );
  } finally {
    await browser.close();
  }
}

export async function benchCashRegisters(): Promise<Record<string, string>> {
  const server = await startTestServer();
  const figures: Record<string, string> = {};
  try {
    const db = server.deps.db;
    const company = server.seed!.companies[0]!.id;
    const today = todayInParis(new Date());
    const key = await signingKey(server.deps.config);
    await registerPublicKey(db, key, new Date());
    const registers: Array<{ uuid: string }> = [];
    let movements = 0;
    let closings = 0;
    let buildMs = 0;
    let insertMs = 0;
    for (let i = 0; i < REGISTERS; i++) {
      const { register, types } = await createRegister(db, company, {
        label: `Caisse de mesure ${i + 1}`,
        createdAt: new Date(),
      });
      let t = performance.now();
      const built = await buildRegisterHistory(
        register,
        types,
        { ...BAKERY_COUNTER, months: 36, entries: TICKETS, holidays: [] },
        { today, userId: server.seed!.demoUserId, key, seed: 100 + i, openDays: OPEN_DAYS },
      );
      buildMs += performance.now() - t;
      t = performance.now();
      await insertHistory(db, register, built);
      insertMs += performance.now() - t;
      movements += built.movements.length;
      closings += built.closings.length;
      registers.push(register);
    }
    await db.execute(sql`analyze`);
    figures['Volume'] =
      `${REGISTERS} caisses × 3 ans : ${movements.toLocaleString('fr-FR')} mouvements, ${closings.toLocaleString('fr-FR')} clôtures`;
    figures['Construction (chaînage, signatures Ed25519)'] =
      `${fr(buildMs / 1000)} s (${fr(movements / (buildMs / 1000), 0)} mouvements/s)`;
    figures['Insertion en masse'] = `${fr(insertMs / 1000)} s`;

    const { token } = await server.api.login('demo');
    const opts = { token, company };
    const time = async (path: string, method: 'GET' | 'PUT' = 'GET', body?: unknown) => {
      const t = performance.now();
      const res = await server.api.request(method, path, { ...opts, body });
      const ms = performance.now() - t;
      if (res.status !== 200)
        throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      return { ms, res };
    };
    const yearStart = addDays(today, -365);
    const yesterday = addDays(today, -1);
    const uuid = registers[0]!.uuid;

    const history: number[] = [];
    let days = 0;
    for (let i = 0; i < 8; i++) {
      const { ms, res } = await time(`/api/sales-register/${uuid}/history?dateStart=${yearStart}&dateEnd=${yesterday}`);
      history.push(ms);
      days = res.body.days.length;
    }
    figures[`Historique d’une année (${days} journées)`] = latency(history);

    for (const name of ['sales', 'revenues', 'result-stake', 'result-monthly']) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++)
        times.push((await time(`/api/sales-register/dashboard/${name}?dateStart=${yearStart}&dateEnd=${today}`)).ms);
      figures[`Tableau de bord ${name} (société, un an, ${REGISTERS} caisses)`] = latency(times);
    }

    const close: number[] = [];
    for (const reg of registers)
      for (let d = OPEN_DAYS; d >= 1; d--) {
        const day = addDays(today, -d);
        const journal = (await time(`/api/sales-register/${reg.uuid}/history?dateStart=${day}&dateEnd=${day}`)).res.body
          .days[0];
        if (!journal) continue;
        const balance = journal.registerDetails.balanceFinal as number;
        close.push(
          (
            await time(`/api/sales-register/${reg.uuid}/days/${day}/close`, 'PUT', {
              closed: true,
              counted: { total: balance, detail: null },
            })
          ).ms,
        );
      }
    figures[`Clôture d’une journée (${close.length} clôtures)`] = latency(close);

    const verify: number[] = [];
    let report: { ok: boolean; movements: { count: number } } | null = null;
    for (let i = 0; i < 3; i++) {
      const { ms, res } = await time(`/api/sales-register/${uuid}/verify?dateStart=${yearStart}&dateEnd=${today}`);
      verify.push(ms);
      report = res.body;
    }
    figures[`Vérification serveur d’une année (${report!.movements.count.toLocaleString('fr-FR')} mouvements)`] =
      `${latency(verify)} · ${report!.ok ? 'intègre' : 'ROMPUE'}`;
    const whole = await time(`/api/sales-register/${uuid}/verify`);
    figures['Vérification serveur de toute la chaîne (3 ans)'] =
      `${fr(whole.ms, 0)} ms · ${whole.res.body.ok ? 'intègre' : 'ROMPUE'}`;

    // What the browser does (GET chain, then every signature checked with WebCrypto), here in Node.
    const chain = await time(`/api/sales-register/${uuid}/chain?dateStart=${yearStart}&dateEnd=${today}`);
    const records = chain.res.body.records as Array<MovementRecord | ClosingRecord>;
    const t = performance.now();
    const all = await verifyChain({
      registerUuid: uuid,
      movements: records.filter((r): r is MovementRecord => 'typeCode' in r),
      closings: records.filter((r): r is ClosingRecord => 'closingKind' in r),
      keys: chain.res.body.publicKeys,
      currentKey: { fingerprint: key.fingerprint, jwk: key.jwk },
      period: { dateStart: yearStart, dateEnd: today },
      checkedAt: new Date().toISOString(),
      signatures: 'all',
    });
    figures['Vérification d’une année, toutes signatures (code du navigateur, dans Node)'] =
      `${fr(performance.now() - t, 0)} ms (+ ${fr(chain.ms, 0)} ms pour GET chain, ${fr(chain.res.raw.byteLength / 1e6)} Mo) · ${all.ok ? 'intègre' : 'ROMPUE'}`;

    if (existsSync(CHROMIUM)) {
      // 'anchored' is what the screen « Vérifier l’intégrité » runs (browser-verify.ts); 'all' for comparison.
      for (const [mode, label] of [
        ['anchored', 'comme l’écran (signatures ancrées)'],
        ['all', 'toutes signatures'],
      ] as const) {
        const inBrowser = await verifyInChromium(
          server.url,
          token,
          company,
          `/api/sales-register/${uuid}/chain?dateStart=${yearStart}&dateEnd=${today}`,
          mode,
        );
        figures[
          `Vérification d’une année dans Chromium, ${label} (${inBrowser.count.toLocaleString('fr-FR')} mouvements)`
        ] =
          `${fr(inBrowser.verifyMs, 0)} ms (+ ${fr(inBrowser.fetchMs, 0)} ms pour GET chain) · ${inBrowser.ok ? 'intègre' : 'ROMPUE'}`;
      }
    }

    const archive = await time(`/api/sales-register/${uuid}/archive?dateStart=${yearStart}&dateEnd=${today}`);
    figures['Archive d’une année (zip)'] = `${fr(archive.ms, 0)} ms · ${fr(archive.res.raw.byteLength / 1e6)} Mo`;
    return figures;
  } finally {
    await server.close();
  }
}
