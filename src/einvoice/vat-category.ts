// The EN 16931 VAT category (UNCL5305, BT-151/BT-118) of a rate, read from what our documents
// hold: the rate, the document's VAT clause (« Mention de TVA », the defaults are in
// server/src/modules/catalogue/defaults.ts) and the buyer. Decision 046.
// - rate > 0 → S (standard or reduced rate);
// - 0 % and a franchise clause (art. 293 B du CGI) → E, VATEX-FR-FRANCHISE;
// - 0 % and reverse charge (« Autoliquidation », art. 283 / 196) → AE, VATEX-EU-AE (VATEX-FR-AE in France);
// - 0 % and an intra-EU supply of goods (« livraison intracommunautaire », art. 262 ter) → K, VATEX-EU-IC;
// - 0 % and an export (clause, or a buyer outside the EU) → G, VATEX-EU-G;
// - 0 % and a buyer with a VAT number of another EU country, no clause: K for goods, else AE;
// - any other 0 % → E with the clause (or « Exonération de TVA ») as the exemption reason.
import type { VatCategory } from './types';

export interface VatCategoryInput {
  rate: number;
  vatClause?: string | null;
  /** ISO 3166-1 alpha-2 of the buyer, absent = France. */
  buyerCountryCode?: string | null;
  buyerVatNumber?: string | null;
  /** The printed « nature de l'opération »: 'biens' | 'prestations de services' | 'les deux'. */
  operationKind?: string | null;
}

export interface VatCategoryResult {
  category: VatCategory;
  /** BT-120, for every category but S. */
  exemptionReason?: string;
  /** BT-121 when known. */
  exemptionCode?: string;
}

/** EU member states (ISO codes; the VAT prefix of Greece is EL). */
export const EU_COUNTRIES = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT',
  'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
]); // prettier-ignore

/** Monaco is in the French VAT territory; the French overseas departments keep FR. */
const FRENCH_VAT_AREA = new Set(['FR', 'MC']);

const plain = (s: string | null | undefined) =>
  (s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const FRANCHISE = /293 ?b|franchise en base/;
const REVERSE_CHARGE = /autoliquidation|reverse charge|283[- ]?(1|2)|art(icle|\.)? ?196\b/;
const INTRA_EU_GOODS = /livraison(s)? intra-?communautaire|262 ter|intra-?community supply/;
const EXPORT = /exportation|export\b|262[- ]?i\b|hors (de l'|de l’)?(union|ue)/;

/** The VAT prefix of a VAT number, mapped to ISO (EL → GR), or undefined. */
function vatCountry(vatNumber: string | null | undefined): string | undefined {
  const m = /^([A-Z]{2})/.exec((vatNumber ?? '').replace(/\s+/g, '').toUpperCase());
  if (!m) return undefined;
  return m[1] === 'EL' ? 'GR' : m[1];
}

export function vatCategoryOf(input: VatCategoryInput): VatCategoryResult {
  if (input.rate > 0) return { category: 'S' };
  const clause = (input.vatClause ?? '').trim();
  const text = plain(clause);
  const buyerCountry = (input.buyerCountryCode || 'FR').toUpperCase();
  const buyerVatCountry = vatCountry(input.buyerVatNumber);
  const otherEuBuyer = !!buyerVatCountry && EU_COUNTRIES.has(buyerVatCountry) && !FRENCH_VAT_AREA.has(buyerVatCountry);
  const goods = plain(input.operationKind) === 'biens';

  if (FRANCHISE.test(text)) return { category: 'E', exemptionReason: clause, exemptionCode: 'VATEX-FR-FRANCHISE' };
  if (INTRA_EU_GOODS.test(text)) return { category: 'K', exemptionReason: clause, exemptionCode: 'VATEX-EU-IC' };
  if (REVERSE_CHARGE.test(text))
    return {
      category: 'AE',
      exemptionReason: clause,
      exemptionCode: otherEuBuyer || !FRENCH_VAT_AREA.has(buyerCountry) ? 'VATEX-EU-AE' : 'VATEX-FR-AE',
    };
  if (EXPORT.test(text)) return { category: 'G', exemptionReason: clause, exemptionCode: 'VATEX-EU-G' };
  if (otherEuBuyer)
    return goods
      ? {
          category: 'K',
          exemptionReason: clause || 'Livraison intracommunautaire exonérée',
          exemptionCode: 'VATEX-EU-IC',
        }
      : { category: 'AE', exemptionReason: clause || 'Autoliquidation', exemptionCode: 'VATEX-EU-AE' };
  if (!EU_COUNTRIES.has(buyerCountry) && !FRENCH_VAT_AREA.has(buyerCountry))
    return {
      category: 'G',
      exemptionReason: clause || 'Exportation hors Union européenne',
      exemptionCode: 'VATEX-EU-G',
    };
  return { category: 'E', exemptionReason: clause || 'Exonération de TVA' };
}

/** Categories whose VAT rules (BR-AE-02, BR-IC-02) need the buyer's VAT number. */
export const NEEDS_BUYER_VAT: ReadonlySet<VatCategory> = new Set(['AE', 'K']);
