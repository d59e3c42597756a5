/** After the lines: VAT per rate, totals, VAT clause, payment conditions, quote signature area. */
import { formatDate, formatMoney, formatPercent } from '../domain/format';
import { COLORS, Layout, PAGE, RIGHT } from './layout';
import type { BusinessDocumentModel } from './types';

const ROW = 15;
const VAT_X = [PAGE.margin, PAGE.margin + 70, PAGE.margin + 160, PAGE.margin + 240];
const TOTALS_WIDTH = 220;
const TOTALS_X = RIGHT - TOTALS_WIDTH;
export const DEFAULT_LATE_PENALTY = "3 fois le taux d'intérêt légal";
export const RECOVERY_INDEMNITY = 'Indemnité forfaitaire pour frais de recouvrement : 40 €';
/** Printed when the invoice's VAT is paid on debits (french-rules.md, decision 046). */
export const VAT_ON_DEBITS = "Option pour le paiement de la taxe d'après les débits";

/** The VAT mentions under the totals: the VAT clause, then the option for VAT on debits. */
function vatMentions(model: BusinessDocumentModel): string[] {
  const lines: string[] = [];
  if (model.vatClause) lines.push(model.vatClause);
  if (model.vatOnDebits && model.kind !== 'Devis') lines.push(VAT_ON_DEBITS);
  return lines;
}

function drawVatTable(layout: Layout, model: BusinessDocumentModel, top: number): number {
  const width = VAT_X[3] - VAT_X[0];
  layout.rect(VAT_X[0], top - ROW, width, ROW, COLORS.band);
  const head = { bold: true, size: 7.5, color: COLORS.muted };
  layout.text('Taux', VAT_X[0] + 6, top - 10.5, head);
  layout.textRight('Base HT', VAT_X[2] - 6, top - 10.5, head);
  layout.textRight('TVA', VAT_X[3] - 6, top - 10.5, head);
  let y = top - ROW;
  for (const row of model.vatBreakdown) {
    const style = { size: 8.5, numeric: true };
    layout.text(formatPercent(row.rate), VAT_X[0] + 6, y - 11, style);
    layout.textRight(formatMoney(row.base), VAT_X[2] - 6, y - 11, style);
    layout.textRight(formatMoney(row.vat), VAT_X[3] - 6, y - 11, style);
    y -= ROW;
    layout.hline(VAT_X[0], VAT_X[3], y);
  }
  return y;
}

/** With a document discount: HT before it, the discount, the net HT (decision 012). */
function totalRows(model: BusinessDocumentModel): [string, number][] {
  const { totals } = model;
  if (totals.discount === undefined || totals.subtotal === undefined)
    return [
      ['Total HT', totals.ht],
      ['Total TVA', totals.tva],
    ];
  const d = model.documentDiscount;
  const label = d?.type === 'percent' ? `Remise ${formatPercent(d.value)}` : 'Remise';
  return [
    ['Total HT avant remise', totals.subtotal],
    [label, -totals.discount],
    ['Total HT net', totals.ht],
    ['Total TVA', totals.tva],
  ];
}

function drawTotals(layout: Layout, model: BusinessDocumentModel, top: number): number {
  const rows = totalRows(model);
  let y = top;
  for (const [label, amount] of rows) {
    layout.text(label, TOTALS_X + 8, y - 11, { size: 9 });
    layout.textRight(formatMoney(amount), RIGHT - 8, y - 11, { size: 9, numeric: true });
    y -= ROW;
    layout.hline(TOTALS_X, RIGHT, y);
  }
  y -= 4;
  layout.rect(TOTALS_X, y - 22, TOTALS_WIDTH, 22, COLORS.accent);
  const strong = { bold: true, size: 10.5, color: COLORS.white };
  layout.text('Total TTC', TOTALS_X + 8, y - 15, strong);
  layout.textRight(formatMoney(model.totals.ttc), RIGHT - 8, y - 15, strong);
  return y - 22;
}

