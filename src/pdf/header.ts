/** Top of the first page: seller, logo, title and dates (left), customer (right). */
import type { PDFImage } from '@cantoo/pdf-lib';
import { formatDate } from '../domain/format';
import { COLORS, Layout, PAGE, RIGHT } from './layout';
import type { BusinessDocumentModel, PdfParty } from './types';

const LEFT_WIDTH = 262;
const CUSTOMER_X = 318;
const CUSTOMER_WIDTH = RIGHT - CUSTOMER_X;
const LINE = 11.5;

export function documentTitle(model: BusinessDocumentModel): string {
  const word = model.kind === 'Facture' ? 'FACTURE' : model.kind === 'Avoir' ? 'AVOIR' : 'DEVIS';
  return model.number ? `${word} n° ${model.number}` : `${word} (brouillon)`;
}

/**
 * The seller's name as printed: a sole trader's followed by « EI » (entrepreneur individuel,
 * french-rules.md), unless the name already says so.
 */
export function sellerName(party: PdfParty): string {
  if (!party.soleTrader) return party.name;
  return /(\bEI\b|entrepreneur individuel)/i.test(party.name) ? party.name : `${party.name} EI`;
}

/** "SAS au capital de 10 000 €", "SIREN 123 456 789", … : the legal identity lines of a party. */
export function legalLines(party: PdfParty): string[] {
  const lines: string[] = [];
  const form = [party.legalForm, party.shareCapital ? `au capital de ${party.shareCapital}` : '']
    .filter(Boolean)
    .join(' ');
  if (form) lines.push(form);
  if (party.siret) lines.push(`SIRET : ${party.siret}`);
  else if (party.siren) lines.push(`SIREN : ${party.siren}`);
  if (party.rcs) lines.push(/^(RCS|RM)\b/i.test(party.rcs) ? party.rcs : `RCS ${party.rcs}`);
  if (party.vatNumber) lines.push(`TVA intracom. : ${party.vatNumber}`);
  return lines;
}

function drawLines(layout: Layout, lines: string[], x: number, width: number, size = 8.5, color = COLORS.text): void {
  for (const line of lines) {
    for (const part of layout.wrap(line, width, { size })) {
      layout.y -= LINE;
      layout.text(part, x, layout.y, { size, color });
    }
  }
}

function drawSeller(layout: Layout, seller: PdfParty): void {
  for (const part of layout.wrap(sellerName(seller), LEFT_WIDTH, { bold: true, size: 14 })) {
    layout.y -= 16;
    layout.text(part, PAGE.margin, layout.y, { bold: true, size: 14, color: COLORS.accent });
  }
  layout.y -= 2;
  drawLines(layout, seller.addressLines, PAGE.margin, LEFT_WIDTH);
  drawLines(layout, legalLines(seller), PAGE.margin, LEFT_WIDTH, 8, COLORS.muted);
  const contact = [seller.phone ? `Tél. : ${seller.phone}` : '', seller.email ?? ''].filter(Boolean);
  if (contact.length) drawLines(layout, [contact.join(' · ')], PAGE.margin, LEFT_WIDTH, 8, COLORS.muted);
}

function drawTitle(layout: Layout, model: BusinessDocumentModel): void {
  layout.y -= 34;
  layout.text(documentTitle(model), PAGE.margin, layout.y, { bold: true, size: 17, color: COLORS.accent });
  if (model.preview) {
    layout.y -= 14;
    layout.text('Document non validé', PAGE.margin, layout.y, { bold: true, size: 9, color: COLORS.danger });
  }
  layout.y -= 6;
  const lines: string[] = [];
  if (model.kind === 'Devis') {
    lines.push(`Date du devis : ${formatDate(model.issueDate)}`);
    if (model.validityDate) lines.push(`Valable jusqu'au ${formatDate(model.validityDate)}`);
  } else {
    lines.push(`Date de facturation : ${formatDate(model.issueDate)}`);
    // Decision 046: the date of the sale or service, when it is not the issue date.
    if (model.saleDate && model.saleDate !== model.issueDate)
      lines.push(`Date de la vente / prestation : ${formatDate(model.saleDate)}`);
    if (model.kind === 'Facture' && model.dueDate) lines.push(`Date d’échéance : ${formatDate(model.dueDate)}`);
    if (model.kind === 'Avoir' && model.correctedInvoiceNumber) {
      lines.push(`Avoir sur la facture n° ${model.correctedInvoiceNumber}`);
    }
    if (model.estimateNumber) lines.push(`Devis d'origine : ${model.estimateNumber}`);
  }
  if (model.designation) lines.push(`Objet : ${model.designation}`);
  if (model.operationKind) lines.push(`Nature de l'opération : ${model.operationKind}`);
  drawLines(layout, lines, PAGE.margin, LEFT_WIDTH, 9);
}

