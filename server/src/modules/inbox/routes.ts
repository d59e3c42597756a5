import type { IncomingMessage } from 'node:http';
import { and, eq, inArray } from 'drizzle-orm';
import { depositCategoryIds, findCategory } from '../../../../src/domain/document-categories';
import { depositDeletionRefusal, type DepositStatus } from '../../../../src/domain/deposits';
import { todayInParis } from '../../../../src/domain/dates';
import { sanitizeFileName } from '../../../../src/domain/uploads';
import { depositBatches, inboxDeposits } from '../../db/schema/index';
import { findUserById } from '../users/members-service';
import type { Context } from 'hono';
import { can } from '../../../../src/domain/rights';
import { assertRight, subjectOf } from '../../http/auth-middleware';
import { api } from '../../../../src/contract/index';
import { createModule } from '../../http/route';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors';
import { afterCommit } from '../../db/request-tx';
import { matchUploadKey, recordIdempotentResponse } from '../../http/idempotency';
import { idParam } from '../../http/validate';
import type { AppEnv, Deps } from '../../http/types';
import {
  documentAccess,
  documentSearchKey,
  holdBlobs,
  membersAccess,
  registerBlobUser,
  readableFilesWhere,
  storageFor,
  zipResponse,
} from '../documents/service';
import { isReceivedInvoiceFile, readDepositedInvoices, recordDepositedInvoices } from '../received-invoices/service';
import { batchView, isRunning, startBatch } from './batch';
import { receiveUpload, uploadContentHash } from './multipart';
import {
  depositColumns,
  depositsByIds,
  depositsUsingBlob,
  listDeposits,
  PURCHASES_CATEGORY_ID,
  removeDepositBytes,
  toDepositItem,
} from './service';

const right = (permission: 'view' | 'create' | 'delete' | 'download') => ({ menu: 'maBannette', permission }) as const;

/** The firm's cross-company views (can(…, 'firm'): userType 1). */
const requireFirm = (c: Context<AppEnv>) =>
  assertRight(can(subjectOf(c), 'firm'), 'Réservé au cabinet (administrateurs).');

