// POST /api/items, PUT /api/items/:id, DELETE /api/items/:id through the outbox (online or
// offline). The cached list follows at once: the server's row when it answered, the local row
// while the change waits on the device; a refresh then brings the server's copy.
import { api } from '../../../contract/index';
import { articlesData } from '../../../data/datasets';
import { refreshTable } from '../../../data/sync/tables';
import { deleteLocalRow, putLocalRow, screenOutcome, type ScreenOutcome } from '../../../data/local-rows';
import { newTempId, submitMutation } from '../../../data/outbox';
import type { Article } from '../../../domain/types';
import { queued } from '../../../data/api-call';
import { articleBody, localArticleRow, type ArticleRow } from '../article-model';

export async function createArticle(companyId: number, article: Article): Promise<ScreenOutcome<ArticleRow>> {
  const tempId = newTempId();
  const code = article.code.trim();
  const outcome = await screenOutcome(
    await submitMutation<ArticleRow>({
      ...queued(api.catalogue.createItem, { body: articleBody(article) }),
      companyId,
      docKey: `item:${tempId}`,
      createsTempId: tempId,
      kind: 'item.create',
      label: `Création de l’article ${code}`,
    }),
  );
  if (outcome.status === 'done') {
    await putLocalRow('articles', companyId, outcome.response.id, outcome.response);
    void refreshTable(articlesData, companyId);
  } else if (outcome.status === 'queued') {
    await putLocalRow('articles', companyId, tempId, localArticleRow(article, tempId));
  }
  return outcome;
}

/** id may be a temporary id: the outbox sends this change after the creation, with the server's id. */
export async function updateArticle(
  companyId: number,
  id: number | string,
  article: Article,
): Promise<ScreenOutcome<ArticleRow>> {
  const outcome = await screenOutcome(
    await submitMutation<ArticleRow>({
      ...queued(api.catalogue.updateItem, { params: { id }, body: articleBody(article) }),
      companyId,
      docKey: `item:${id}`,
      kind: 'item.update',
      label: `Modification de l’article ${article.code.trim()}`,
    }),
  );
  if (outcome.status === 'done') {
    await putLocalRow('articles', companyId, outcome.response.id, outcome.response, id);
    void refreshTable(articlesData, companyId);
  } else if (outcome.status === 'queued') {
    await putLocalRow('articles', companyId, id, localArticleRow(article, id));
  }
  return outcome;
}

export async function deleteArticle(companyId: number, row: ArticleRow): Promise<ScreenOutcome<null>> {
  const outcome = await screenOutcome(
    await submitMutation<null>({
      ...queued(api.catalogue.deleteItem, { params: { id: row.id } }),
      companyId,
      docKey: `item:${row.id}`,
      kind: 'item.delete',
      label: `Suppression de l’article ${row.code}`,
    }),
  );
  const gone = outcome.status !== 'failed' || outcome.httpStatus === 404;
  if (gone) await deleteLocalRow('articles', companyId, row.id);
  if (outcome.status === 'done' || (outcome.status === 'failed' && outcome.httpStatus === 404))
    void refreshTable(articlesData, companyId);
  return outcome;
}
