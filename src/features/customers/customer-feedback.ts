// What the customer screens say after a create, update or delete. The spec gives no wording for
// customers: these follow the article toasts' voice; refusals show the server's own French text.
import { QUEUED_MESSAGE, SERVER_RETRY_MESSAGE, type ScreenOutcome } from '../../data/local-rows';

export type CustomerOperation = 'create' | 'update' | 'delete';

export interface Feedback {
  tone: 'success' | 'error';
  title: string;
  sub?: string | string[];
  /** Done or safely kept on the device: the form closes. */
  settled: boolean;
}

export const CUSTOMER_TOASTS = {
  created: 'Client créé',
  createdSub: 'Le client a été créé avec succès.',
  updated: 'Client modifié',
  deleted: 'Client supprimé',
  queued: 'Client enregistré sur cet appareil',
  saveError: 'Une erreur est survenue lors de l’enregistrement du client',
  deleteError: 'Une erreur est survenue lors de la suppression du client',
  loadError: 'Erreur lors de la récupération du client',
} as const;

export function customerFeedback(operation: CustomerOperation, outcome: ScreenOutcome<unknown>): Feedback {
  if (outcome.status === 'done') {
    if (operation === 'create')
      return { tone: 'success', title: CUSTOMER_TOASTS.created, sub: CUSTOMER_TOASTS.createdSub, settled: true };
    return {
      tone: 'success',
      title: operation === 'update' ? CUSTOMER_TOASTS.updated : CUSTOMER_TOASTS.deleted,
      settled: true,
    };
  }
  if (outcome.status === 'queued') {
    const serverError = operation === 'delete' ? CUSTOMER_TOASTS.deleteError : CUSTOMER_TOASTS.saveError;
    if (outcome.reason === 'server')
      return { tone: 'error', title: serverError, sub: SERVER_RETRY_MESSAGE, settled: true };
    return { tone: 'success', title: CUSTOMER_TOASTS.queued, sub: QUEUED_MESSAGE, settled: true };
  }
  // 409 "Un client avec ce numéro de compte existe déjà." / "used on an invoice", 422 with its rules.
  return {
    tone: 'error',
    title: outcome.message,
    sub: outcome.errors.length ? outcome.errors : undefined,
    settled: operation === 'delete' && outcome.httpStatus === 404,
  };
}
