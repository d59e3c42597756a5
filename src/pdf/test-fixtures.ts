/** Test support only (imported by *.test.ts): sample models and PDF text extraction with pdfjs. */
import { zlibSync } from 'fflate';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { BusinessDocumentModel, PdfLine } from './types';

export interface ExtractedPdf {
  pages: string[];
  text: string;
  info: Record<string, unknown>;
}

export async function extractPdf(bytes: Uint8Array): Promise<ExtractedPdf> {
  const pdf = await getDocument({ data: bytes.slice(), verbosity: 0, useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
  }
  const { info } = await pdf.getMetadata();
  await pdf.destroy();
  return { pages, text: pages.join('\n'), info: info as Record<string, unknown> };
}

export function standardLine(i: number, overrides: Partial<PdfLine> = {}): PdfLine {
  return {
    code: `ART${String(i).padStart(3, '0')}`,
    kind: 'standard',
    label: `Prestation n° ${i}`,
    quantity: 1,
    unit: 'heure',
    unitPrice: 100,
    vatRate: 20,
    totalHt: 100,
    ...overrides,
  };
}

export function sampleInvoice(overrides: Partial<BusinessDocumentModel> = {}): BusinessDocumentModel {
  return {
    kind: 'Facture',
    number: 'F2026-0001',
    preview: false,
    issueDate: '2026-11-21',
    dueDate: '2026-12-21',
    designation: 'Buffet de fin d’année – réception « Noël des équipes »',
    seller: {
      name: 'Pâtisserie Cœur de Lyon',
      legalForm: 'SARL',
      shareCapital: '10 000 €',
      addressLines: ['12 rue de la Rép. Française', '69002 Lyon'],
      siren: '123456789',
      siret: '123 456 789 00012',
      rcs: 'Lyon',
      vatNumber: 'FR32123456789',
      email: 'contact@coeur-de-lyon.fr',
      phone: '04 78 00 00 00',
    },
    customer: {
      name: 'Boulangerie Martin',
      accountNumber: '411MARTIN',
      addressLines: ['3 place de l’Église', '38000 Grenoble'],
      deliveryAddressLines: ['Entrepôt Nord', '5 allée des Forges', '38100 Grenoble'],
      siren: '987654321',
      vatNumber: 'FR45987654321',
      isBusiness: true,
    },
    lines: [
      standardLine(1, {
        label: 'Crème brûlée façon grand-mère, caramélisée à la flamme',
        quantity: 40,
        unit: 'pièce',
        unitPrice: 3.5,
        vatRate: 5.5,
        totalHt: 140,
      }),
      standardLine(2, {
        label:
          'Œufs à la neige (îles flottantes) – préparation et dressage sur place, vaisselle comprise et reprise le lendemain',
        quantity: 2.5,
        unit: 'heure',
        unitPrice: 1234.56,
        totalHt: 3086.4,
      }),
      {
        code: 'CC',
        kind: 'comment',
        label: 'Livraison prévue le 20/12 avant 9 h, accès par la cour arrière.',
        quantity: 0,
        unit: '',
        unitPrice: 0,
        vatRate: 0,
        totalHt: 0,
      },
      { code: 'ES', kind: 'spacer', label: '', quantity: 0, unit: '', unitPrice: 0, vatRate: 0, totalHt: 0 },
      standardLine(3, {
        label: 'Bûche pâtissière chocolat-noisette',
        quantity: 6,
        unit: 'pièce',
        unitPrice: 42,
        vatRate: 5.5,
        totalHt: 252,
      }),
    ],
    totals: { ht: 3478.4, tva: 638.84, ttc: 4117.24 },
    vatBreakdown: [
      { rate: 5.5, base: 392, vat: 21.56 },
      { rate: 20, base: 3086.4, vat: 617.28 },
    ],
    paymentMode: 'Virement bancaire',
    operationKind: 'prestations de services',
    ...overrides,
  };
}

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A small RGB PNG (a blue badge with a lighter stripe) to test logos without fixture files. */
export function makePng(width = 240, height = 80): Uint8Array {
  const raw = new Uint8Array(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    raw[y * (1 + width * 3)] = 0;
    for (let x = 0; x < width; x++) {
      const stripe = Math.abs(x - y * 2 - 40) < 14;
      raw.set(stripe ? [120, 170, 230] : [30, 66, 115], y * (1 + width * 3) + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Uint8Array): Uint8Array => {
    const body = new Uint8Array(4 + data.length);
    body.set([...type].map((c) => c.charCodeAt(0)));
    body.set(data, 4);
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(body, 4);
    view.setUint32(8 + data.length, crc32(body));
    return out;
  };
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlibSync(raw)),
    chunk('IEND', new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    png.set(part, offset);
    offset += part.length;
  }
  return png;
}
