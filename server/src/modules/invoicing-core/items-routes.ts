import { createModule } from '../../http/route';
import { recordIdempotentResponse } from '../../http/idempotency';
import { idParam } from '../../http/validate';
import type { Deps } from '../../http/types';
import { articleBody, articleFromBody } from './article-input';
import { deleteItem, insertItem, listItems, updateItem } from './items-service';
import { listQuery } from './paging';

const MENU = 'mesFactures';
const CHILD = 'gestionArticles';

/** The article catalogue (spec 3, 4, 7.2, 8): list, create, update, delete in the current company. */
export function itemsRoutes(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Articles');

  route('get', '/items', {
    summary: 'Articles de la société (Standard d’abord, puis par code), recherche et pagination',
    query: listQuery,
    right: { menu: MENU, child: CHILD, permission: 'view' },
  }, async (c, { query }) => c.json(await listItems(deps.db, c.get('company').id, query)));

  route('post', '/items', {
    summary: 'Crée un article (libellé en base64 dans label64)',
    body: articleBody,
    right: { menu: MENU, child: CHILD, permission: 'create' },
    responses: { 201: 'Article créé', 409: 'Un article avec ce code existe déjà !', 422: 'Règles de l’article non respectées' },
  }, async (c, { body }) => {
    const article = articleFromBody(body);
    const companyId = c.get('company').id;
    // The article and its Idempotency-Key answer commit together: a replay never creates a second one.
    const saved = await deps.db.transaction(async (tx) => {
      const row = await insertItem(tx, companyId, article);
      await recordIdempotentResponse(tx, c, 201, row);
      return row;
    });
    return c.json(saved, 201);
  });

  route('put', '/items/:id', {
    summary: 'Modifie un article',
    body: articleBody,
    right: { menu: MENU, child: CHILD, permission: 'edit' },
    responses: { 200: 'Article modifié', 404: 'Article introuvable', 409: 'Un article avec ce code existe déjà !', 422: 'Règles de l’article non respectées' },
  }, async (c, { body }) => {
    const id = idParam(c);
    return c.json(await updateItem(deps.db, c.get('company').id, id, articleFromBody(body)));
  });

  route('delete', '/items/:id', {
    summary: 'Supprime un article',
    right: { menu: MENU, child: CHILD, permission: 'delete' },
    responses: { 204: 'Article supprimé', 404: 'Article introuvable' },
  }, async (c) => {
    await deleteItem(deps.db, c.get('company').id, idParam(c));
    return c.body(null, 204);
  });

  return app;
}
