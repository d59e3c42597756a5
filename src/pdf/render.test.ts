import { beforeAll, describe, expect, it } from 'vitest';
import { loadPdfFontsNode } from './fonts-node';
import { renderBusinessDocument } from './render';
import { extractPdf, makePng, sampleInvoice, standardLine } from './test-fixtures';
import type { PdfFonts } from './types';

let fonts: PdfFonts;
beforeAll(async () => {
  fonts = await loadPdfFontsNode();
});

const INDEMNITY = 'Indemnité forfaitaire pour frais de recouvrement : 40 €';
const count = (text: string, part: string) => text.split(part).length - 1;

describe('renderBusinessDocument: invoice', () => {
  it('lays out number, dates, parties, lines, VAT per rate and totals in French', async () => {
    const { text, pages, info } = await extractPdf(await renderBusinessDocument(sampleInvoice(), fonts));
    expect(pages).toHaveLength(1);
    for (const expected of [
      'FACTURE n° F2026-0001',
      'Date de facturation : 21/11/2026',
      'Date d’échéance : 21/12/2026',
      "Nature de l'opération : prestations de services",
      'Objet : Buffet de fin d’année – réception « Noël des équipes »',
      'Pâtisserie Cœur de Lyon',
      'SARL au capital de 10 000 €',
      'SIRET : 123 456 789 00012',
      'RCS Lyon',
      'TVA intracom. : FR32123456789',
      'Boulangerie Martin',
      'Compte 411MARTIN',
      '3 place de l’Église',
      'SIREN : 987654321',
      'N° TVA : FR45987654321',
      'Adresse de livraison',
      '5 allée des Forges',
      'Crème brûlée façon grand-mère',
      'Bûche pâtissière chocolat-noisette',
      'Livraison prévue le 20/12 avant 9 h, accès par la cour arrière.',
      '1 234,56',
      '3 086,40 €',
      'Mode de paiement : Virement bancaire',
      "Pénalités de retard : 3 fois le taux d'intérêt légal",
      INDEMNITY,
      'art. D441-5 du Code de commerce',
      'Page 1 / 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Total HT\s+3 478,40 €/);
    expect(text).toMatch(/Total TVA\s+638,84 €/);
    expect(text).toMatch(/Total TTC\s+4 117,24 €/);
    expect(text).toMatch(/5,5 %\s+392,00 €\s+21,56 €/);
    expect(text).toMatch(/20 %\s+3 086,40 €\s+617,28 €/);
    expect(text).toMatch(/Œufs à la neige/);
    expect(text).not.toMatch(/[\u00a0\u202f\ufffd]/);
    expect(text).not.toContain('Aperçu');
    expect(text).not.toContain('Document non validé');
    expect(info).toMatchObject({
      Title: 'Facture F2026-0001',
      Author: 'Pâtisserie Cœur de Lyon',
      Producer: 'Workplace',
      Language: 'fr-FR',
    });
  });

  it('marks a preview with "Aperçu" on every page and "Document non validé"; a draft has no number', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => standardLine(i + 1));
    const bytes = await renderBusinessDocument(sampleInvoice({ preview: true, number: null, lines }), fonts);
    const { pages, text } = await extractPdf(bytes);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(count(page, 'Aperçu')).toBe(1);
    expect(text).toContain('FACTURE (brouillon)');
    expect(count(text, 'Document non validé')).toBe(1);
  });

  it('prints the VAT clause and leaves out the indemnity for a private customer', async () => {
    const model = sampleInvoice({
      vatClause: 'TVA non applicable, art. 293 B du CGI',
      lines: [standardLine(1, { vatRate: 0 })],
      vatBreakdown: [{ rate: 0, base: 100, vat: 0 }],
      totals: { ht: 100, tva: 0, ttc: 100 },
      customer: { ...sampleInvoice().customer, isBusiness: false, siren: undefined, vatNumber: undefined },
      latePenaltyRate: '10 % par an',
    });
    const { text } = await extractPdf(await renderBusinessDocument(model, fonts));
    expect(text).toContain('TVA non applicable, art. 293 B du CGI');
    expect(text).toContain('Pénalités de retard : 10 % par an');
    expect(text).toMatch(/0 %\s+100,00 €\s+0,00 €/);
    expect(text).not.toContain(INDEMNITY);
    expect(text).not.toContain('SIREN : ');
  });

  it('accepts exotic spaces and characters the font lacks without breaking', async () => {
    const model = sampleInvoice({
      lines: [
        standardLine(1, { label: 'Remise\u202Fexceptionnelle\u00a0: 1\u202F000,00\u00a0€ – Łódź 北京 \u0007fin' }),
      ],
    });
    const { text } = await extractPdf(await renderBusinessDocument(model, fonts));
    expect(text).toContain('Remise exceptionnelle : 1 000,00 € – ?ódz ??');
    expect(text).toMatch(/\?\?\s+fin/);
  });

  it('renders documents side by side from the same fonts, each with only its own text', async () => {
    // The parsed fonts are shared by every document (fontkit.ts): a subset must stay per document.
    const [first, second] = await Promise.all([
      renderBusinessDocument(sampleInvoice({ lines: [standardLine(1, { label: 'Quiche lorraine' })] }), fonts),
      renderBusinessDocument(
        sampleInvoice({ number: 'F2026-0002', lines: [standardLine(2, { label: 'Zébu' })] }),
        fonts,
      ),
    ]);
    const [a, b] = [(await extractPdf(first)).text, (await extractPdf(second)).text];
    expect(a).toContain('Quiche lorraine');
    expect(a).not.toContain('Zébu');
    expect(b).toContain('FACTURE n° F2026-0002');
    expect(b).toContain('Zébu');
    expect(b).not.toContain('Quiche');
  });
});

