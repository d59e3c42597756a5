// Quote states (QUO-12, QUO-13). The PATCH sends the French label; the key is for code and storage.
import type { QuoteStateKey, QuoteStateLabel } from './types';

export const DEFAULT_QUOTE_STATE: QuoteStateLabel = 'En cours';

export const QUOTE_STATE_KEYS: Record<QuoteStateLabel, QuoteStateKey> = {
  'En cours': 'enCours',
  Accepté: 'accepte',
  Facturé: 'facture',
  Annulé: 'annule',
};

export const QUOTE_STATE_LABELS: Record<QuoteStateKey, QuoteStateLabel> = {
  enCours: 'En cours',
  accepte: 'Accepté',
  facture: 'Facturé',
  annule: 'Annulé',
};

/** In display order, for state pickers. */
export const QUOTE_STATES: readonly QuoteStateLabel[] = ['En cours', 'Accepté', 'Facturé', 'Annulé'];

export function isQuoteStateLabel(label: unknown): label is QuoteStateLabel {
  return typeof label === 'string' && Object.prototype.hasOwnProperty.call(QUOTE_STATE_KEYS, label);
}

/** QUO-12: any other label maps to undefined. NFC first: a decomposed "é" is the same label. */
export function stateKeyFromLabel(label: string): QuoteStateKey | undefined {
  const normalized = typeof label === 'string' ? label.normalize('NFC') : label;
  return isQuoteStateLabel(normalized) ? QUOTE_STATE_KEYS[normalized] : undefined;
}

export function stateLabelFromKey(key: string): QuoteStateLabel | undefined {
  return Object.prototype.hasOwnProperty.call(QUOTE_STATE_LABELS, key)
    ? QUOTE_STATE_LABELS[key as QuoteStateKey]
    : undefined;
}

/**
 * The spec does not show which transitions exist; these are ours:
 *  - 'En cours' → 'Accepté' (customer said yes) or 'Annulé';
 *  - 'Accepté' → back to 'En cours' (renegotiation), 'Annulé', or 'Facturé' (normally set by
 *    the conversion into an invoice, accepted here so the server can apply it);
 *  - 'Facturé' and 'Annulé' are final: an invoice exists or the deal is dead.
 * Staying in the same state is not a transition.
 */
const TRANSITIONS: Record<QuoteStateLabel, readonly QuoteStateLabel[]> = {
  'En cours': ['Accepté', 'Annulé'],
  Accepté: ['En cours', 'Annulé', 'Facturé'],
  Facturé: [],
  Annulé: [],
};

export function canTransition(from: QuoteStateLabel, to: QuoteStateLabel): boolean {
  return isQuoteStateLabel(from) && TRANSITIONS[from].includes(to);
}

/** The states a quote may move to from here (for the state menu). */
export function nextStates(from: QuoteStateLabel): readonly QuoteStateLabel[] {
  return isQuoteStateLabel(from) ? TRANSITIONS[from] : [];
}

/** Only open quotes can still be edited; an invoiced or cancelled one is frozen. */
export function isQuoteEditable(state: QuoteStateLabel | null | undefined): boolean {
  return state === 'En cours' || state === 'Accepté';
}
