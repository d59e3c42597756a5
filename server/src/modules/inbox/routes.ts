import type { IncomingMessage } from 'node:http';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { depositCategoryIds, findCategory } from '../../../../src/domain/document-categories';
import { DEPOSIT_STATUSES, depositDeletionRefusal, type DepositStatus } from '../../../../src/domain/deposits';
import { todayInParis } from '../../../../src/domain/dates';
import { sanitizeFileName } from '../../../../src/domain/uploads';
import { depositBatches, inboxDeposits, memberships } from '../../db/schema/index';
import { createModule } from '../../http/route';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors';
import { recordIdempotentResponse } from '../../http/idempotency';
import { idParam } from '../../http/validate';
import type { Deps } from '../../http/types';
import { storageFor } from '../documents/access';
import { holdBlobs, removeBlobIfUnused } from '../documents/blob-guard';
import { zipResponse } from '../documents/files';
import { documentSearchKey } from '../documents/service';
import { batchView, isRunning, startBatch } from './batch';
import { receiveUpload } from './multipart';
import { DEPOSIT_SORTS, depositsByIds, listDeposits, toDepositItem } from './service';

const right = (permission: 'view' | 'create' | 'delete' | 'download') => ({ menu: 'maBannette', permission }) as const;
const listQuery = z.object({
  q: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  sort: z.enum(DEPOSIT_SORTS).default('-date'),
  status: z.enum(DEPOSIT_STATUSES).optional(),
});
const historyQuery = listQuery.extend({ mine: z.enum(['true', 'false']).optional() });
const adminQuery = listQuery.extend({ company: z.coerce.number().int().min(1).optional() });
const idsBody = z.object({ ids: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(500) });

const requireFirm = (userType: number) => {
  if (userType !== 1) throw forbidden('Réservé au cabinet (administrateurs).');
};