describe('renderBusinessDocument: credit note and quote', () => {
  it('renders a credit note referring to the corrected invoice, without payment penalties', async () => {
    const model = sampleInvoice({
      kind: 'Avoir',
      number: 'A2026-0002',
      dueDate: null,
      correctedInvoiceNumber: 'F2026-0001',
    });
    const { text, info } = await extractPdf(await renderBusinessDocument(model, fonts));
    expect(text).toContain('AVOIR n° A2026-0002');
    expect(text).toContain('Avoir sur la facture n° F2026-0001');
    expect(text).not.toContain('Date d’échéance');
    expect(text).not.toContain(INDEMNITY);
    expect(info.Title).toBe('Avoir A2026-0002');
  });

  it('renders a quote with its validity date and a "Bon pour accord" area', async () => {
    const model = sampleInvoice({ kind: 'Devis', number: 'D2026-0007', dueDate: null, validityDate: '2026-12-21' });
    const { text } = await extractPdf(await renderBusinessDocument(model, fonts));
    expect(text).toContain('DEVIS n° D2026-0007');
    expect(text).toContain('Date du devis : 21/11/2026');
    expect(text).toContain("Valable jusqu'au 21/12/2026");
    expect(text).toContain('Bon pour accord');
    expect(text).not.toContain(INDEMNITY);
    expect(text).not.toContain('Pénalités de retard');
  });

  it('embeds a PNG logo and ignores an unreadable one', async () => {
    const withLogo = await renderBusinessDocument(sampleInvoice({ logo: { bytes: makePng(), type: 'png' } }), fonts);
    const broken = await renderBusinessDocument(
      sampleInvoice({ logo: { bytes: new Uint8Array([1, 2, 3]), type: 'jpeg' } }),
      fonts,
    );
    const plain = await renderBusinessDocument(sampleInvoice(), fonts);
    expect(withLogo.length).toBeGreaterThan(plain.length);
    expect((await extractPdf(broken)).text).toContain('FACTURE n° F2026-0001');
  });
});

