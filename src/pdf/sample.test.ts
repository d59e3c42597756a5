/** Writes /tmp/sample-invoice.pdf (and a quote) to look at: pdftoppm -png -r 60 /tmp/sample-invoice.pdf /tmp/sample */
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loadPdfFontsNode } from './fonts-node';
import { renderBusinessDocument } from './render';
import { makePng, sampleInvoice, standardLine } from './test-fixtures';

describe('sample documents', () => {
  it('writes a sample invoice and quote to /tmp', async () => {
    const fonts = await loadPdfFontsNode();
    const extra = Array.from({ length: 30 }, (_, i) =>
      standardLine(i + 4, {
        label:
          i % 7 === 0
            ? 'Prestation de nettoyage des vitrines, du laboratoire et des chambres froides après l’événement, y compris évacuation des déchets'
            : `Prestation n° ${i + 4}`,
      }),
    );
    const invoice = sampleInvoice({
      preview: true,
      logo: { bytes: makePng(), type: 'png' },
      lines: [...sampleInvoice().lines, ...extra],
    });
    const bytes = await renderBusinessDocument(invoice, fonts);
    await writeFile('/tmp/sample-invoice.pdf', bytes);
    const quote = sampleInvoice({
      kind: 'Devis',
      number: null,
      dueDate: null,
      validityDate: '2026-12-21',
      preview: true,
      operationKind: undefined,
    });
    await writeFile('/tmp/sample-quote.pdf', await renderBusinessDocument(quote, fonts));
    expect(bytes.length).toBeGreaterThan(1000);
  });
});
