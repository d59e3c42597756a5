// The company's bank details printed on invoices paid by transfer (decision 012). Checked
// the way banks check them: an IBAN has its country's length and passes ISO 13616 mod 97; a BIC
// is ISO 9362 (4 letters bank, 2 letters country, 2 letters/digits place, optional 3 branch).

export const BANK_MESSAGES = {
  ibanFormat:
    'L’IBAN saisi n’est pas valide : il commence par le code pays (2 lettres) et la clé (2 chiffres), puis lettres et chiffres.',
  ibanChecksum: 'L’IBAN saisi n’est pas valide : sa clé de contrôle ne correspond pas. Vérifiez chaque caractère.',
  ibanCountry: 'L’IBAN saisi commence par un code pays inconnu.',
  ibanLength: (country: string, length: number) => `Un IBAN ${country} compte ${length} caractères.`,
  bicInvalid: 'Le BIC saisi n’est pas valide (8 ou 11 caractères : banque, pays, ville, agence).',
  bicWithoutIban: 'Indiquez l’IBAN qui accompagne ce BIC.',
} as const;

/** IBAN length per country (SWIFT IBAN registry): SEPA countries and French overseas territories. */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
  AL: 28,
  BA: 20,
  MD: 24,
  ME: 22,
  MK: 19,
  RS: 22,
  TR: 26,
  UA: 29,
  MA: 28,
  TN: 24,
  DZ: 26,
  SN: 28,
  CI: 28,
  CM: 27,
  MG: 27,
  MU: 30,
  LB: 28,
  AE: 23,
  SA: 24,
  IL: 23,
  BR: 29,
};

/** Upper case, without spaces or dashes: the electronic form of an IBAN or BIC. */
export function compactBankCode(input: string | null | undefined): string {
  return (input ?? '').replace(/[\s\u00a0\u202f-]/g, '').toUpperCase();
}

/** ISO 7064 mod 97-10 of the rearranged IBAN (country and check digits moved to the end). */
function ibanRemainder(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const digits = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder;
}

/** The French message of what is wrong with this IBAN, or null when it is valid. */
export function ibanError(input: string | null | undefined): string | null {
  const iban = compactBankCode(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban)) return BANK_MESSAGES.ibanFormat;
  const country = iban.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  if (!length) return BANK_MESSAGES.ibanCountry;
  if (iban.length !== length) return BANK_MESSAGES.ibanLength(country, length);
  return ibanRemainder(iban) === 1 ? null : BANK_MESSAGES.ibanChecksum;
}

export function isValidIban(input: string | null | undefined): boolean {
  return ibanError(input) === null;
}

export function isValidBic(input: string | null | undefined): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compactBankCode(input));
}

/** 'FR76 3000 6000 0112 3456 7890 189': groups of four, as printed on a RIB. */
export function formatIban(input: string | null | undefined): string {
  return compactBankCode(input).replace(/(.{4})(?=.)/g, '$1 ');
}

/** Means of payment that call for the bank details on the invoice ("Virement", "Virement SEPA"…). */
export function isTransferPayment(paymentMode: string | null | undefined): boolean {
  return /virement|transfer/i.test(paymentMode ?? '');
}

/**
 * Every problem of a pair typed in the settings form; both blank removes the bank details.
 * A BIC alone is refused: it says nothing without the account.
 */
export function bankDetailsErrors(
  iban: string | null | undefined,
  bic: string | null | undefined,
): { field: 'iban' | 'bic'; message: string }[] {
  const errors: { field: 'iban' | 'bic'; message: string }[] = [];
  const hasIban = compactBankCode(iban) !== '';
  const hasBic = compactBankCode(bic) !== '';
  if (hasIban) {
    const e = ibanError(iban);
    if (e) errors.push({ field: 'iban', message: e });
  } else if (hasBic) errors.push({ field: 'iban', message: BANK_MESSAGES.bicWithoutIban });
  if (hasBic && !isValidBic(bic)) errors.push({ field: 'bic', message: BANK_MESSAGES.bicInvalid });
  return errors;
}
