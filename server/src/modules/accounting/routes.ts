import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { api } from '../../../../src/contract/index';
import { can } from '../../../../src/domain/rights';
import { assertRight, subjectOf } from '../../http/auth-middleware';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { matchUploadKey, recordIdempotentResponse } from '../../http/idempotency';
import { createModule, type Route } from '../../http/route';
import type { AppEnv, Deps } from '../../http/types';
import { idParam } from '../../http/validate';
import { contentDisposition, holdBlobs, registerBlobUser, storageFor } from '../documents/service';
import { fecPart, measured, receiveAnswer, uploadHash } from './uploads';
import { importFec } from './import';
import {
  addAnswer,
  type AnswerFile,
  answersUsingBlob,
  closeRequest,
  createRequest,
  findAnswerFile,
  findRequest,
  listRequests,
  requestDtos,
} from './requests';
import {
  accountList,
  accountTotals,
  accountsDashboard,
  exerciseDto,
  exerciseRef,
  findImport,
  getSearchState,
  greatBook,
  greatBookCsv,
  journalTotals,
  listExercises,
  listImports,
  monthlyDashboard,
  resolvePeriod,
  resultLast,
  saveSearchState,
  searchEntries,
  treasuryAccounts,
} from './service';

const VIEW = { menu: 'maComptabilite', permission: 'view' } as const;

const requireFirm = (c: Context<AppEnv>) => assertRight(can(subjectOf(c), 'firm'), 'Réservé au cabinet comptable.');
const companyId = (c: Context<AppEnv>) => c.get('company').id;

/** ACC-3, decision 039: « Ma comptabilité ». */
export function accountingModule(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Comptabilité');
  // Answers' files live in the documents' store: their bytes are kept while an answer names them.
  registerBlobUser(deps.state, 'accounting', (sha256) => answersUsingBlob(deps.db, sha256));
  importRoute(deps, route);
  readRoutes(deps, route);
  dashboardRoutes(deps, route);
  requestRoutes(deps, route);
  return app;
}

/** The FEC's upload: streamed through the importer, hashed and counted on the way. */
function importRoute(deps: Deps, route: Route) {
  route(api.accounting.importFec, { right: VIEW }, async (c) => {
    requireFirm(c);
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!incoming) throw new Error('L’import de FEC demande le serveur Node (@hono/node-server).');
    const part = await fecPart(incoming);
    if (!part) throw badRequest('Aucun fichier reçu : joignez le FEC (champ « file »).', 'file');
    const seen = { size: 0, hash: createHash('sha256') };
    const bytes = measured(part.stream, seen);
    const replayable = c.get('idempotency')?.stored;
    if (replayable) {
      // A replay: read the file only to compare it with the first request's.
      for await (const _ of bytes) void _;
      const replayed = matchUploadKey(c, uploadHash(part.fields, part.name, seen.size, seen.hash.digest('hex')));
      if (replayed) return replayed;
    }
    const outcome = await importFec(
      deps.db,
      {
        companyId: companyId(c),
        userId: c.get('user').id,
        fileName: part.name,
        closingDate: /^\d{4}-\d{2}-\d{2}$/.test(part.fields.closingDate ?? '') ? part.fields.closingDate : undefined,
        dateStart: /^\d{4}-\d{2}-\d{2}$/.test(part.fields.dateStart ?? '') ? part.fields.dateStart : undefined,
        now: deps.now(),
      },
      bytes,
    );
    matchUploadKey(c, uploadHash(part.fields, part.name, seen.size, seen.hash.digest('hex')));
    if (!outcome.ok) return c.json(outcome.refusal, 422);
    const body = await findImport(deps.db, outcome.importId);
    await recordIdempotentResponse(deps.db, c, 201, body);
    return c.json(body, 201);
  });
}

/** The imports, the exercises, the great book and its export, the journals, the search and its state. */
function readRoutes(deps: Deps, route: Route) {
  route(api.accounting.imports, { right: VIEW }, async (c, { query }) =>
    c.json(await listImports(deps.db, companyId(c), query.page, query.pageSize)),
  );

  route(api.accounting.periods, { right: VIEW }, async (c) =>
    c.json((await listExercises(deps.db, companyId(c))).map(exerciseDto)),
  );

  route(api.accounting.greatBook, { right: VIEW }, async (c, { query }) => {
    const p = await resolvePeriod(deps.db, companyId(c), query);
    const empty = { items: [], total: 0, page: query.page, pageSize: query.pageSize, next: null };
    if (!p) return c.json({ ...empty, exercise: null, dateStart: null, dateEnd: null, accounts: [] });
    const accounts = accountList(query.accounts);
    const [book, totals] = await Promise.all([
      greatBook(deps.db, p, { accounts, after: query.after, page: query.page, pageSize: query.pageSize }),
      accountTotals(deps.db, p, accounts),
    ]);
    return c.json({
      ...book,
      page: query.page,
      pageSize: query.pageSize,
      exercise: exerciseRef(p.exercise),
      dateStart: p.dateStart,
      dateEnd: p.dateEnd,
      accounts: totals,
    });
  });

  route(api.accounting.greatBookExport, { right: VIEW }, async (c, { query }) => {
    const p = await resolvePeriod(deps.db, companyId(c), query);
    if (!p) throw notFound('Aucun exercice importé pour cette société.');
    const csv = await greatBookCsv(deps.db, p, accountList(query.accounts));
    const name = `grand-livre-${p.dateStart}-${p.dateEnd}.csv`;
    return new Response(Readable.toWeb(Readable.from(csv)) as ReadableStream, {
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': contentDisposition(name) },
    });
  });

  route(api.accounting.journals, { right: VIEW }, async (c, { query }) => {
    const p = await resolvePeriod(deps.db, companyId(c), query);
    return c.json(p ? await journalTotals(deps.db, p) : []);
  });

  route(api.accounting.entries, { right: VIEW }, async (c, { body }) => {
    const p = await resolvePeriod(deps.db, companyId(c), body);
    if (!p) return c.json({ items: [], total: 0, page: body.page, pageSize: body.pageSize, next: null });
    const found = await searchEntries(deps.db, p, body);
    return c.json({ ...found, page: body.page, pageSize: body.pageSize });
  });

  route(api.accounting.getSearchState, { right: VIEW }, async (c) =>
    c.json(await getSearchState(deps.db, c.get('user').id, companyId(c))),
  );

  route(api.accounting.saveSearchState, { right: VIEW }, async (c, { body }) =>
    c.json(await saveSearchState(deps.db, c.get('user').id, companyId(c), body, deps.now())),
  );
}

