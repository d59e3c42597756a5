import { formatDateTimeFr } from '../../domain/dates';
import type { OutboxEntry } from '../../data/outbox';

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

export const waitingLabel = (n: number) => plural(n, 'modification en attente', 'modifications en attente');
export const failedLabel = (n: number) => plural(n, 'modification refusée', 'modifications refusées');

const at = (ms: number) => formatDateTimeFr(new Date(ms).toISOString());

/** The status of one change as the sync panel says it. */
export function entryStatus(entry: OutboxEntry, now: number, blocked = false): { text: string; color: string } {
  if (entry.state === 'sending') return { text: 'Envoi en cours', color: 'blue' };
  if (entry.state === 'failed') return entry.lastError?.httpStatus ? { text: 'Refusée par le serveur', color: 'red' } : { text: 'Impossible à envoyer', color: 'red' };
  if (entry.attempts > 0 && entry.nextAttemptAt > now) return { text: `Nouvel essai le ${at(entry.nextAttemptAt)}`, color: 'orange' };
  // An earlier change of the same document was refused: this one waits for the user's decision.
  if (blocked) return { text: 'En attente de la modification refusée', color: 'gray' };
  return { text: 'En attente', color: 'gray' };
}

export const createdLabel = (entry: OutboxEntry) => `Enregistrée le ${at(entry.createdAt)}`;
