// Text rules of the PDF: spaces it can draw and file names. Numbers and dates come from the one
// French formatting module (src/domain/format.ts); drawableText turns its no-break spaces into plain ones.
import type { BusinessDocumentModel } from './types';

/** Replaces the exotic spaces (U+00A0, U+202F, U+2009…) and control characters by a plain space. */
export function normalizeSpaces(text: string): string {
  return text.replace(/[\u00A0\u2000-\u200B\u202F\u205F\u3000\t\r\n\f\v]/g, ' ');
}

const LIGATURES: Record<string, string> = { œ: 'oe', Œ: 'OE', æ: 'ae', Æ: 'AE', ß: 'ss' };

/** ASCII-only, file-system safe fragment: letters, digits, '-' and '_'. */
export function safeFileFragment(text: string): string {
  return text
    .replace(/[œŒæÆß]/g, (c) => LIGATURES[c] ?? c)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[_-]+|[_-]+$/g, '');
}

/** "Facture_Boulangerie_Martin_F2026-0001.pdf"; a draft gets "brouillon" instead of the number. */
export function documentFileName(
  kind: BusinessDocumentModel['kind'],
  customerSocialReason: string | null | undefined,
  number: string | null,
): string {
  const parts = [
    safeFileFragment(kind) || 'Document',
    safeFileFragment(customerSocialReason ?? '')
      .slice(0, 60)
      .replace(/[_-]+$/, ''),
    number ? safeFileFragment(number).slice(0, 40) : 'brouillon',
  ].filter((part) => part.length > 0);
  return `${parts.join('_')}.pdf`;
}
