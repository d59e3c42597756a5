import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../data/outbox';
import { entryStatus, entrySubject, failedLabel, isUpload, uploadsTitle, waitingLabel } from './labels';
import { waitReasons } from './outbox-list';

const entry = (patch: Partial<OutboxEntry>): OutboxEntry => ({
  id: 'e',
  seq: 1,
  createdAt: 0,
  updatedAt: 0,
  state: 'pending',
  method: 'PUT',
  path: 'x',
  companyId: 1,
  docKey: 'd',
  label: 'Enregistrement',
  kind: 'k',
  idempotencyKey: 'k-12345678',
  attempts: 0,
  nextAttemptAt: 0,
  ...patch,
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
    expect(entryStatus(entry({ attempts: 2, nextAttemptAt: now + 120_000 }), now).text).toBe(
      'Nouvel essai le 21/11/2026 à 14:07',
    );
    expect(
      entryStatus(entry({ state: 'failed', lastError: { httpStatus: 422, message: 'x', errors: [] } }), now).text,
    ).toBe('Refusée par le serveur');
  });
});

describe('sync panel names', () => {
  it('names each change by what it concerns', () => {
    expect(
      entrySubject(entry({ kind: 'quote.save', docKey: 'quote:23' }), {
        doc: { number: 'D2026-0023', customer: 'Mairie de Royan' },
      }),
    ).toBe('Devis D2026-0023 — Mairie de Royan');
    expect(entrySubject(entry({ kind: 'quote.save' }), { doc: { number: null, customer: 'Mairie de Royan' } })).toBe(
      'Nouveau devis — Mairie de Royan',
    );
    expect(
      entrySubject(entry({ kind: 'invoice.validate' }), {
        doc: { number: null, type: 'Facture', customer: 'Garage Dupont' },
      }),
    ).toBe('Facture (brouillon) — Garage Dupont');
    expect(
      entrySubject(entry({ kind: 'invoice.send' }), { doc: { number: 'AV2026-0002', type: 'Avoir', customer: null } }),
    ).toBe('Avoir AV2026-0002');
    expect(entrySubject(entry({ kind: 'customer.create', body: { socialReason: 'Boulangerie Martin' } }))).toBe(
      'Client Boulangerie Martin',
    );
    expect(entrySubject(entry({ kind: 'customer.delete' }), { customer: 'Épicerie Vidal' })).toBe(
      'Client Épicerie Vidal',
    );
    expect(entrySubject(entry({ kind: 'item.create', body: { code: 'PAIN', designation: 'Pain de campagne' } }))).toBe(
      'Article PAIN — Pain de campagne',
    );
    expect(entrySubject(entry({ kind: 'notification.read', label: 'Notification marquée comme lue' }))).toBe(
      'Notification marquée comme lue',
    );
  });

  it('puts uploads apart and counts them', () => {
    const upload = entry({
      kind: 'inbox.upload',
      file: { blob: new Blob(['x']), name: 'facture.pdf', field: 'file', extra: {} },
    });
    expect(isUpload(upload)).toBe(true);
    expect(isUpload(entry({ kind: 'quote.save' }))).toBe(false);
    expect(entrySubject(upload)).toBe('Fichier facture.pdf');
    expect(uploadsTitle(2)).toBe('Dépôt de 2 fichiers');
    expect(uploadsTitle(1)).toBe('Dépôt de 1 fichier');
  });

  it('says which creation a change waits for, and when that creation was refused', () => {
    const tmp = 'tmp-1b4e28ba-2fa1-41d2-883f-0016d3cca427';
    const customer = entry({
      id: 'c',
      seq: 1,
      kind: 'customer.create',
      docKey: `customer:${tmp}`,
      createsTempId: tmp,
      state: 'failed',
      lastError: { httpStatus: 422, message: 'x', errors: [] },
    });
    const quote = entry({
      id: 'q',
      seq: 2,
      kind: 'quote.save',
      docKey: 'quote:tmp-x',
      body: { customer: { accountNumber: tmp } },
    });
    const { waitingFor } = waitReasons([customer, quote], new Map([['c', 'Client Boulangerie Martin']]));
    expect(waitingFor.get('q')).toBe(
      'En attente de « Client Boulangerie Martin », refusée par le serveur : corrigez-la ou abandonnez-la. Cette modification ne sera jamais envoyée sans elle.',
    );
    expect(waitingFor.has('c')).toBe(false);
    expect(
      waitReasons([{ ...customer, state: 'pending', lastError: undefined }, quote], new Map()).waitingFor.get('q'),
    ).toBe(`Sera envoyée après « ${customer.label} ».`);
  });
});
