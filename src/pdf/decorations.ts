/** Drawn on every page once the content is laid out: footer with "Page x / y", preview watermark. */
import { degrees, rgb } from '@cantoo/pdf-lib';
import { COLORS, Layout, PAGE, RIGHT } from './layout';
import { sellerName } from './header';
import type { PdfParty } from './types';

export const WATERMARK = 'Aperçu';

function footerText(seller: PdfParty): string {
  const form = [seller.legalForm, seller.shareCapital ? `au capital de ${seller.shareCapital}` : '']
    .filter(Boolean)
    .join(' ');
  return [
    sellerName(seller),
    form,
    seller.siret ? `SIRET ${seller.siret}` : seller.siren ? `SIREN ${seller.siren}` : '',
    seller.rcs ? (/^(RCS|RM)\b/i.test(seller.rcs) ? seller.rcs : `RCS ${seller.rcs}`) : '',
    seller.vatNumber ? `TVA ${seller.vatNumber}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

function drawWatermark(layout: Layout): void {
  const size = 130;
  const font = layout.fonts.bold;
  const width = font.widthOfTextAtSize(WATERMARK, size);
  const height = font.heightAtSize(size, { descender: false });
  const angle = (Math.atan2(PAGE.height, PAGE.width) * 180) / Math.PI;
  const rad = (angle * Math.PI) / 180;
  // Place the baseline origin so that the middle of the rotated text is the page centre.
  const x = PAGE.width / 2 - (width / 2) * Math.cos(rad) + (height / 2) * Math.sin(rad);
  const y = PAGE.height / 2 - (width / 2) * Math.sin(rad) - (height / 2) * Math.cos(rad);
  layout.page.drawText(WATERMARK, {
    x,
    y,
    size,
    font,
    color: rgb(0.55, 0.6, 0.68),
    opacity: 0.16,
    rotate: degrees(angle),
  });
}

export function drawDecorations(layout: Layout, seller: PdfParty, preview: boolean): void {
  const pages = layout.doc.getPages();
  const legal = footerText(seller);
  pages.forEach((page, index) => {
    layout.page = page;
    const y = 34;
    layout.hline(PAGE.margin, RIGHT, y + 12);
    const pageLabel = `Page ${index + 1} / ${pages.length}`;
    layout.textRight(pageLabel, RIGHT, y, { size: 7.5, color: COLORS.muted });
    const room = RIGHT - PAGE.margin - layout.width(pageLabel, { size: 7.5 }) - 24;
    layout.text(layout.fit(legal, room, { size: 7 }), PAGE.margin, y, { size: 7, color: COLORS.muted });
    if (preview) drawWatermark(layout);
  });
}
