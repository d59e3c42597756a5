// The article toasts (ERR-9 to ERR-11), word for word, for each outcome of a create, update or delete.
import { QUEUED_MESSAGE, SERVER_RETRY_MESSAGE, type ScreenOutcome } from '../../data/local-rows';

export type ArticleOperation = 'create' | 'update' | 'delete';

export interface Feedback {
  tone: 'success' | 'error';
  title: string;
  sub?: string | string[];
  /** The change is done or safely kept: the modal closes (and a creation form resets). */
  settled: boolean;
}

export const ARTICLE_TOASTS = {
  createConflict: 'Un article avec ce code existe déjà !',
  createError: "Une erreur est survenue lors de la création de l'article",
  created: 'Article créé',
  createdSub: "L'article à été créé avec succès",
  updateError: "Une erreur est survenue lors de la modification de l'article",
  updated: 'Article modifié',
  deleteError: "Une erreur est survenue lors de la suppression de l'article",
  deleted: 'Article supprimé',
  queued: 'Article enregistré sur cet appareil',
} as const;

const SERVER_ERROR: Record<ArticleOperation, string> = {
  create: ARTICLE_TOASTS.createError,
  update: ARTICLE_TOASTS.updateError,
  delete: ARTICLE_TOASTS.deleteError,
};

const details = (o: { message: string; errors: string[] }): string | string[] =>
  o.errors.length ? o.errors : o.message;

export function articleFeedback(operation: ArticleOperation, outcome: ScreenOutcome<unknown>): Feedback {
  if (outcome.status === 'done') {
    if (operation === 'create')
      return { tone: 'success', title: ARTICLE_TOASTS.created, sub: ARTICLE_TOASTS.createdSub, settled: true };
    return {
      tone: 'success',
      title: operation === 'update' ? ARTICLE_TOASTS.updated : ARTICLE_TOASTS.deleted,
      settled: true,
    };
  }
  if (outcome.status === 'queued') {
    // A 5xx keeps the change in the outbox (it is retried): the spec's 500 text, and what happens next.
    if (outcome.reason === 'server')
      return { tone: 'error', title: SERVER_ERROR[operation], sub: SERVER_RETRY_MESSAGE, settled: true };
    return { tone: 'success', title: ARTICLE_TOASTS.queued, sub: QUEUED_MESSAGE, settled: true };
  }
  if (operation === 'create') {
    if (outcome.httpStatus === 409) return { tone: 'error', title: ARTICLE_TOASTS.createConflict, settled: false };
    // "Otherwise the response body": its message, with the broken rules of a 422 below it.
    return {
      tone: 'error',
      title: outcome.message,
      sub: outcome.errors.length ? outcome.errors : undefined,
      settled: false,
    };
  }
  if (operation === 'update')
    return { tone: 'error', title: ARTICLE_TOASTS.updateError, sub: details(outcome), settled: false };
  // 404: somebody else already deleted it; the list drops it all the same.
  return {
    tone: 'error',
    title: outcome.message,
    sub: outcome.errors.length ? outcome.errors : undefined,
    settled: outcome.httpStatus === 404,
  };
}
