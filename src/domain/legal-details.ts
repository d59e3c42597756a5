// The seller's legal details (french-rules.md « Seller », decision 046): what every invoice prints about
// the company that issues it, and what must be filled before its first invoice is validated. Run by
// the legal-details screen (offline too) and by the server (PUT and validation).
//
// Mandatory before validating an invoice: raison sociale, adresse, code postal, ville, a valid
// SIREN, the RCS or RM registration (« RCS Lyon », « RM 69 »), and:
// - for a company (not a sole trader): its legal form and its share capital;
// - a sole trader (entrepreneur individuel) prints « EI » after its name instead of a legal form,
//   has no share capital, and needs no intra-EU VAT number: the simple rule chosen here is that a
//   sole trader may be under the franchise en base (« TVA non applicable, art. 293 B du CGI »),
//   which has no VAT number; every other company must give one.
import { compactIdentifier, isValidSiren, isValidSiret, isValidVatNumber, sirenOfVatNumber } from './siren';

export interface LegalDetailsFields {
  label?: string | null;
  legalForm?: string | null;
  shareCapital?: string | null;
  address?: string | null;
  postalCode?: string | null;
  city?: string | null;
  siren?: string | null;
  siret?: string | null;
  rcs?: string | null;
  vatNumber?: string | null;
  soleTrader?: boolean | null;
}

/** The French names of the legal details, as the refusal and the screen list them. */
export const LEGAL_DETAIL_NAMES = {
  label: 'raison sociale',
  address: 'adresse',
  postalCode: 'code postal',
  city: 'ville',
  siren: 'SIREN',
  vatNumber: 'numéro de TVA intracommunautaire',
  legalForm: 'forme juridique',
  shareCapital: 'capital social',
  rcs: 'ville d’immatriculation (RCS ou RM)',
} as const;

export const LEGAL_DETAILS_MESSAGES = {
  sirenInvalid: 'Le SIREN de la société n’est pas valide (9 chiffres, clé de contrôle).',
  siretInvalid: 'Le SIRET de la société n’est pas valide (14 chiffres, clé de contrôle).',
  siretNotSiren: 'Le SIRET de la société doit commencer par son SIREN.',
  vatNumberInvalid:
    'Le numéro de TVA intracommunautaire de la société n’est pas valide : FR, une clé de 2 chiffres et le SIREN (ou le code d’un autre pays de l’UE suivi du numéro).',
  vatNumberNotSiren: 'Le numéro de TVA intracommunautaire de la société ne correspond pas à son SIREN.',
  labelRequired: 'La raison sociale de la société est obligatoire.',
} as const;

const filled = (s: string | null | undefined): boolean => (s ?? '').trim() !== '';

/**
 * What the seller must still fill before validating an invoice, by their French names, in the
 * order of the legal-details screen; [] when complete. An invalid SIREN counts as missing.
 */
export function missingLegalDetails(company: LegalDetailsFields): string[] {
  const n = LEGAL_DETAIL_NAMES;
  const soleTrader = company.soleTrader === true;
  const missing: string[] = [];
  if (!filled(company.label)) missing.push(n.label);
  if (!soleTrader && !filled(company.legalForm)) missing.push(n.legalForm);
  if (!soleTrader && !filled(company.shareCapital)) missing.push(n.shareCapital);
  if (!filled(company.address)) missing.push(n.address);
  if (!filled(company.postalCode)) missing.push(n.postalCode);
  if (!filled(company.city)) missing.push(n.city);
  if (!isValidSiren(company.siren)) missing.push(n.siren);
  if (!filled(company.rcs)) missing.push(n.rcs);
  if (!soleTrader && !isValidVatNumber(company.vatNumber)) missing.push(n.vatNumber);
  return missing;
}

/** The validation's refusal, naming what is missing; null when nothing is. */
export function legalDetailsRefusal(company: LegalDetailsFields): string | null {
  const missing = missingLegalDetails(company);
  return missing.length
    ? `Complétez les mentions légales de la société avant de valider une facture : ${missing.join(', ')}.`
    : null;
}

/** SIREN, SIRET and VAT number written without spaces (VAT in capitals); blank ones null. */
export function normalizeLegalIdentifiers<T extends LegalDetailsFields>(body: T): T {
  const id = (s: string | null | undefined) => compactIdentifier(s) || null;
  return { ...body, siren: id(body.siren), siret: id(body.siret), vatNumber: id(body.vatNumber) };
}

/**
 * Every broken rule of a PUT, in French ([] when it can be saved): what is given must be valid
 * (SIREN, SIRET and VAT number, the SIRET starting with the SIREN, a French VAT number carrying
 * the SIREN). Missing details may be saved: they only block validation.
 */
export function legalDetailsProblems(body: LegalDetailsFields): string[] {
  const m = LEGAL_DETAILS_MESSAGES;
  const b = normalizeLegalIdentifiers(body);
  const problems: string[] = [];
  if (!filled(b.label)) problems.push(m.labelRequired);
  const sirenOk = isValidSiren(b.siren);
  if (b.siren && !sirenOk) problems.push(m.sirenInvalid);
  if (b.siret) {
    if (!isValidSiret(b.siret)) problems.push(m.siretInvalid);
    else if (sirenOk && !b.siret.startsWith(b.siren ?? '')) problems.push(m.siretNotSiren);
  }
  if (b.vatNumber) {
    if (!isValidVatNumber(b.vatNumber)) problems.push(m.vatNumberInvalid);
    else {
      const inVat = sirenOfVatNumber(b.vatNumber);
      if (sirenOk && inVat && inVat !== b.siren) problems.push(m.vatNumberNotSiren);
    }
  }
  return problems;
}
