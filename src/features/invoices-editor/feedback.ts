// What the editors say (ERR-3 to ERR-8, exact wording, "à été" included), and how an outbox outcome
// turns into a toast. Offline outcomes get their own clear words: nothing is lost, it waits.
import { SERVER_RETRY_MESSAGE, type ScreenOutcome } from '../../data/local-rows';
import { INVOICE_ERRORS_DURATION, INVOICE_ERRORS_TITLE } from '../../domain/invoice-checks';
import { QUOTE_ERRORS_TITLE } from '../../domain/quote-checks';
import type { EditorKind } from './types';

export const MESSAGES = {
  saved: 'Enregistrement effectué',
  invoiceSaved: 'Votre facture à été enregistrée avec succès',
  quoteSaved: 'Votre devis à été enregistré avec succès',
  invoiceSaveError: "Erreur lors de l'enregistrement de la facture",
  quoteSaveError: "Erreur lors de l'enregistrement du devis",
  invoiceQueued: 'Facture enregistrée sur cet appareil',
  quoteQueued: 'Devis enregistré sur cet appareil',
  queuedSub: 'Elle sera envoyée au serveur au retour du réseau. Vous pouvez continuer à la modifier.',
  quoteQueuedSub: 'Il sera envoyé au serveur au retour du réseau. Vous pouvez continuer à le modifier.',
  validated: 'Validation effectuée',
  validatedSub: 'Votre facture à été validée avec succès',
  validateError: 'Erreur lors de la validation',
  validateErrorSub: 'Une erreur est survenue lors de la validation de votre facture.',
  validationQueued: 'Validation en attente : la facture sera validée et numérotée au retour du réseau.',
  sent: 'Envoi effectué',
  sentSub: 'Votre facture à été envoyée avec succès à votre client',
  sendError: "Erreur lors de l'envoi de la facture",
  sendQueued: 'Envoi en attente : la facture sera envoyée à votre client au retour du réseau.',
  stateError: "Erreur lors du changement d'état du devis",
  stateQueued: 'Changement d’état en attente : il sera envoyé au retour du réseau.',
  convertError: 'Erreur lors de la transformation du devis en facture',
  convertQueued: 'Transformation en attente : la facture sera créée sur le serveur au retour du réseau.',
  invoiceLoadError: 'Erreur lors de la récupération de la facture',
  quoteLoadError: 'Erreur lors de la récupération du devis',
  pdfDialogError: 'Erreur lors de l’ouverture de la prévisualisation du PDF',
  /** Decision 046: the Factur-X or UBL download failed (the server's reason follows). */
  downloadError: 'Le téléchargement de la facture a échoué',
  previewError: 'Erreur lors de la prévisualisation',
  pending: 'En attente d’envoi',
} as const;

export const stateSavedSub = (number: string | null) =>
  `L'état du devis n°${number ?? ''} à été enregistré avec succès`;

export const errorsTitle = (kind: EditorKind) => (kind === 'invoice' ? INVOICE_ERRORS_TITLE : QUOTE_ERRORS_TITLE);
/** INV-16, LIMIT-3: the check toast stays 6000 ms (quotes too: same list, same reading time). */
export const ERRORS_DURATION = INVOICE_ERRORS_DURATION;

export interface Feedback {
  tone: 'success' | 'error' | 'info';
  title: string;
  sub?: string | string[];
  duration?: number;
}

/** A save's outcome: success, kept on the device (offline), kept for a retry (server error), refused. */
export function saveFeedback(kind: EditorKind, outcome: ScreenOutcome<unknown>): Feedback {
  const invoice = kind === 'invoice';
  if (outcome.status === 'done')
    return { tone: 'success', title: MESSAGES.saved, sub: invoice ? MESSAGES.invoiceSaved : MESSAGES.quoteSaved };
  const saveError = invoice ? MESSAGES.invoiceSaveError : MESSAGES.quoteSaveError;
  if (outcome.status === 'queued') {
    if (outcome.reason === 'server') return { tone: 'error', title: saveError, sub: SERVER_RETRY_MESSAGE };
    return {
      tone: 'info',
      title: invoice ? MESSAGES.invoiceQueued : MESSAGES.quoteQueued,
      sub: invoice ? MESSAGES.queuedSub : MESSAGES.quoteQueuedSub,
    };
  }
  // 422: the server's own check list under its title ("Votre facture contient des erreurs !").
  if (outcome.errors.length)
    return {
      tone: 'error',
      title: outcome.message || errorsTitle(kind),
      sub: outcome.errors,
      duration: ERRORS_DURATION,
    };
  return { tone: 'error', title: outcome.message || saveError };
}

export function validateFeedback(outcome: ScreenOutcome<unknown>): Feedback {
  if (outcome.status === 'done') return { tone: 'success', title: MESSAGES.validated, sub: MESSAGES.validatedSub };
  if (outcome.status === 'queued') {
    if (outcome.reason === 'server')
      return { tone: 'error', title: MESSAGES.validateError, sub: [MESSAGES.validateErrorSub, SERVER_RETRY_MESSAGE] };
    return { tone: 'info', title: MESSAGES.validationQueued };
  }
  const details = outcome.errors.length ? outcome.errors : outcome.message ? [outcome.message] : [];
  return {
    tone: 'error',
    title: MESSAGES.validateError,
    sub: [MESSAGES.validateErrorSub, ...details],
    duration: details.length > 1 ? ERRORS_DURATION : undefined,
  };
}

export function sendFeedback(outcome: ScreenOutcome<unknown>): Feedback {
  if (outcome.status === 'done') return { tone: 'success', title: MESSAGES.sent, sub: MESSAGES.sentSub };
  if (outcome.status === 'queued')
    return outcome.reason === 'server'
      ? { tone: 'error', title: MESSAGES.sendError, sub: SERVER_RETRY_MESSAGE }
      : { tone: 'info', title: MESSAGES.sendQueued };
  return {
    tone: 'error',
    title: MESSAGES.sendError,
    sub: outcome.message || (outcome.errors.length ? outcome.errors : undefined),
  };
}

export function stateFeedback(outcome: ScreenOutcome<unknown>, number: string | null): Feedback {
  if (outcome.status === 'done') return { tone: 'success', title: MESSAGES.saved, sub: stateSavedSub(number) };
  if (outcome.status === 'queued')
    return outcome.reason === 'server'
      ? { tone: 'error', title: MESSAGES.stateError, sub: SERVER_RETRY_MESSAGE }
      : { tone: 'info', title: MESSAGES.stateQueued };
  return { tone: 'error', title: outcome.message || MESSAGES.stateError };
}

export function convertFeedback(outcome: ScreenOutcome<unknown>): Feedback | null {
  if (outcome.status === 'done') return null; // the new invoice form opening says it all
  if (outcome.status === 'queued')
    return outcome.reason === 'server'
      ? { tone: 'error', title: MESSAGES.convertError, sub: SERVER_RETRY_MESSAGE }
      : { tone: 'info', title: MESSAGES.convertQueued };
  return {
    tone: 'error',
    title: outcome.message || MESSAGES.convertError,
    sub: outcome.errors.length ? outcome.errors : undefined,
  };
}
