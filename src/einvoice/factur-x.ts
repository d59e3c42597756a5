// The Factur-X container: the invoice PDF (src/pdf/render.ts, Inter embedded) turned into
// PDF/A-3b with the CII XML attached as `factur-x.xml` (AFRelationship Alternative, EN 16931 profile
// in the XMP), by @cantoo/pdf-lib's embedFacturX. pdf-lib keeps the Info dictionary and the XMP
// equivalent on save (PDF/A); we set every Info entry here so both say the same title, author,
// producer, creator and dates. Works in Node and the browser (no I/O). Decision 046.
import { embedFacturX as embed, PDFDocument } from '@cantoo/pdf-lib';

export interface FacturXMeta {
  /** « Facture F2026-0001 ». */
  title: string;
  /** The seller's name. */
  author: string;
  /** The validation instant: creation and modification dates of the PDF and of the attachment. */
  creationDate: Date;
}

export const FACTUR_X_PRODUCER = 'Workplace';

export async function embedFacturX(pdf: Uint8Array, xml: string, meta: FacturXMeta): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  doc.setTitle(meta.title, { showInWindowTitleBar: true });
  doc.setAuthor(meta.author);
  doc.setProducer(FACTUR_X_PRODUCER);
  doc.setCreator(FACTUR_X_PRODUCER);
  doc.setCreationDate(meta.creationDate);
  doc.setModificationDate(meta.creationDate);
  if (!doc.getLanguage()) doc.setLanguage('fr-FR');
  await embed(doc, new TextEncoder().encode(xml), {
    conformanceLevel: 'EN 16931',
    description: `Facture électronique ${meta.title} (Factur-X EN 16931)`,
    creationDate: meta.creationDate,
    modificationDate: meta.creationDate,
  });
  return doc.save({ useObjectStreams: true });
}
