import { describe, it, expect } from 'vitest';
import {
  DEFAULT_QUOTE_STATE,
  QUOTE_STATES,
  canTransition,
  isQuoteEditable,
  nextStates,
  stateKeyFromLabel,
  stateLabelFromKey,
} from './quote-states';
import type { QuoteStateLabel } from './types';

describe('quote state labels and keys (QUO-12)', () => {
  it('maps every label to its key and back', () => {
    expect(stateKeyFromLabel('En cours')).toBe('enCours');
    expect(stateKeyFromLabel('Accepté')).toBe('accepte');
    expect(stateKeyFromLabel('Facturé')).toBe('facture');
    expect(stateKeyFromLabel('Annulé')).toBe('annule');
    for (const label of QUOTE_STATES) expect(stateLabelFromKey(stateKeyFromLabel(label)!)).toBe(label);
  });

  it('any other label maps to undefined', () => {
    expect(stateKeyFromLabel('Accepte')).toBeUndefined();
    expect(stateKeyFromLabel('en cours')).toBeUndefined();
    expect(stateKeyFromLabel('toString')).toBeUndefined();
    expect(stateKeyFromLabel('')).toBeUndefined();
    expect(stateLabelFromKey('constructor')).toBeUndefined();
  });

  it('a decomposed accent (macOS input) is the same label', () => {
    expect(stateKeyFromLabel('Accepte\u0301')).toBe('accepte');
  });

  it("new quotes start 'En cours'", () => {
    expect(DEFAULT_QUOTE_STATE).toBe('En cours');
  });
});

describe('transitions', () => {
  const allowed: [QuoteStateLabel, QuoteStateLabel][] = [
    ['En cours', 'Accepté'],
    ['En cours', 'Annulé'],
    ['Accepté', 'En cours'],
    ['Accepté', 'Annulé'],
    ['Accepté', 'Facturé'],
  ];

  it('allows exactly the documented moves', () => {
    for (const from of QUOTE_STATES) {
      for (const to of QUOTE_STATES) {
        const expected = allowed.some(([f, t]) => f === from && t === to);
        expect(canTransition(from, to), `${from} → ${to}`).toBe(expected);
      }
    }
  });

  it('Facturé and Annulé are final; a quote is invoiced only once accepted', () => {
    expect(nextStates('Facturé')).toEqual([]);
    expect(nextStates('Annulé')).toEqual([]);
    expect(canTransition('En cours', 'Facturé')).toBe(false);
    expect(canTransition('Bidon' as QuoteStateLabel, 'Accepté')).toBe(false);
  });

  it('only open quotes are editable', () => {
    expect(isQuoteEditable('En cours')).toBe(true);
    expect(isQuoteEditable('Accepté')).toBe(true);
    expect(isQuoteEditable('Facturé')).toBe(false);
    expect(isQuoteEditable('Annulé')).toBe(false);
    expect(isQuoteEditable(undefined)).toBe(false);
  });
});
