/** French formatting for the PDF renderer: deterministic, no Intl (no U+202F / U+00A0 surprises). */
import Decimal from 'decimal.js';
import type { BusinessDocumentModel } from './types';

function groupThousands(intPart: string): string {
  return intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/** "1234.5" → "1 234,50" (plain spaces, decimal comma, half-up rounding). */
export function formatDecimal(value: number, decimals = 2): string {
  const fixed = new Decimal(Number.isFinite(value) ? value : 0).toFixed(decimals, Decimal.ROUND_HALF_UP);
  const negative = fixed.startsWith('-') && /[1-9]/.test(fixed);
  const [intPart, decPart] = fixed.replace('-', '').split('.');
  const body = groupThousands(intPart) + (decPart ? `,${decPart}` : '');
  return negative ? `-${body}` : body;
}

/** fr-FR amount: "1 234,56 €". */
export function formatAmount(value: number): string {
  return `${formatDecimal(value, 2)} €`;
}

/** Up to `maxDecimals` decimals, trailing zeros removed: 2 → "2", 2.5 → "2,5". */
export function formatTrimmed(value: number, maxDecimals = 3): string {
  const text = formatDecimal(value, maxDecimals);
  return text.includes(',') ? text.replace(/0+$/, '').replace(/,$/, '') : text;
}

export function formatQuantity(value: number): string {
  return formatTrimmed(value, 3);
}

/** VAT rate: 20 → "20", 5.5 → "5,5". */
export function formatRate(value: number): string {
  return formatTrimmed(value, 2);
}

/** "2026-11-21" (or an ISO date-time) → "21/11/2026"; anything else is returned unchanged. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

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
    safeFileFragment(customerSocialReason ?? '').slice(0, 60).replace(/[_-]+$/, ''),
    number ? safeFileFragment(number).slice(0, 40) : 'brouillon',
  ].filter((part) => part.length > 0);
  return `${parts.join('_')}.pdf`;
}