function paragraph(layout: Layout, lines: string[], size = 8.5, bold = false): void {
  for (const line of lines) {
    for (const part of layout.wrap(line, RIGHT - PAGE.margin, { size, bold })) {
      layout.ensure(size + 4);
      layout.y -= size + 3.5;
      layout.text(part, PAGE.margin, layout.y, { size, bold });
    }
  }
}

function textHeight(layout: Layout, lines: string[], bold = false): number {
  const count = lines.reduce((n, line) => n + layout.wrap(line, RIGHT - PAGE.margin, { size: 8.5, bold }).length, 0);
  return count * 12;
}

function conditionLines(model: BusinessDocumentModel): string[] {
  const lines: string[] = [];
  if (model.paymentMode) lines.push(`Mode de paiement : ${model.paymentMode}`);
  if (model.bankDetails) {
    const { iban, bic } = model.bankDetails;
    lines.push(`Coordonnées bancaires : IBAN ${iban}${bic ? ` – BIC ${bic}` : ''}`);
  }
  if (model.kind !== 'Facture') return lines;
  if (model.dueDate) lines.push(`Date d’échéance : ${formatDate(model.dueDate)}`);
  lines.push('Escompte pour paiement anticipé : néant');
  const rate = model.latePenaltyRate || model.seller.latePenaltyRate || DEFAULT_LATE_PENALTY;
  lines.push(`Pénalités de retard : ${rate}`);
  if (model.customer.isBusiness !== false) lines.push(`${RECOVERY_INDEMNITY} (art. D441-5 du Code de commerce)`);
  return lines;
}

function drawConditions(layout: Layout, model: BusinessDocumentModel): void {
  const lines = conditionLines(model);
  if (lines.length === 0) return;
  layout.ensure(22 + lines.length * 12);
  layout.y -= 20;
  layout.text('Conditions de paiement', PAGE.margin, layout.y, { bold: true, size: 9.5, color: COLORS.accent });
  layout.y -= 3;
  paragraph(layout, lines);
}

function drawSignature(layout: Layout): void {
  const width = 240;
  const height = 92;
  layout.ensure(height + 20);
  layout.y -= 18;
  const x = RIGHT - width;
  layout.rect(x, layout.y - height, width, height, undefined, COLORS.line);
  layout.text('Bon pour accord', x + 10, layout.y - 15, { bold: true, size: 9.5, color: COLORS.accent });
  const hint = 'Date, signature et cachet du client, précédés de la mention « Bon pour accord »';
  layout.wrap(hint, width - 20, { size: 7.5 }).forEach((part, i) => {
    layout.text(part, x + 10, layout.y - 28 - i * 10, { size: 7.5, color: COLORS.muted });
  });
  layout.y -= height;
}

/** Draws everything below the lines table. */
export function drawSummary(layout: Layout, model: BusinessDocumentModel): void {
  const vatHeight = ROW * (model.vatBreakdown.length + 1);
  const blockHeight = Math.max(vatHeight, totalRows(model).length * ROW + 26) + 16;
  // Keep totals, clause and conditions together when they fit on one page.
  const whole =
    blockHeight +
    textHeight(layout, vatMentions(model), true) +
    10 +
    (conditionLines(model).length ? 23 + textHeight(layout, conditionLines(model)) : 0) +
    (model.kind === 'Devis' ? 112 : 0);
  if (whole < PAGE.height - PAGE.margin - PAGE.bottom - 60) layout.ensure(whole);
  layout.ensure(blockHeight);
  const top = layout.y - 16;
  const vatBottom = model.vatBreakdown.length ? drawVatTable(layout, model, top) : top;
  const totalsBottom = drawTotals(layout, model, top);
  layout.y = Math.min(vatBottom, totalsBottom);
  const mentions = vatMentions(model);
  if (mentions.length) {
    layout.y -= 10;
    paragraph(layout, mentions, 8.5, true);
  }
  drawConditions(layout, model);
  if (model.kind === 'Devis') drawSignature(layout);
}
