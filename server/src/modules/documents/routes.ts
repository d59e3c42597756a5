import { descendantIds, memberReadableCategoryIds } from '../../../../src/domain/document-categories';
import { can } from '../../../../src/domain/rights';
import { todayInParis } from '../../../../src/domain/dates';
import { sanitizeFileName } from '../../../../src/domain/uploads';
import { assertRight } from '../../http/auth-middleware';
import { api } from '../../../../src/contract/index';
import { createModule } from '../../http/route';
import { forbidden, notFound } from '../../http/errors';
import { idParam, isIdText, pathParam } from '../../http/validate';
import type { Deps } from '../../http/types';
import { companyScopeOf, documentAccess, storageFor } from './access';
import { lastCategory, rememberCategory } from './category-last';
import { fileResponse, zipResponse } from './files';
import { FISCAL_CATEGORY_IDS } from '../../../../src/domain/fiscal-documents';
import {
  findDocument,
  findDocumentItem,
  findDocuments,
  lastDocuments,
  listDocuments,
  markRead,
  countsByCategory,
} from './service';
import { categoryTree } from './tree';

const VIEW = { menu: 'mesDocuments', permission: 'view' } as const;
const DOWNLOAD = { menu: 'mesDocuments', permission: 'download' } as const;
const FISCAL_NOT_FOUND = 'Document fiscal introuvable.';

/** Documents the firm filed (DOC-4): lists, category tree, view, download, zip. */
export function documentsModule(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Documents');
  // Asked at each request: the store of the data folder (a test may swap it for a failing one).
  const storage = () => storageFor(deps);

  route(api.documents.list, { right: VIEW }, async (c, { query }) => {
    const access = await documentAccess(deps, c);
    const categories = query.category ? descendantIds(query.category) : undefined;
    return c.json(await listDocuments(deps.db, access, { ...query, categories }));
  });

  route(api.documents.last, { right: VIEW }, async (c, { query }) => {
    const access = await documentAccess(deps, c);
    return c.json({ items: await lastDocuments(deps.db, access, query.limit) });
  });

  route(api.documents.widget, {}, async (c) => {
    const user = c.get('user');
    const userId = idParam(c, 'user');
    const companyId = idParam(c, 'company');
    if (userId !== user.id) throw forbidden('Accès non autorisé');
    const scope = await companyScopeOf(deps, user.id, companyId);
    // The company is named in the path: its membership's rights, not the current company's.
    assertRight(can({ userType: user.userType, appRights: scope.rights }, 'view', VIEW));
    const access = {
      companyId,
      companyLabel: scope.label,
      userId,
      readable: memberReadableCategoryIds({ userType: user.userType, appRights: scope.rights }, scope),
    };
    return c.json({ items: await lastDocuments(deps.db, access, 5) });
  });

  route(api.documents.categories, { right: VIEW }, async (c) => {
    const raw = pathParam(c, 'id');
    if (!isIdText(raw)) throw notFound('Catégorie introuvable.');
    const access = await documentAccess(deps, c);
    const tree = categoryTree(Number(raw), access.readable, await countsByCategory(deps.db, access));
    if (!tree) throw notFound('Catégorie introuvable.');
    const last = await lastCategory(deps.db, access.userId, access.companyId);
    return c.json({ categories: tree, last });
  });

  route(api.documents.rememberCategory, { right: VIEW }, async (c, { body }) => {
    const categoryId = idParam(c, 'id');
    const access = await documentAccess(deps, c);
    if (categoryId !== 0 && !categoryTree(categoryId, access.readable, new Map()))
      throw notFound('Catégorie introuvable.');
    const values = {
      userId: access.userId,
      companyId: access.companyId,
      categoryId,
      facet: body.facet ?? null,
      headings: body.headings ?? [],
      updatedAt: deps.now(),
    };
    return c.json(await rememberCategory(deps.db, values));
  });

  route(api.documents.view, { right: VIEW }, async (c) => {
    const access = await documentAccess(deps, c);
    const doc = await findDocument(deps.db, access, idParam(c, 'id'));
    await markRead(deps.db, access.userId, [doc.id], deps.now());
    return fileResponse(storage(), doc, 'inline', c.req.header('range'));
  });

  // /fiscadas/{id} (decision 045): the documents' read rules, narrowed to the fiscal categories; an
  // unknown id, another company's document or a non-fiscal one all answer the same 404.
  route(api.documents.fiscal, { right: VIEW }, async (c) => {
    const raw = pathParam(c, 'id');
    if (!isIdText(raw)) throw notFound(FISCAL_NOT_FOUND);
    const access = await documentAccess(deps, c);
    return c.json(await findDocumentItem(deps.db, access, Number(raw), FISCAL_CATEGORY_IDS, FISCAL_NOT_FOUND));
  });

  route(api.documents.download, { right: DOWNLOAD }, async (c) => {
    const access = await documentAccess(deps, c);
    const doc = await findDocument(deps.db, access, idParam(c, 'id'));
    await markRead(deps.db, access.userId, [doc.id], deps.now());
    return fileResponse(storage(), doc, 'attachment');
  });

  route(api.documents.downloadZip, { right: DOWNLOAD, transaction: 'own' }, async (c, { body }) => {
    const access = await documentAccess(deps, c);
    const docs = await findDocuments(deps.db, access, body.ids);
    await markRead(
      deps.db,
      access.userId,
      docs.map((d) => d.id),
      deps.now(),
    );
    const zipName = sanitizeFileName(`Documents_${access.companyLabel}_${todayInParis(deps.now())}.zip`);
    return zipResponse(storage(), docs, zipName);
  });

  return app;
}