/** The inbox ("Ma bannette", spec 7.3): deposits, history, upload, withdrawal, zip, batches. */
export function inboxModule(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Bannette');
  const storage = storageFor(deps.config);

  route('get', '/my-inbox', { summary: 'Fichiers déposés dans la bannette de la société, pas encore classés', query: listQuery, right: right('view') }, async (c, { query }) => {
    const filter = { companyIds: [c.get('company').id], viewerId: c.get('user').id, pendingOnly: true, status: query.status, q: query.q };
    return c.json(await listDeposits(deps.db, filter, query));
  });

  route('get', '/my-inbox/history', { summary: 'Historique des dépôts de la société (mine=true : les miens)', query: historyQuery, right: right('view') }, async (c, { query }) => {
    const filter = { companyIds: [c.get('company').id], viewerId: c.get('user').id, status: query.status, q: query.q, mine: query.mine === 'true' };
    return c.json(await listDeposits(deps.db, filter, query));
  });

  route('get', '/my-inbox/history/admin', { summary: 'Historique des dépôts de toutes les sociétés suivies (cabinet, userType 1)', query: adminQuery }, async (c, { query }) => {
    const user = c.get('user');
    requireFirm(user.userType);
    const rows = await deps.db.select({ companyId: memberships.companyId }).from(memberships).where(eq(memberships.userId, user.id));
    const companyIds = rows.map((r) => r.companyId).filter((id) => query.company === undefined || id === query.company);
    return c.json(await listDeposits(deps.db, { companyIds, viewerId: user.id, status: query.status, q: query.q }, query));
  });

  route('post', '/my-inbox/documents/upload', { summary: 'Dépôt de fichiers (multipart : parties « file », champ « category »)', multipart: true, right: right('create'), responses: { 201: 'Fichiers déposés', 400: 'Requête invalide', 413: 'Fichier trop volumineux', 415: 'Type refusé' } }, async (c) => {
    const company = c.get('company');
    const user = c.get('user');
    // The raw Node request (@hono/node-server): the body is streamed from the socket, never through a Request.
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!incoming) throw new Error('Le dépôt de fichiers demande le serveur Node (@hono/node-server).');
    const upload = await receiveUpload(incoming, storage);
    let release = () => {};
    try {
      if (upload.files.length === 0) throw badRequest('Aucun fichier reçu : ajoutez au moins un fichier (champ « file »).', 'file');
      const raw = upload.fields.category;
      if (!raw || !/^\d{1,4}$/.test(raw) || !findCategory(Number(raw))) throw badRequest('Choisissez une catégorie de dépôt valide.', 'category');
      const categoryId = Number(raw);
      if (!depositCategoryIds(company.categoriesInbox).includes(categoryId)) throw forbidden('Vous ne pouvez pas déposer de fichiers dans cette catégorie.');
      const stored: Array<{ sha256: string; size: number; name: string; mimeType: string }> = [];
      for (const f of upload.files) stored.push({ ...(await f.incoming.commit()), name: f.name, mimeType: f.mimeType });
      release = holdBlobs(stored.map((s) => s.sha256));
      const json = await deps.db.transaction(async (tx) => {
        const rows = await tx.insert(inboxDeposits).values(stored.map((s) => ({
          companyId: company.id, userId: user.id, categoryId, name: s.name, mimeType: s.mimeType, size: s.size, sha256: s.sha256,
          searchKey: documentSearchKey(s.name, categoryId), createdAt: deps.now(),
        }))).returning();
        const me = await tx.query.users.findFirst({ where: (u, { eq: is }) => is(u.id, user.id) });
        const items = rows.map((deposit) => toDepositItem({ deposit, firstName: me?.firstName ?? '', userName: me?.name ?? '', companyLabel: company.label }, user.id));
        const body = { items };
        await recordIdempotentResponse(tx, c, 201, body);
        return body;
      });
      return c.json(json, 201);
    } catch (error) {
      await upload.discard();
      throw error;
    } finally {
      release();
    }
  });

  route('delete', '/my-inbox/documents/:id', { summary: 'Retire un fichier déposé (le sien, avant prise en charge)', right: right('delete'), responses: { 204: 'Retiré', 403: 'Pas le vôtre', 404: 'Introuvable', 409: 'Déjà pris en charge' } }, async (c) => {
    const id = idParam(c, 'id');
    const [deposit] = await deps.db.select().from(inboxDeposits).where(and(eq(inboxDeposits.id, id), eq(inboxDeposits.companyId, c.get('company').id)));
    if (!deposit) throw notFound('Fichier introuvable.');
    const refusal = depositDeletionRefusal({ userId: deposit.userId, status: deposit.status as DepositStatus }, c.get('user').id);
    if (refusal) throw deposit.userId !== c.get('user').id ? forbidden(refusal) : conflict(refusal);
    // The status condition makes withdrawal and a concurrent batch exclusive.
    const removed = await deps.db.delete(inboxDeposits).where(and(eq(inboxDeposits.id, id), eq(inboxDeposits.status, 'deposited'))).returning();
    if (removed.length === 0) throw conflict(depositDeletionRefusal({ userId: deposit.userId, status: 'queued' }, deposit.userId)!);
    await removeBlobIfUnused(deps.db, storage, deposit.sha256);
    return c.body(null, 204);
  });

  route('post', '/files/download', { summary: 'Fichiers déposés en une archive zip (société_fichier_depot_date.zip)', body: idsBody, right: right('download') }, async (c, { body }) => {
    const company = c.get('company');
    const ids = [...new Set(body.ids)];
    const rows = await depositsByIds(deps.db, company.id, ids);
    if (rows.length !== ids.length) throw notFound('Un des fichiers demandés est introuvable.');
    const files = ids.map((id) => rows.find((r) => r.deposit.id === id)!.deposit);
    return zipResponse(storage, files, sanitizeFileName(`${company.label}_fichier_depot_${todayInParis(deps.now())}.zip`));
  });

  route('post', '/batch', { summary: 'Le cabinet prend des fichiers déposés en traitement (lot)', body: idsBody, company: true, responses: { 201: 'Lot créé (queued)', 409: 'Fichier déjà pris en charge' } }, async (c, { body }) => {
    requireFirm(c.get('user').userType);
    const company = c.get('company');
    const ids = [...new Set(body.ids)];
    const json = await deps.db.transaction(async (tx) => {
      const rows = await tx.select().from(inboxDeposits).where(and(eq(inboxDeposits.companyId, company.id), inArray(inboxDeposits.id, ids)));
      if (rows.length !== ids.length) throw notFound('Un des fichiers demandés est introuvable.');
      const taken = rows.filter((r) => r.status !== 'deposited');
      if (taken.length) throw new HttpError(409, 'Certains fichiers sont déjà pris en charge.', { errors: taken.map((r) => `« ${r.name} » est déjà pris en charge.`) });
      const [batch] = await tx.insert(depositBatches).values({ companyId: company.id, createdBy: c.get('user').id, total: ids.length, createdAt: deps.now() }).returning();
      await tx.update(inboxDeposits).set({ status: 'queued', batchId: batch.id }).where(inArray(inboxDeposits.id, ids));
      const view = await batchView(tx, batch);
      await recordIdempotentResponse(tx, c, 201, view);
      return view;
    });
    void startBatch(deps, json.id);
    return c.json(json, 201);
  });

  route('get', '/trigger/batch/:id', { summary: 'État d’un lot ; relance un lot resté en attente', company: true }, async (c) => {
    requireFirm(c.get('user').userType);
    const [batch] = await deps.db.select().from(depositBatches).where(and(eq(depositBatches.id, idParam(c, 'id')), eq(depositBatches.companyId, c.get('company').id)));
    if (!batch) throw notFound('Lot introuvable.');
    if (batch.status !== 'done' && !isRunning(batch.id)) void startBatch(deps, batch.id);
    return c.json(await batchView(deps.db, batch));
  });

  return app;
}