function dashboardRoutes(deps: Deps, route: Route) {
  route(api.accounting.dashboardAccounts, { right: VIEW }, async (c, { query }) =>
    c.json(await accountsDashboard(deps.db, companyId(c), query.exercise)),
  );
  route(api.accounting.dashboardResultLast, { right: VIEW }, async (c, { query }) =>
    c.json(await resultLast(deps.db, companyId(c), query.exercise)),
  );
  route(api.accounting.dashboardIncomes, { right: VIEW }, async (c, { query }) =>
    c.json(await monthlyDashboard(deps.db, companyId(c), query.exercise, 'incomes')),
  );
  route(api.accounting.dashboardExpenses, { right: VIEW }, async (c, { query }) =>
    c.json(await monthlyDashboard(deps.db, companyId(c), query.exercise, 'expenses')),
  );
  route(api.accounting.dashboardTreasury, { right: VIEW }, async (c, { query }) =>
    c.json(await monthlyDashboard(deps.db, companyId(c), query.exercise, 'treasury')),
  );
  route(api.accounting.dashboardTreasuryAccounts, { right: VIEW }, async (c, { query }) =>
    c.json(await treasuryAccounts(deps.db, companyId(c), query.exercise)),
  );
}

/** The information requests: the firm asks and closes, the company answers with a text and files. */
function requestRoutes(deps: Deps, route: Route) {
  route(api.accounting.requiredDetails, { right: VIEW }, async (c, { query }) =>
    c.json(await listRequests(deps.db, companyId(c), c.get('user').id, query)),
  );

  route(api.accounting.requiredDetailById, { right: VIEW }, async (c) => {
    const row = await findRequest(deps.db, companyId(c), idParam(c));
    return c.json((await requestDtos(deps.db, [row]))[0]);
  });

  route(api.accounting.createRequiredDetail, { right: VIEW }, async (c, { body }) => {
    requireFirm(c);
    return c.json(await createRequest(deps.db, companyId(c), c.get('user').id, body, deps.now()), 201);
  });

  route(api.accounting.closeRequiredDetail, { right: VIEW }, async (c) => {
    requireFirm(c);
    return c.json(await closeRequest(deps.db, companyId(c), idParam(c), deps.now()));
  });

  route(api.accounting.answerRequiredDetail, { right: VIEW }, async (c) => {
    const subject = subjectOf(c);
    assertRight(
      can(subject, 'edit', { menu: 'maComptabilite' }) || can(subject, 'create', { menu: 'maComptabilite' }),
      'Vous n’avez pas le droit de répondre aux demandes d’information.',
    );
    const id = idParam(c);
    await findRequest(deps.db, companyId(c), id); // 404 before reading the files
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!incoming) throw new Error('La réponse demande le serveur Node (@hono/node-server).');
    const store = storageFor(deps);
    const upload = await receiveAnswer(incoming, store);
    let release: () => Promise<void> = async () => {};
    try {
      const replayed = matchUploadKey(c, upload.contentHash);
      if (replayed) {
        await upload.discard();
        return replayed;
      }
      const text = upload.text.trim();
      if (text.includes('\u0000')) throw badRequest('Le texte contient un caractère nul, non autorisé.', 'text');
      if (!text && upload.files.length === 0) {
        const message = 'La réponse est vide : écrivez une explication ou joignez un justificatif.';
        throw new HttpError(422, message, { field: 'text', errors: [message] });
      }
      release = await holdBlobs(
        deps.state,
        upload.files.map((f) => f.incoming.received().sha256),
      );
      const files: AnswerFile[] = [];
      for (const f of upload.files) {
        const placed = await f.incoming.commit();
        files.push({ sha256: placed.sha256, size: placed.size, name: f.name, mimeType: f.mimeType });
      }
      const body = await deps.db.transaction(async (tx) => {
        const answer = await addAnswer(
          tx,
          companyId(c),
          id,
          c.get('user').id,
          text.slice(0, 10_000),
          files,
          deps.now(),
        );
        await recordIdempotentResponse(tx, c, 201, answer);
        return answer;
      });
      return c.json(body, 201);
    } catch (error) {
      await upload.discard();
      throw error;
    } finally {
      await release();
    }
  });

  route(api.accounting.requiredDetailFile, { right: VIEW }, async (c) => {
    const f = await findAnswerFile(deps.db, companyId(c), idParam(c), idParam(c, 'fileId'));
    const stream = await storageFor(deps).open(f.sha256);
    if (!stream) throw notFound('Ce fichier est introuvable.');
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: {
        'Content-Type': f.mimeType,
        'Content-Disposition': contentDisposition(f.name),
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
}
