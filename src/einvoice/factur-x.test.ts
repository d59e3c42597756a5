import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadPdfFontsNode } from '../pdf/fonts-node';
import { renderBusinessDocument } from '../pdf/render';
import { extractPdf, sampleInvoice } from '../pdf/test-fixtures';
import { toCii } from './cii';
import { embedFacturX } from './factur-x';
import { toEInvoice } from './from-business-document';

describe('embedFacturX: the invoice PDF as a Factur-X EN 16931', () => {
  it('attaches the CII as factur-x.xml (Alternative, text/xml), with consistent metadata, the visible page unchanged', async () => {
    const model = sampleInvoice();
    const pdf = await renderBusinessDocument(model, await loadPdfFontsNode());
    const xml = toCii(toEInvoice(model));
    const created = new Date('2026-11-26T09:30:00Z');
    const out = await embedFacturX(pdf, xml, {
      title: 'Facture F2026-0001',
      author: model.seller.name,
      creationDate: created,
    });

    const doc = await PDFDocument.load(out, { updateMetadata: false });
    const [attachment, ...others] = doc.getAttachments();
    expect(others).toEqual([]);
    expect(attachment.name).toBe('factur-x.xml');
    expect(new TextDecoder().decode(attachment.data)).toBe(xml);
    expect(String(attachment.afRelationship)).toMatch(/Alternative/);
    expect(attachment.mimeType).toMatch(/text\/xml/);
    expect(doc.getTitle()).toBe('Facture F2026-0001');
    expect(doc.getAuthor()).toBe('Pâtisserie Cœur de Lyon');
    expect(doc.getProducer()).toBe('Workplace');
    expect(doc.getCreator()).toBe('Workplace');
    expect(doc.getCreationDate()?.toISOString()).toBe(created.toISOString());
    expect(doc.getModificationDate()?.toISOString()).toBe(created.toISOString());

    const text = (await extractPdf(out)).text;
    expect(text).toContain('FACTURE n° F2026-0001');
    expect(text).toContain('Bûche pâtissière chocolat-noisette');
  });
});
