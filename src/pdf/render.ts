/** Business document (invoice, credit note, quote) → PDF bytes. Runs in Node and in the browser. */
import { PDFDocument, type PDFImage } from '@cantoo/pdf-lib';
import { drawDecorations } from './decorations';
import { subsettingFontkit } from './fontkit';
import { documentTitle, drawHeader } from './header';
import { Layout } from './layout';
import { drawSummary } from './summary';
import { drawLinesTable } from './table';
import type { BusinessDocumentModel, PdfFonts } from './types';
import { woffToSfnt } from './woff';

async function embedLogo(doc: PDFDocument, logo: BusinessDocumentModel['logo']): Promise<PDFImage | null> {
  if (!logo || logo.bytes.length === 0) return null;
  try {
    return logo.type === 'png' ? await doc.embedPng(logo.bytes) : await doc.embedJpg(logo.bytes);
  } catch {
    return null; // an unreadable logo must not prevent the document from being produced
  }
}

function metadataTitle(model: BusinessDocumentModel): string {
  return model.number ? `${model.kind} ${model.number}` : `${model.kind} (brouillon)`;
}

export async function renderBusinessDocument(model: BusinessDocumentModel, fonts: PdfFonts): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(subsettingFontkit);
  // calt off: Inter's contextual alternates would turn "->" into an arrow or "2x3" into "2×3", and
  // they are the costliest part of shaping. Numbers: tabular figures, no kerning needed.
  // (fontkit mutates the features object: a fresh one per call.)
  const regularBytes = woffToSfnt(fonts.regular);
  const [regular, bold, numeric] = await Promise.all([
    doc.embedFont(regularBytes, { subset: true, features: { calt: false } }),
    doc.embedFont(woffToSfnt(fonts.bold), { subset: true, features: { calt: false } }),
    doc.embedFont(regularBytes, { subset: true, features: { calt: false, kern: false, tnum: true } }),
  ]);
  const logo = await embedLogo(doc, model.logo);

  const title = documentTitle(model);
  const layout = new Layout(doc, { regular, bold, numeric }, `${title} (suite)`);
  drawHeader(layout, model, logo);
  drawLinesTable(layout, model.lines);
  drawSummary(layout, model);
  drawDecorations(layout, model.seller, model.preview);

  const now = new Date();
  doc.setTitle(metadataTitle(model), { showInWindowTitleBar: true });
  doc.setAuthor(model.seller.name);
  doc.setSubject(`${metadataTitle(model)} – ${model.customer.name}`);
  doc.setKeywords([model.kind, model.number ?? 'brouillon', model.customer.accountNumber]);
  doc.setLanguage('fr-FR');
  doc.setProducer('Workplace');
  doc.setCreator('Workplace');
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  return doc.save({ useObjectStreams: true });
}