function sameAddress(a: string[], b: string[]): boolean {
  const norm = (lines: string[]) =>
    lines
      .map((l) => l.trim().toLowerCase())
      .filter(Boolean)
      .join('|');
  return norm(a) === norm(b);
}

function drawCustomer(
  layout: Layout,
  customer: BusinessDocumentModel['customer'],
  top: number,
  deliveryAddressLines?: string[],
): number {
  const inner = CUSTOMER_WIDTH - 24;
  const x = CUSTOMER_X + 12;
  const rows: { text: string; size: number; bold?: boolean; color?: typeof COLORS.text; gap?: number }[] = [];
  for (const part of layout.wrap(customer.name, inner, { bold: true, size: 11 }))
    rows.push({ text: part, size: 11, bold: true, gap: 14 });
  for (const line of customer.addressLines)
    for (const part of layout.wrap(line, inner, { size: 9 })) rows.push({ text: part, size: 9 });
  const ids = [
    customer.siren ? `SIREN : ${customer.siren}` : '',
    customer.vatNumber ? `N° TVA : ${customer.vatNumber}` : '',
  ];
  ids.filter(Boolean).forEach((text, i) => rows.push({ text, size: 8, color: COLORS.muted, gap: i === 0 ? 15 : LINE }));
  // The invoice's own delivery address (decision 046) wins over the customer record's.
  const delivery =
    (deliveryAddressLines?.length ? deliveryAddressLines : customer.deliveryAddressLines)?.filter((l) => l.trim()) ??
    [];
  if (delivery.length && !sameAddress(delivery, customer.addressLines)) {
    rows.push({ text: 'Adresse de livraison', size: 7.5, bold: true, color: COLORS.muted, gap: 17 });
    for (const line of delivery)
      for (const part of layout.wrap(line, inner, { size: 8.5 })) rows.push({ text: part, size: 8.5 });
  }
  const height = 24 + rows.reduce((sum, row) => sum + (row.gap ?? LINE), 0) + 10;
  layout.rect(CUSTOMER_X, top - height, CUSTOMER_WIDTH, height, COLORS.band, COLORS.line);
  layout.text('CLIENT', x, top - 16, { bold: true, size: 7.5, color: COLORS.muted });
  layout.textRight(`Compte ${customer.accountNumber}`, RIGHT - 12, top - 16, { size: 7.5, color: COLORS.muted });
  let y = top - 24;
  for (const row of rows) {
    y -= row.gap ?? LINE;
    layout.text(row.text, x, y, { size: row.size, bold: row.bold, color: row.color });
  }
  return top - height;
}

function drawLogo(layout: Layout, logo: PDFImage): number {
  const top = PAGE.height - PAGE.margin;
  const scale = Math.min(150 / logo.width, 64 / logo.height, 1);
  const width = logo.width * scale;
  const height = logo.height * scale;
  layout.page.drawImage(logo, { x: RIGHT - width, y: top - height, width, height });
  return top - height;
}

/** Draws the header and leaves `layout.y` where the lines table starts. */
export function drawHeader(layout: Layout, model: BusinessDocumentModel, logo: PDFImage | null): void {
  const top = layout.y;
  const logoBottom = logo ? drawLogo(layout, logo) - 16 : top - 70;
  drawSeller(layout, model.seller);
  drawTitle(layout, model);
  const customerBottom = drawCustomer(
    layout,
    model.customer,
    Math.min(logoBottom, top - 70),
    model.deliveryAddressLines,
  );
  layout.y = Math.min(layout.y, customerBottom) - 22;
}
