import type { IncomingMessage } from 'node:http';
import { depositCategoryIds, findCategory } from '../../../../src/domain/document-categories';
import { depositDeletionRefusal, type DepositStatus } from '../../../../src/domain/deposits';
import { todayInParis } from '../../../../src/domain/dates';
import { sanitizeFileName } from '../../../../src/domain/uploads';
import type { Context } from 'hono';
import { can } from '../../../../src/domain/rights';
import { assertRight, subjectOf } from '../../http/auth-middleware';
import { api } from '../../../../src/contract/index';
import { createModule } from '../../http/route';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { afterCommit } from '../../db/request-tx';
import { matchUploadKey, recordIdempotentResponse } from '../../http/idempotency';
import { idParam } from '../../http/validate';
import type { AppEnv, Deps } from '../../http/types';
import type { DbOrTx } from '../../db/client';
import {
  documentAccess,
  holdBlobs,
  membersAccess,
  registerBlobUser,
  storageFor,
  zipResponse,
  type FileStorage,
} from '../documents/service';
import { batchView, companyBatch, isRunning, queueBatch, startBatch } from './batch';
import {
  deleteWaitingDeposit,
  insertUploadedDeposits,
  readableDeposit,
  uploadedItems,
  type DepositRow,
  type StoredUpload,
} from './deposit-writes';
import { receiveUpload, uploadContentHash } from './multipart';
import { depositsByIds, depositsUsingBlob, listDeposits, PURCHASES_CATEGORY_ID, removeDepositBytes } from './service';

const right = (permission: 'view' | 'create' | 'delete' | 'download') => ({ menu: 'maBannette', permission }) as const;

/** The firm's cross-company views (can(…, 'firm'): userType 1). */
const requireFirm = (c: Context<AppEnv>) =>
  assertRight(can(subjectOf(c), 'firm'), 'Réservé au cabinet (administrateurs).');

/**
 * What the inbox asks of « Factures reçues » (decision 046): an e-invoice deposited in Achats is also
 * read as one, and a received invoice's file is never withdrawn. That module builds on the inbox (its
 * files are deposits), so server/src/modules/index.ts passes these in (decision 080: no cycle).
 */
export interface ReceivedInvoices<Read> {
  isReceivedInvoiceFile(db: DbOrTx, depositId: number): Promise<boolean>;
  readDepositedInvoices(storage: FileStorage, files: StoredUpload[]): Promise<Array<Read | null>>;
  recordDepositedInvoices(tx: DbOrTx, deposits: DepositRow[], reads: Array<Read | null>): Promise<void>;
}

/** The inbox ("Ma bannette", INBOX-3): deposits, history, upload, withdrawal, zip, batches. */
export function inboxModule<Read>(deps: Deps, received: ReceivedInvoices<Read>) {
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
      const stored: StoredUpload[] = [];
      for (const f of upload.files) {
        const placed = await f.incoming.commit();
        committed.push(placed.sha256);
        stored.push({ ...placed, name: f.name, mimeType: f.mimeType });
      }
      // « Factures reçues » (decision 046): an e-invoice deposited in Achats is also read as one.
      const invoices = categoryId === PURCHASES_CATEGORY_ID ? await received.readDepositedInvoices(store, stored) : [];
      const json = await deps.db.transaction(async (tx) => {
        const by = { companyId: company.id, userId: user.id, categoryId };
        const rows = await insertUploadedDeposits(tx, by, stored, deps.now);
        await received.recordDepositedInvoices(tx, rows, invoices);
        const body = { items: await uploadedItems(tx, rows, user.id, company.label) };
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
    const deposit = await readableDeposit(deps.db, access, id);
    if (!deposit) throw notFound('Fichier introuvable.');
    if (await received.isReceivedInvoiceFile(deps.db, deposit.id))
      throw conflict('Ce fichier est une facture reçue : il est conservé 10 ans et ne peut pas être retiré.');
    const refusal = depositDeletionRefusal(
      { userId: deposit.userId, status: deposit.status as DepositStatus },
      c.get('user').id,
    );
    if (refusal) throw deposit.userId !== c.get('user').id ? forbidden(refusal) : conflict(refusal);
    // Only a deposit still waiting: withdrawal and a concurrent batch are exclusive.
    const removed = await deleteWaitingDeposit(deps.db, id);
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
      const by = { companyId: company.id, userId: c.get('user').id, access };
      const batch = await queueBatch(tx, by, ids, deps.now);
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
    const batch = await companyBatch(deps.db, c.get('company').id, idParam(c, 'id'));
    if (!batch) throw notFound('Lot introuvable.');
    if (batch.status !== 'done' && !isRunning(deps, batch.id)) void startBatch(deps, batch.id);
    return c.json(await batchView(deps.db, batch, await documentAccess(deps, c)));
  });

  return app;
}
