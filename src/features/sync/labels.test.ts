import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../data/outbox';
import { entryStatus, failedLabel, waitingLabel } from './labels';

const entry = (patch: Partial<OutboxEntry>): OutboxEntry => ({
  id: 'e', seq: 1, createdAt: 0, updatedAt: 0, state: 'pending', method: 'PUT', path: 'x', companyId: 1, docKey: 'd', label: 'Enregistrement', kind: 'k',
  idempotencyKey: 'k-12345678', attempts: 0, nextAttemptAt: 0, ...patch,
});

describe('sync labels', () => {
  it('counts changes in French', () => {
    expect(waitingLabel(1)).toBe('1 modification en attente');
    expect(waitingLabel(3)).toBe('3 modifications en attente');
    expect(failedLabel(2)).toBe('2 modifications refusées');
  });
  it('says the status of a change', () => {
    const now = Date.UTC(2026, 10, 21, 13, 5);
    expect(entryStatus(entry({}), now).text).toBe('En attente');
    expect(entryStatus(entry({}), now, true).text).toBe('En attente de la modification refusée');
    expect(entryStatus(entry({ state: 'sending' }), now).text).toBe('Envoi en cours');
    expect(entryStatus(entry({ attempts: 2, nextAttemptAt: now + 120_000 }), now).text).toBe('Nouvel essai le 21/11/2026 à 14:07');
    expect(entryStatus(entry({ state: 'failed', lastError: { httpStatus: 422, message: 'x', errors: [] } }), now).text).toBe('Refusée par le serveur');
  });
});
