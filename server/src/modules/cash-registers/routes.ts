import { Readable } from 'node:stream';
import { api } from '../../../../src/contract/index';
import { todayInParis } from '../../../../src/domain/dates';
import { createModule } from '../../http/route';
import { HttpError, notFound } from '../../http/errors';
import { idParam, pathParam } from '../../http/validate';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../http/types';
import { registerBlobUser, storageFor } from '../documents/service';
import { buildArchive } from './archive';
import { chainExtract, headOfRow, verifyRegister } from './integrity';
import { resultMonthlyDashboard, resultStakeDashboard, revenuesDashboard, salesDashboard } from './dashboards';
import { publicKeys, signingKey } from './keys';
import { typeDto } from './journal';
import {
  addMovements,
  closeDay,
  findReceipt,
  findRegister,
  findRegisterById,
  journals,
  listRegisters,
  receiptsUsingBlob,
  registerSummary,
  typesOf,
} from './service';

const VIEW = { menu: 'mesCaisses', permission: 'view' } as const;
const EDIT = { menu: 'mesCaisses', permission: 'edit' } as const;
const MAX_PERIOD_DAYS = 1100;

/** dateStart ≤ dateEnd, and not more than three years: 422 otherwise. */
export function checkPeriod(dateStart: string, dateEnd: string) {
  const days = (Date.parse(dateEnd) - Date.parse(dateStart)) / 86_400_000;
  const message =
    Number.isNaN(days) || days < 0
      ? 'Période invalide : la date de début doit précéder la date de fin.'
      : days > MAX_PERIOD_DAYS
        ? 'Période invalide : trois ans au plus.'
        : null;
  if (message) throw new HttpError(422, message, { field: 'dateStart', errors: [message] });
}

/** CASH-3, decision 037: « Mes caisses ». */
export function cashRegistersModule(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Caisses');
  // Receipts live in the documents' store: their bytes are kept while a movement names them.
  registerBlobUser(deps.state, 'cash-registers', (sha256) => receiptsUsingBlob(deps.db, sha256));
  const companyId = (c: Context<AppEnv>) => c.get('company').id;
  const today = () => todayInParis(deps.now());
  const actor = (c: Context<AppEnv>) => ({ userId: c.get('user').id, now: deps.now(), today: today() });
  const register = (c: Context<AppEnv>) => findRegister(deps.db, companyId(c), pathParam(c, 'uuid'));

  route(api.cashRegisters.list, { right: VIEW }, async (c) =>
    c.json(await listRegisters(deps.db, companyId(c), today())),
  );

  route(api.cashRegisters.typeOfMovement, { right: VIEW }, async (c) => {
    const reg = await findRegisterById(deps.db, companyId(c), idParam(c));
    return c.json((await typesOf(deps.db, [reg.id])).map(typeDto));
  });

  route(api.cashRegisters.history, { right: VIEW }, async (c, { query }) => {
    const reg = await register(c);
    checkPeriod(query.dateStart, query.dateEnd);
    const [summary, days] = await Promise.all([
      registerSummary(deps.db, reg, today()),
      journals(deps.db, reg, query.dateStart, query.dateEnd, today()),
    ]);
    return c.json({ register: summary, days });
  });

  route(api.cashRegisters.updateDay, { right: EDIT }, async (c, { body }) =>
    c.json(await addMovements(deps, companyId(c), pathParam(c, 'uuid'), pathParam(c, 'day'), body.movements, actor(c))),
  );

  route(api.cashRegisters.closeDay, { right: EDIT }, async (c, { body }) =>
    c.json(await closeDay(deps, companyId(c), pathParam(c, 'uuid'), pathParam(c, 'day'), body.counted, actor(c))),
  );

  route(api.cashRegisters.receipt, { right: VIEW }, async (c) => {
    const reg = await register(c);
    const found = await findReceipt(deps.db, reg.id, pathParam(c, 'sha256'));
    const stream = found ? await storageFor(deps).open(found.sha256) : null;
    if (!found || !stream) throw notFound('Ce justificatif est introuvable.');
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: {
        'Content-Type': found.contentType,
        'Cache-Control': 'private, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });

  route(api.cashRegisters.verify, { right: VIEW }, async (c, { query }) => {
    const reg = await register(c);
    if (query.dateStart && query.dateEnd) checkPeriod(query.dateStart, query.dateEnd);
    return c.json(await verifyRegister(deps.db, deps.config, reg, query, deps.now()));
  });

  route(api.cashRegisters.chain, { right: VIEW }, async (c, { query }) => {
    const reg = await register(c);
    const [extract, key, keys] = await Promise.all([
      chainExtract(deps.db, reg, query),
      signingKey(deps.config),
      publicKeys(deps.db),
    ]);
    return c.json({
      records: [...extract.movements, ...extract.closings],
      publicKey: key.jwk,
      publicKeys: { ...keys, [key.fingerprint]: key.jwk },
      head: headOfRow(reg),
    });
  });

  route(api.cashRegisters.archive, { right: VIEW }, async (c, { query }) => {
    const reg = await register(c);
    checkPeriod(query.dateStart, query.dateEnd);
    const zip = await buildArchive(deps.db, deps.config, reg, query, deps.now());
    const name = `caisse-${reg.uuid.slice(0, 8)}-${query.dateStart}-${query.dateEnd}.zip`;
    return new Response(zip as Uint8Array<ArrayBuffer>, {
      headers: {
        'Content-Type': 'application/zip',
        'Content-Length': String(zip.byteLength),
        'Content-Disposition': `attachment; filename="${name}"`,
      },
    });
  });

  const dashboards = [
    [api.cashRegisters.salesDashboard, salesDashboard],
    [api.cashRegisters.revenuesDashboard, revenuesDashboard],
    [api.cashRegisters.resultStakeDashboard, resultStakeDashboard],
    [api.cashRegisters.resultMonthlyDashboard, resultMonthlyDashboard],
  ] as const;
  for (const [endpoint, figure] of dashboards)
    route(endpoint, { right: VIEW }, async (c, { query }) => {
      checkPeriod(query.dateStart, query.dateEnd);
      return c.json(await figure(deps.db, companyId(c), query));
    });

  return app;
}
