import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../data/outbox';
import { inboxUploadRequest, queuedDeposits } from './upload-to-inbox';

describe('inbox upload request', () => {
  it('is a multipart outbox change of the company, one ordering key per file', () => {
    const file = new File(['%PDF-1.4'], 'Ventes.pdf', { type: 'application/pdf' });
    const a = inboxUploadRequest(file, 30, 7);
    expect(a).toMatchObject({
      method: 'POST',
      path: 'my-inbox/documents/upload',
      companyId: 7,
      kind: 'inbox.upload',
      label: 'Dépôt du fichier « Ventes.pdf »',
      file: { blob: file, name: 'Ventes.pdf', field: 'file', extra: { category: '30' } },
    });
    expect(inboxUploadRequest(file, 30, 7).docKey).not.toBe(a.docKey);
  });

  it('lists the queued deposits of the current company only', () => {
    const entry = (kind: string, companyId: number) =>
      ({ id: `${kind}${companyId}`, kind, companyId, file: { name: 'a.pdf' } }) as unknown as OutboxEntry;
    const entries = [entry('inbox.upload', 7), entry('inbox.upload', 8), entry('invoice.save', 7)];
    expect(queuedDeposits(entries, 7).map((e) => e.id)).toEqual(['inbox.upload7']);
    expect(queuedDeposits(undefined, 7)).toEqual([]);
  });
});
