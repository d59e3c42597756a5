// What the customer screens say after a create, update or delete. The spec gives no wording for
// customers: these follow the article toasts' voice; refusals show the server's own French text.
import { QUEUED_MESSAGE, SERVER_RETRY_MESSAGE, type ScreenOutcome } from '../../data/local-rows';

export type CustomerOperation = 'create' | 'update' | 'delete' | 'archive' | 'restore';

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
  // Archiving (decision 046).
  archived: 'Client archivé',
  archivedSub: 'Il n’est plus proposé dans les factures et devis ; ses factures validées restent conservées.',
  restored: 'Client rétabli',
  restoredSub: 'Il est de nouveau proposé dans les factures et devis.',
  archiveError: 'Une erreur est survenue lors de l’archivage du client',
} as const;

const DONE: Record<CustomerOperation, { title: string; sub?: string }> = {
  create: { title: CUSTOMER_TOASTS.created, sub: CUSTOMER_TOASTS.createdSub },
  update: { title: CUSTOMER_TOASTS.updated },
  delete: { title: CUSTOMER_TOASTS.deleted },
  archive: { title: CUSTOMER_TOASTS.archived, sub: CUSTOMER_TOASTS.archivedSub },
  restore: { title: CUSTOMER_TOASTS.restored, sub: CUSTOMER_TOASTS.restoredSub },
};

const SERVER_ERROR: Record<CustomerOperation, string> = {
  create: CUSTOMER_TOASTS.saveError,
  update: CUSTOMER_TOASTS.saveError,
  delete: CUSTOMER_TOASTS.deleteError,
  archive: CUSTOMER_TOASTS.archiveError,
  restore: CUSTOMER_TOASTS.archiveError,
};

/** A delete refused because the customer is named on an invoice (or a quote): archiving is offered instead. */
export const isUsedRefusal = (outcome: ScreenOutcome<unknown>): boolean =>
  outcome.status === 'failed' && outcome.httpStatus === 409;

export function customerFeedback(operation: CustomerOperation, outcome: ScreenOutcome<unknown>): Feedback {
  if (outcome.status === 'done') return { tone: 'success', ...DONE[operation], settled: true };
  if (outcome.status === 'queued') {
    const serverError = SERVER_ERROR[operation];
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
