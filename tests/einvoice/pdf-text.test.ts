// Decision 085: the PDF half of a Factur-X is read by people, search tools and screen readers, so the
// text of every PDF the process makes extracts (pdftotext, poppler-utils) exactly as printed —
// apostrophes, accents, €, guillemets — whatever documents the same process rendered before. The
// fonts' parsed glyphs are shared by every document (src/pdf/fontkit.ts); once, a document printing
// « , » but no « ’ » (in Inter the comma is built from the apostrophe's glyph) left that glyph without
// its character, and every later « Date d’échéance » extracted as « Date d échéance ».
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '../../src/domain/format';
import { loadPdfFontsNode } from '../../src/pdf/fonts-node';
import { renderBusinessDocument } from '../../src/pdf/render';
import { sampleInvoice, standardLine } from '../../src/pdf/test-fixtures';
import type { BusinessDocumentModel } from '../../src/pdf/types';

const dir = mkdtempSync(join(tmpdir(), 'pdf-text-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The renderer draws non-breaking spaces as spaces; pdftotext's layout adds runs of spaces. */
const flat = (s: string) => s.replace(/[\u00a0\u202f\s]+/g, ' ').trim();

function pdftotext(bytes: Uint8Array, name: string): string {
  const path = join(dir, `${name}.pdf`);
  writeFileSync(path, bytes);
  return flat(execFileSync('pdftotext', ['-raw', path, '-'], { encoding: 'utf8' }));
}

const LABELS = [
  'Pièce montée l’été, 3 étages',
  'Œufs à la neige « maison »',
  'Crème brûlée, façon grand-mère',
  'Déplacement à Saint-Étienne',
  'Bûche de Noël – chocolat',
  'Garçon de café (½ journée)',
  'Entremets d’anniversaire',
  'Forfait où l’on compte 10 %',
  'Ça coûte 12,50 € l’unité',
  'Livraison, montage, démontage',
];

interface Doc {
  name: string;
  model: BusinessDocumentModel;
  printed: string[];
}

/** A quote printing commas but no apostrophe at all: the document that once broke the next ones. */
function commasOnly(): Doc {
  const model = sampleInvoice({
    kind: 'Devis',
    number: 'D2026-0001',
    designation: 'Essai, virgules, points',
    dueDate: null,
    validityDate: '2026-12-21',
    seller: { name: 'Vendeur Test', addressLines: ['2 rue Basse', '69002 Lyon'] },
    customer: { name: 'Client Test', accountNumber: 'C1', addressLines: ['1 rue Haute', '69001 Lyon'] },
    deliveryAddressLines: undefined,
    vatClause: undefined,
    operationKind: undefined,
    lines: [standardLine(1, { label: 'Un, deux, trois', unitPrice: 1234.5, totalHt: 1234.5 })],
  });
  return { name: 'devis-virgules', model, printed: ['Essai, virgules, points', 'Un, deux, trois'] };
}

function doc(i: number): Doc {
  const kind = (['Facture', 'Avoir', 'Facture', 'Devis'] as const)[i % 4];
  const labels = [0, 3, 7].map((k) => LABELS[(i + k) % LABELS.length]);
  const lines = labels.map((label, k) =>
    standardLine(k + 1, { label, unitPrice: 1000 + i * 13.37 + k, totalHt: 1000 + i * 13.37 + k, vatRate: 20 }),
  );
  const designation = `Réception n° ${i} – « ${LABELS[i % LABELS.length]} »`;
  const model = sampleInvoice({
    kind,
    number: `${kind[0]}2026-${String(i).padStart(4, '0')}`,
    designation,
    lines,
    ...(kind === 'Facture' ? { dueDate: `2026-12-${String(10 + (i % 18)).padStart(2, '0')}` } : { dueDate: null }),
    customer: {
      name: i % 2 ? 'Brasserie « L’Œil & la Plume »' : 'Hôtel du Château d’Eau',
      accountNumber: `411C${i}`,
      addressLines: ['3 place de l’Église', '38000 Grenoble'],
      isBusiness: true,
    },
  });
  const printed = [
    flat(`Objet : ${designation}`),
    ...labels.map(flat),
    flat(model.customer.name),
    '3 place de l’Église',
    // « . » is a component of « : » in Inter, as « ’ » is of « , ».
    '12 rue de la Rép. Française',
    'Tél. : 04 78 00 00 00',
  ];
  if (kind === 'Facture')
    printed.push(
      `Date d’échéance : ${formatDate(model.dueDate!)}`,
      'Escompte pour paiement anticipé : néant',
      'Indemnité forfaitaire pour frais de recouvrement : 40 €',
      flat(formatMoney(model.totals.ttc)),
    );
  return { name: `doc-${i}`, model, printed };
}

describe('PDF text as printed, whatever the process rendered before', () => {
  it('40 different documents rendered one after the other (the comma-only quote first), then 8 at once: pdftotext of each gives its printed strings', async () => {
    const fonts = await loadPdfFontsNode();
    const docs = [commasOnly(), ...Array.from({ length: 40 }, (_, i) => doc(i + 1))];
    const missing: string[] = [];
    const check = (d: Doc, bytes: Uint8Array) => {
      const text = pdftotext(bytes, d.name);
      for (const s of d.printed)
        if (!text.includes(s)) missing.push(`${d.name} : « ${s} » absent de « ${text.slice(0, 300)}… »`);
    };
    for (const d of docs) check(d, await renderBusinessDocument(d.model, fonts));
    const together = docs.slice(0, 8).reverse();
    const rendered = await Promise.all(together.map((d) => renderBusinessDocument(d.model, fonts)));
    together.forEach((d, i) => check({ ...d, name: `${d.name}-ensemble` }, rendered[i]));
    expect(missing).toEqual([]);
    // The strings checked hold what broke: the apostrophe, accents, €, guillemets.
    expect(docs.flatMap((d) => d.printed).join('')).toMatch(/’.*é.*€.*«/s);
  }, 120_000);
});
