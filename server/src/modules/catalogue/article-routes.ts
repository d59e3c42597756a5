import { api } from '../../../../src/contract/index';
import { createModule } from '../../http/route';
import { recordIdempotentResponse } from '../../http/idempotency';
import { idParam } from '../../http/validate';
import type { Deps } from '../../http/types';
import { articleFromBody } from './article-input';
import { deleteArticle, insertArticle, listArticles, updateArticle } from './article-service';

const MENU = 'mesFactures';
const CHILD = 'gestionArticles';

/** The article catalogue (ART-1 to ART-10, ERR-9 to ERR-11): list, create, update, delete in the current company. */
export function articleRoutes(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Articles');

  route(api.catalogue.listItems, { right: { menu: MENU, child: CHILD, permission: 'view' } }, async (c, { query }) =>
    c.json(await listArticles(deps.db, c.get('company').id, query)),
  );

  route(
    api.catalogue.createItem,
    { right: { menu: MENU, child: CHILD, permission: 'create' } },
    async (c, { body }) => {
      const article = articleFromBody(body);
      const companyId = c.get('company').id;
      // The article and its Idempotency-Key answer commit together: a replay never creates a second one.
      const saved = await deps.db.transaction(async (tx) => {
        const row = await insertArticle(tx, companyId, article, deps.now());
        await recordIdempotentResponse(tx, c, 201, row);
        return row;
      });
      return c.json(saved, 201);
    },
  );

  route(api.catalogue.updateItem, { right: { menu: MENU, child: CHILD, permission: 'edit' } }, async (c, { body }) => {
    const id = idParam(c);
    return c.json(await updateArticle(deps.db, c.get('company').id, id, articleFromBody(body), deps.now()));
  });

  route(api.catalogue.deleteItem, { right: { menu: MENU, child: CHILD, permission: 'delete' } }, async (c) => {
    await deleteArticle(deps.db, c.get('company').id, idParam(c));
    return c.body(null, 204);
  });

  return app;
}
