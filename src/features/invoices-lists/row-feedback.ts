// What the lists say after a row action. ERR-8 gives the quote state wording (typo included:
// "à été"); payment and conversion follow the same voice; refusals show the server's French text.
import { QUEUED_MESSAGE, SERVER_RETRY_MESSAGE, type ScreenOutcome } from '../../data/local-rows';

export interface Feedback {
  tone: 'success' | 'error';
  title: string;
  sub?: string | string[];
}

export const ROW_TOASTS = {
  saved: 'Enregistrement effectué',
  queued: 'Enregistré sur cet appareil',
  quoteState: (number: string | null) => `L'état du devis n°${number ?? ''} à été enregistré avec succès`,
  quoteStateError: "Erreur lors du changement d'état du devis",
  paid: (number: string | null) => `La facture n°${number ?? ''} est marquée payée.`,
  unpaid: (number: string | null) => `La facture n°${number ?? ''} est marquée non payée.`,
  paymentError: "Erreur lors de l'enregistrement du paiement",
  convertError: 'Erreur lors de la transformation du devis en facture',
  convertQueued: 'La transformation sera faite au retour du réseau ; la facture apparaîtra alors dans la liste.',
  downloadError: 'Erreur lors du téléchargement du PDF',
} as const;

/** done → success; queued → kept on the device (or the server failed: retried later); failed → the server's words. */
export function rowFeedback(
  outcome: ScreenOutcome<unknown>,
  success: string,
  errorTitle: string,
  queuedSub: string = QUEUED_MESSAGE,
): Feedback {
  if (outcome.status === 'done') return { tone: 'success', title: ROW_TOASTS.saved, sub: success };
  if (outcome.status === 'queued') {
    return outcome.reason === 'server'
      ? { tone: 'error', title: errorTitle, sub: SERVER_RETRY_MESSAGE }
      : { tone: 'success', title: ROW_TOASTS.queued, sub: queuedSub };
  }
  if (outcome.message)
    return { tone: 'error', title: outcome.message, sub: outcome.errors.length ? outcome.errors : undefined };
  return { tone: 'error', title: errorTitle, sub: outcome.errors.length ? outcome.errors : undefined };
}