/** The inbox ("Ma bannette", INBOX-3): deposits, history, upload, withdrawal, zip, batches. */
export function inboxModule(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Bannette');
  registerBlobUser(deps.state, 'inbox', (sha256) => depositsUsingBlob(deps.db, sha256));
  // Asked at each request: the store of the data folder (a test may swap it for a failing one).
  const storage = () => storageFor(deps);

  route(api.inbox.pending, { right: right('view') }, async (c, { query }) => {
    const filter = {
      access: [await documentAccess(deps, c)],
      viewerId: c.get('user').id,
      pendingOnly: true,
      status: query.status,
      q: query.q,
    };
    return c.json(await listDeposits(deps.db, filter, query));
  });

  route(api.inbox.history, { right: right('view') }, async (c, { query }) => {
    const filter = {
      access: [await documentAccess(deps, c)],
      viewerId: c.get('user').id,
      status: query.status,
      q: query.q,
      mine: query.mine === 'true',
    };
    return c.json(await listDeposits(deps.db, filter, query));
  });

  route(api.inbox.adminHistory, {}, async (c, { query }) => {
    const user = c.get('user');
    requireFirm(c);
    // Each company where the firm user opens « Ma bannette », with their own category rights there (access.ts).
    const access = (await membersAccess(deps.db, { userId: user.id }, 'maBannette')).filter(
      (a) => query.company === undefined || a.companyId === query.company,
    );
    return c.json(await listDeposits(deps.db, { access, viewerId: user.id, status: query.status, q: query.q }, query));
  });

  route(api.inbox.upload, { right: right('create') }, async (c) => {
    const company = c.get('company');
    const user = c.get('user');
    // The raw Node request (@hono/node-server): the body is streamed from the socket, never through a Request.
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!incoming) throw new Error('Le dépôt de fichiers demande le serveur Node (@hono/node-server).');
    const store = storage();
    const upload = await receiveUpload(incoming, store);
    const committed: string[] = [];
    let release: () => Promise<void> = async () => {};
    try {
      // Idempotency-Key: compared on what was received (decision 007): same files → the first answer, others → 422.
      const replayed = matchUploadKey(c, uploadContentHash(upload));
      if (replayed) {
        await upload.discard();
        return replayed;
      }
      if (upload.files.length === 0)
        throw badRequest('Aucun fichier reçu : ajoutez au moins un fichier (champ « file »).', 'file');
      const raw = upload.fields.category;
      if (!raw || !/^\d{1,4}$/.test(raw) || !findCategory(Number(raw)))
        throw badRequest('Choisissez une catégorie de dépôt valide.', 'category');
      const categoryId = Number(raw);
      if (!depositCategoryIds(company.categoriesInbox).includes(categoryId))
        throw forbidden('Vous ne pouvez pas déposer de fichiers dans cette catégorie.');
      // Held from before they are placed until the rows commit: a concurrent withdrawal of the same content keeps them.
      release = await holdBlobs(
        deps.state,
        upload.files.map((f) => f.incoming.received().sha256),
      );
      const stored: Array<{ sha256: string; size: number; name: string; mimeType: string }> = [];
      for (const f of upload.files) {
        const placed = await f.incoming.commit();
        committed.push(placed.sha256);
        stored.push({ ...placed, name: f.name, mimeType: f.mimeType });
      }
      // « Factures reçues » (decision 046): an e-invoice deposited in Achats is also read as one.
      const invoices = categoryId === PURCHASES_CATEGORY_ID ? await readDepositedInvoices(store, stored) : [];
      const json = await deps.db.transaction(async (tx) => {
        const rows = await tx
          .insert(inboxDeposits)
          .values(
            stored.map((s) => ({
              companyId: company.id,
              userId: user.id,
              categoryId,
              name: s.name,
              mimeType: s.mimeType,
              size: s.size,
              sha256: s.sha256,
              searchKey: documentSearchKey(s.name, categoryId),
              createdAt: deps.now(),
            })),
          )
          .returning();
        await recordDepositedInvoices(tx, rows, invoices);
        const me = await findUserById(tx, user.id);
        const items = rows.map((deposit) =>
          toDepositItem(
            { deposit, firstName: me?.firstName ?? '', userName: me?.name ?? '', companyLabel: company.label },
            user.id,
          ),
        );
        const body = { items };
        await recordIdempotentResponse(tx, c, 201, body);
        return body;
      });
      return c.json(json, 201);
    } catch (error) {
      // Nothing kept: no temporary file, and no placed bytes that no row refers to.
      await upload.discard();
      await release();
      for (const sha of committed) await removeDepositBytes(deps.db, deps.state, store, sha).catch(() => false);
      throw error;
    } finally {
      await release();
    }
  });

  route(api.inbox.withdraw, { right: right('delete') }, async (c) => {
    const id = idParam(c, 'id');
    const access = await documentAccess(deps, c);
    const [deposit] = await deps.db
      .select()
      .from(inboxDeposits)
      .where(and(eq(inboxDeposits.id, id), readableFilesWhere(access, depositColumns)));
    if (!deposit) throw notFound('Fichier introuvable.');
    if (await isReceivedInvoiceFile(deps.db, deposit.id))
      throw conflict('Ce fichier est une facture reçue : il est conservé 10 ans et ne peut pas être retiré.');
    const refusal = depositDeletionRefusal(
      { userId: deposit.userId, status: deposit.status as DepositStatus },
      c.get('user').id,
    );
    if (refusal) throw deposit.userId !== c.get('user').id ? forbidden(refusal) : conflict(refusal);
    // The status condition makes withdrawal and a concurrent batch exclusive.
    const removed = await deps.db
      .delete(inboxDeposits)
      .where(and(eq(inboxDeposits.id, id), eq(inboxDeposits.status, 'deposited')))
      .returning();
    if (removed.length === 0)
      throw conflict(depositDeletionRefusal({ userId: deposit.userId, status: 'queued' }, deposit.userId)!);
    // Once the withdrawal committed: a rollback must never find its bytes gone.
    afterCommit(() => removeDepositBytes(deps.db, deps.state, storage(), deposit.sha256));
    return c.body(null, 204);
  });

  route(api.inbox.downloadZip, { right: right('download'), transaction: 'own' }, async (c, { body }) => {
    const company = c.get('company');
    const ids = [...new Set(body.ids)];
    const rows = await depositsByIds(deps.db, await documentAccess(deps, c), ids);
    if (rows.length !== ids.length) throw notFound('Un des fichiers demandés est introuvable.');
    const files = ids.map((id) => rows.find((r) => r.deposit.id === id)!.deposit);
    return zipResponse(
      storage(),
      files,
      sanitizeFileName(`${company.label}_fichier_depot_${todayInParis(deps.now())}.zip`),
    );
  });

  route(api.inbox.batch, { company: true }, async (c, { body }) => {
    requireFirm(c);
    const company = c.get('company');
    const ids = [...new Set(body.ids)];
    const access = await documentAccess(deps, c);
    const json = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(inboxDeposits)
        .where(and(readableFilesWhere(access, depositColumns), inArray(inboxDeposits.id, ids)));
      if (rows.length !== ids.length) throw notFound('Un des fichiers demandés est introuvable.');
      const taken = rows.filter((r) => r.status !== 'deposited');
      if (taken.length)
        throw new HttpError(409, 'Certains fichiers sont déjà pris en charge.', {
          errors: taken.map((r) => `« ${r.name} » est déjà pris en charge.`),
        });
      const [batch] = await tx
        .insert(depositBatches)
        .values({ companyId: company.id, createdBy: c.get('user').id, total: ids.length, createdAt: deps.now() })
        .returning();
      await tx.update(inboxDeposits).set({ status: 'queued', batchId: batch.id }).where(inArray(inboxDeposits.id, ids));
      const view = await batchView(tx, batch, access);
      await recordIdempotentResponse(tx, c, 201, view);
      return view;
    });
    // Processing reads the batch committed, outside this request's transaction.
    afterCommit(() => void startBatch(deps, json.id));
    return c.json(json, 201);
  });

  route(api.inbox.batchState, { company: true }, async (c) => {
    requireFirm(c);
    const [batch] = await deps.db
      .select()
      .from(depositBatches)
      .where(and(eq(depositBatches.id, idParam(c, 'id')), eq(depositBatches.companyId, c.get('company').id)));
    if (!batch) throw notFound('Lot introuvable.');
    if (batch.status !== 'done' && !isRunning(deps, batch.id)) void startBatch(deps, batch.id);
    return c.json(await batchView(deps.db, batch, await documentAccess(deps, c)));
  });

  return app;
}
