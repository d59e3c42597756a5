import { z } from 'zod';
import { descendantIds, readableCategoryIds } from '../../../../src/domain/document-categories';
import { hasMenuRight } from '../../../../src/domain/rights';
import { todayInParis } from '../../../../src/domain/dates';
import { sanitizeFileName } from '../../../../src/domain/uploads';
import { and, eq } from 'drizzle-orm';
import { gedCategoryLast } from '../../db/schema/index';
import { createModule } from '../../http/route';
import { forbidden, notFound } from '../../http/errors';
import { idParam, isIdText, pathParam } from '../../http/validate';
import type { Deps } from '../../http/types';
import { companyScopeOf, documentAccess, storageFor } from './access';
import { fileResponse, zipResponse } from './files';
import { DOCUMENT_SORTS, findDocument, findDocuments, lastDocuments, listDocuments, markRead, countsByCategory } from './service';
import { categoryTree } from './tree';

const VIEW = { menu: 'mesDocuments', permission: 'view' } as const;
const DOWNLOAD = { menu: 'mesDocuments', permission: 'download' } as const;

const listQuery = z.object({
  q: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  sort: z.enum(DOCUMENT_SORTS).default('-date'),
  category: z.coerce.number().int().min(1).max(1000).optional(),
});
const lastQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) });
const idsBody = z.object({ ids: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(500) });
const lastBody = z.object({ facet: z.string().max(100).nullable().optional(), headings: z.array(z.string().max(100)).max(100).optional() });

/** Documents the firm filed (spec 7.3): lists, category tree, view, download, zip. */
export function documentsModule(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Documents');
  // Asked at each request: the store of the data folder (a test may swap it for a failing one).
  const storage = () => storageFor(deps.config);

  route('get', '/my-documents', { summary: 'Mes documents : liste paginée, recherche, tri, filtre par catégorie (et ses sous-catégories)', query: listQuery, right: VIEW }, async (c, { query }) => {
    const access = await documentAccess(deps, c);
    const categories = query.category ? descendantIds(query.category) : undefined;
    return c.json(await listDocuments(deps.db, access, { ...query, categories }));
  });

  route('get', '/my-documents/last', { summary: 'Derniers documents déposés par le cabinet', query: lastQuery, right: VIEW }, async (c, { query }) => {
    const access = await documentAccess(deps, c);
    return c.json({ items: await lastDocuments(deps.db, access, query.limit) });
  });

  route('get', '/widgets/ged/last/user/:user/company/:company', { summary: 'Widget des derniers documents (accueil)' }, async (c) => {
    const user = c.get('user');
    const userId = idParam(c, 'user');
    const companyId = idParam(c, 'company');
    if (userId !== user.id) throw forbidden('Accès non autorisé');
    const scope = await companyScopeOf(deps, user.id, companyId);
    if (!hasMenuRight(scope.rights, VIEW.menu, 'view')) throw forbidden('Vous n’avez pas les droits nécessaires pour cette action.');
    const access = { companyId, companyLabel: scope.label, userId, userType: user.userType, readable: readableCategoryIds(scope.categories, scope.gedUserRight) };
    return c.json({ items: await lastDocuments(deps.db, access, 5) });
  });

  route('get', '/ged/category/:id', { summary: 'Arborescence des catégories lisibles (0 = toutes) avec le nombre de documents', right: VIEW }, async (c) => {
    const raw = pathParam(c, 'id');
    if (!isIdText(raw)) throw notFound('Catégorie introuvable.');
    const access = await documentAccess(deps, c);
    const tree = categoryTree(Number(raw), access.readable, await countsByCategory(deps.db, access));
    if (!tree) throw notFound('Catégorie introuvable.');
    const [last] = await deps.db.select().from(gedCategoryLast).where(and(eq(gedCategoryLast.userId, access.userId), eq(gedCategoryLast.companyId, access.companyId)));
    return c.json({ categories: tree, last: last ? lastOut(last) : null });
  });

  route('put', '/ged/category/:id/last', { summary: 'Retient la dernière catégorie ouverte, sa facette et ses rubriques', body: lastBody, right: VIEW }, async (c, { body }) => {
    const categoryId = idParam(c, 'id');
    const access = await documentAccess(deps, c);
    if (categoryId !== 0 && !categoryTree(categoryId, access.readable, new Map())) throw notFound('Catégorie introuvable.');
    const values = { userId: access.userId, companyId: access.companyId, categoryId, facet: body.facet ?? null, headings: body.headings ?? [], updatedAt: deps.now() };
    const [row] = await deps.db.insert(gedCategoryLast).values(values)
      .onConflictDoUpdate({ target: [gedCategoryLast.userId, gedCategoryLast.companyId], set: { categoryId, facet: values.facet, headings: values.headings, updatedAt: values.updatedAt } })
      .returning();
    return c.json(lastOut(row));
  });

  route('get', '/ged/documents/:id/view', { summary: 'Contenu d’un document pour l’aperçu (inline)', right: VIEW }, async (c) => {
    const access = await documentAccess(deps, c);
    const doc = await findDocument(deps.db, access, idParam(c, 'id'));
    await markRead(deps.db, access.userId, [doc.id], deps.now());
    return fileResponse(storage(), doc, 'inline');
  });

  route('get', '/ged/documents/:id/download', { summary: 'Téléchargement d’un document', right: DOWNLOAD }, async (c) => {
    const access = await documentAccess(deps, c);
    const doc = await findDocument(deps.db, access, idParam(c, 'id'));
    await markRead(deps.db, access.userId, [doc.id], deps.now());
    return fileResponse(storage(), doc, 'attachment');
  });

  route('post', '/ged/documents/download', { summary: 'Plusieurs documents en une archive zip', body: idsBody, right: DOWNLOAD, transaction: 'own' }, async (c, { body }) => {
    const access = await documentAccess(deps, c);
    const docs = await findDocuments(deps.db, access, body.ids);
    await markRead(deps.db, access.userId, docs.map((d) => d.id), deps.now());
    const zipName = sanitizeFileName(`Documents_${access.companyLabel}_${todayInParis(deps.now())}.zip`);
    return zipResponse(storage(), docs, zipName);
  });

  return app;
}

function lastOut(row: typeof gedCategoryLast.$inferSelect) {
  return { categoryId: row.categoryId, facet: row.facet, headings: row.headings, updatedAt: row.updatedAt.toISOString() };
}
