import { PDFDocument } from '@cantoo/pdf-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GreatBookLine } from './api/accounting-api';

// « Exporter en PDF » of the general ledger: read by cursor, drawn with progress, bounded.

const served: Array<{ after?: string; page: number }> = [];
let total = 0;
vi.mock('./api/accounting-api', () => ({
  fetchGreatBook: async (query: { after?: string; page: number; pageSize: number }) => {
    served.push({ after: query.after, page: query.page });
    const from = query.after ? Number(query.after) : 0;
    const count = Math.min(query.pageSize, total - from);
    const items = Array.from({ length: count }, (_, i) => line(from + i));
    const next = from + count < total ? String(from + count) : null;
    return { items, total, page: 1, pageSize: query.pageSize, next };
  },
}));

const line = (n: number): GreatBookLine => ({
  id: n + 1,
  account: '41100000',
  accountLabel: 'Clients',
  auxAccount: null,
  auxLabel: null,
  date: '2025-03-14',
  journal: 'VT',
  journalLabel: 'Ventes',
  entryNumber: String(n),
  piece: `F-${n}`,
  pieceDate: null,
  label: `Facture ${n} — Boulangerie Pâtisserie Martin`,
  debit: 120,
  credit: 0,
  lettering: null,
  letteringDate: null,
  validDate: '2025-03-14',
  balance: 120 * (n + 1),
});

afterEach(() => {
  served.length = 0;
});

async function exportOf(lines: number, maxLines?: number) {
  total = lines;
  const { ledgerPdf } = await import('./components/ledger-pdf');
  const progress: string[] = [];
  const { blob, name } = await ledgerPdf(
    { exercise: 1 },
    7,
    '2025',
    'Tous les comptes',
    (step, done, of) => progress.push(`${step} ${done}/${of}`),
    maxLines,
  );
  const pdf = await PDFDocument.load(new Uint8Array(await blob.arrayBuffer()));
  return { pdf, name, progress };
}

describe('the general ledger as PDF', () => {
  it('reads every line by cursor, says how far it is, and lays them out on A4 pages', async () => {
    const { pdf, name, progress } = await exportOf(1200);
    expect(name).toBe('grand-livre.pdf');
    expect(served).toEqual([{ page: 1 }, { after: '500', page: 1 }, { after: '1000', page: 1 }]);
    expect(progress).toEqual(['read 500/1200', 'read 1000/1200', 'read 1200/1200', 'draw 1000/1200']);
    // About forty lines a landscape page.
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(28);
    expect(pdf.getPageCount()).toBeLessThanOrEqual(34);
    expect(pdf.getTitle()).toBe('Grand livre – 2025');
  });

  it('stops at its bound, 30 000 lines (a year of a small company); the CSV holds the rest', async () => {
    const { PDF_MAX_LINES } = await import('./components/ledger-pdf');
    expect(PDF_MAX_LINES).toBe(30_000);
    // The same rule with a small bound, to keep the test quick.
    const { pdf, progress } = await exportOf(2600, 1000);
    expect(served).toHaveLength(2);
    expect(progress.filter((p) => p.startsWith('read'))).toEqual(['read 500/1000', 'read 1000/1000']);
    expect(pdf.getPageCount()).toBeLessThanOrEqual(28);
  });
});
