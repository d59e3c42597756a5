import type { OutboxEntry } from '../../data/outbox';
import { formatDateTime } from '../../domain/format';

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

export const waitingLabel = (n: number) => plural(n, 'modification en attente', 'modifications en attente');
export const failedLabel = (n: number) => plural(n, 'modification refusée', 'modifications refusées');

const at = (ms: number) => formatDateTime(new Date(ms).toISOString());

/** The status of one change as the sync panel says it. */
export function entryStatus(entry: OutboxEntry, now: number, blocked = false): { text: string; color: string } {
  if (entry.state === 'sending') return { text: 'Envoi en cours', color: 'blue' };
  if (entry.state === 'failed')
    return entry.lastError?.httpStatus
      ? { text: 'Refusée par le serveur', color: 'red' }
      : { text: 'Impossible à envoyer', color: 'red' };
  if (entry.attempts > 0 && entry.nextAttemptAt > now)
    return { text: `Nouvel essai le ${at(entry.nextAttemptAt)}`, color: 'orange' };
  // An earlier change of the same document was refused: this one waits for the user's decision.
  if (blocked) return { text: 'En attente de la modification refusée', color: 'gray' };
  return { text: 'En attente', color: 'gray' };
}

export const createdLabel = (entry: OutboxEntry) => `Enregistrée le ${at(entry.createdAt)}`;

/** What the device knows of the document or customer an entry concerns (use-entry-subjects.ts). */
export interface SubjectFacts {
  /** A quote or an invoice: its number (null while a draft), type and customer's name. */
  doc?: { number: string | null; type?: string; customer: string | null };
  /** A customer: its name. */
  customer?: string | null;
}

const UPLOAD_KINDS = new Set(['inbox.upload']);
/** Uploads are listed apart from edits (decision 010). */
export const isUpload = (entry: Pick<OutboxEntry, 'kind' | 'file'>) => UPLOAD_KINDS.has(entry.kind) || !!entry.file;

export const uploadsTitle = (n: number) => `Dépôt de ${plural(n, 'fichier', 'fichiers')}`;

const withCustomer = (text: string, customer: string | null | undefined) => (customer ? `${text} — ${customer}` : text);
const bodyText = (entry: OutboxEntry, key: string) => {
  const v = (entry.body as Record<string, unknown> | undefined)?.[key];
  return typeof v === 'string' && v.trim() ? v.trim() : null;
};

/**
 * The name of what a waiting change concerns, as the sync panel titles it: « Devis D2026-0023 —
 * Mairie de Royan », « Facture (brouillon) — … », « Client Boulangerie Martin », « Dépôt de
 * facture.pdf ». Without facts (nothing cached), the change's own label.
 */
export function entrySubject(entry: OutboxEntry, facts: SubjectFacts = {}): string {
  const domain = entry.kind.split('.')[0];
  if (isUpload(entry)) return entry.file ? `Fichier ${entry.file.name}` : entry.label;
  if ((domain === 'quote' || domain === 'invoice') && facts.doc) {
    const { number, type, customer } = facts.doc;
    if (domain === 'quote') return withCustomer(number ? `Devis ${number}` : 'Nouveau devis', customer);
    const what = type === 'Avoir' ? 'Avoir' : 'Facture';
    return withCustomer(number ? `${what} ${number}` : `${what} (brouillon)`, customer);
  }
  if (domain === 'customer') {
    const name = bodyText(entry, 'socialReason') ?? bodyText(entry, 'name') ?? facts.customer;
    if (name) return `Client ${name}`;
  }
  if (domain === 'item') {
    const code = bodyText(entry, 'code');
    if (code) return `Article ${code}${bodyText(entry, 'designation') ? ` — ${bodyText(entry, 'designation')}` : ''}`;
  }
  return entry.label;
}

/** Why a change waits for another one: the creation of a customer or document it names. */
export function waitingForText(creator: OutboxEntry, creatorSubject: string): string {
  if (creator.state === 'failed') {
    return `En attente de « ${creatorSubject} », refusée par le serveur : corrigez-la ou abandonnez-la. Cette modification ne sera jamais envoyée sans elle.`;
  }
  return `Sera envoyée après « ${creatorSubject} ».`;
}