describe('renderBusinessDocument: page breaks', () => {
  it('spreads a 120-line invoice over several pages with repeated header and "Page x / y"', async () => {
    const lines = Array.from({ length: 120 }, (_, i) =>
      standardLine(
        i + 1,
        i % 10 === 0 ? { label: `Ligne ${i + 1} : ${'désignation longue qui passe à la ligne '.repeat(4)}` } : {},
      ),
    );
    const model = sampleInvoice({
      lines,
      totals: { ht: 12000, tva: 2400, ttc: 14400 },
      vatBreakdown: [{ rate: 20, base: 12000, vat: 2400 }],
    });
    const { pages, text } = await extractPdf(await renderBusinessDocument(model, fonts));
    const total = pages.length;
    expect(total).toBeGreaterThanOrEqual(3);
    expect(text).toContain(`Page 2 / ${total}`);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} / ${total}`);
      if (page.includes('ART')) expect(page).toContain('Désignation');
    });
    expect(pages.filter((page) => page.includes('Désignation')).length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i <= 120; i++) expect(count(text, `ART${String(i).padStart(3, '0')}`)).toBe(1);
    expect(pages[1]).toContain('FACTURE n° F2026-0001 (suite)');
    expect(pages[total - 1]).toMatch(/Total TTC\s+14 400,00 €/);
    expect(pages[total - 1]).toContain(INDEMNITY);
  });

  it('splits a label taller than a page without losing text', async () => {
    const words = Array.from({ length: 1500 }, (_, i) => `mot${i}`);
    const model = sampleInvoice({ lines: [standardLine(1, { label: words.join(' ') })] });
    const { pages, text } = await extractPdf(await renderBusinessDocument(model, fonts));
    expect(pages.length).toBeGreaterThan(1);
    expect(text).toContain('mot0 ');
    expect(text).toContain('mot1499');
    expect(count(text, 'ART001')).toBe(1);
  });

  it('renders a 100-line invoice quickly', async () => {
    const model = sampleInvoice({ lines: Array.from({ length: 100 }, (_, i) => standardLine(i + 1)) });
    await renderBusinessDocument(model, fonts); // warm-up (module and font parsing JIT)
    const start = performance.now();
    const bytes = await renderBusinessDocument(model, fonts);
    const elapsed = performance.now() - start;
    console.info(`100-line invoice: ${elapsed.toFixed(0)} ms, ${bytes.length} bytes`);
    expect(elapsed).toBeLessThan(3000);
  });
});

describe('renderBusinessDocument: discounts, bank details, originating quote (decision 012)', () => {
  it('prints the "Remise" column and totals only when there are discounts', async () => {
    const lines = [standardLine(1, { totalHt: 90, discount: { type: 'percent', value: 10 } }), standardLine(2)];
    const model = sampleInvoice({
      lines,
      totals: { ht: 180, tva: 36, ttc: 216, subtotal: 200, discount: 20 },
      vatBreakdown: [{ rate: 20, base: 180, vat: 36 }],
      documentDiscount: { type: 'percent', value: 10 },
      estimateNumber: 'D2026-0012',
      paymentMode: 'Virement',
      bankDetails: { iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'BNPAFRPPXXX' },
    });
    const { text } = await extractPdf(await renderBusinessDocument(model, fonts));
    for (const s of [
      'Remise',
      '10 %',
      'Total HT avant remise',
      'Remise 10 %',
      '-20,00 €',
      'Total HT net',
      "Devis d'origine : D2026-0012",
      'Coordonnées bancaires : IBAN FR76 3000 6000 0112 3456 7890 189 – BIC BNPAFRPPXXX',
    ])
      expect(text).toContain(s);
    const plain = (await extractPdf(await renderBusinessDocument(sampleInvoice(), fonts))).text;
    for (const s of ['Remise', 'avant remise', 'Devis d', 'IBAN']) expect(plain).not.toContain(s);
  });
});

describe('renderBusinessDocument: the reform’s mentions', () => {
  it('prints « EI », the sale date, the delivery address, VAT on debits and the seller’s late-payment rate', async () => {
    const base = sampleInvoice();
    const model = sampleInvoice({
      seller: {
        ...base.seller,
        name: 'Julie Moreau',
        legalForm: undefined,
        shareCapital: undefined,
        soleTrader: true,
        latePenaltyRate: '10 % par an',
      },
      saleDate: '2026-11-14',
      deliveryAddressLines: ['Salle des fêtes', '1 place du Marché', '38500 Voiron'],
      vatOnDebits: true,
    });
    const bytes = await renderBusinessDocument(model, fonts);
    const { text, pages } = await extractPdf(bytes);
    expect(pages).toHaveLength(1);
    for (const s of [
      'Julie Moreau EI',
      'Date de la vente / prestation : 14/11/2026',
      'Adresse de livraison',
      'Salle des fêtes',
      '38500 Voiron',
      "Option pour le paiement de la taxe d'après les débits",
      'Pénalités de retard : 10 % par an',
      INDEMNITY,
    ])
      expect(text).toContain(s);
    // The invoice's delivery address replaces the customer record's.
    expect(text).not.toContain('Entrepôt Nord');
    expect(count(text, 'Julie Moreau EI')).toBe(2); // header and footer
  });

  it('prints none of them when not given, and no VAT-on-debits option on a quote', async () => {
    const { text } = await extractPdf(await renderBusinessDocument(sampleInvoice(), fonts));
    for (const s of [' EI', 'Date de la vente', 'débits']) expect(text).not.toContain(s);
    const quote = sampleInvoice({ kind: 'Devis', validityDate: '2026-12-21', vatOnDebits: true });
    expect((await extractPdf(await renderBusinessDocument(quote, fonts))).text).not.toContain('débits');
  });
});
