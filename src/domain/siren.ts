// French company identifiers (french-rules.md, decision 046): the SIREN (9 digits), the SIRET (the
// SIREN and a 5-digit establishment number) and the intra-EU VAT number. Pure: the rulebook checks
// them the same way in the app (offline) and on the server.
//
// - SIREN and SIRET end with a Luhn key (the INSEE rule). La Poste's establishments are the known
//   exception: their SIRET (SIREN 356000000) has a digit sum that is a multiple of 5 instead.
// - A French VAT number is « FR », a 2-digit key, then the SIREN; the key is
//   (12 + 3 × (SIREN mod 97)) mod 97. Keys with letters (rare, entities without a SIREN) are
//   accepted on their format only. Other EU numbers are checked by their pattern (VIES formats).

/** Removes what people type between digits: spaces (normal, non-breaking, narrow), dots, dashes. */
export const compactIdentifier = (s: string | null | undefined): string =>
  (s ?? '').replace(/[\s\u00a0\u202f.-]/g, '').toUpperCase();

/** The Luhn check: from the right, every second digit doubled (minus 9 above 9), the sum a multiple of 10. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const LA_POSTE_SIREN = '356000000';

/** 9 digits (spaces allowed) and a valid Luhn key. */
export function isValidSiren(s: string | null | undefined): boolean {
  const v = compactIdentifier(s);
  return /^\d{9}$/.test(v) && luhnValid(v);
}

/** 14 digits (spaces allowed) and a valid Luhn key; La Poste's establishments by their own rule. */
export function isValidSiret(s: string | null | undefined): boolean {
  const v = compactIdentifier(s);
  if (!/^\d{14}$/.test(v)) return false;
  if (v.startsWith(LA_POSTE_SIREN) && v !== `${LA_POSTE_SIREN}00000`) {
    const sum = [...v].reduce((a, d) => a + Number(d), 0);
    return sum % 5 === 0;
  }
  return luhnValid(v);
}

/** The 2-digit key of a French VAT number for a SIREN: (12 + 3 × (SIREN mod 97)) mod 97. */
export function frenchVatKey(siren: string): string {
  const key = (12 + 3 * (Number(compactIdentifier(siren)) % 97)) % 97;
  return String(key).padStart(2, '0');
}

/** The French VAT number of a SIREN (« FR » + key + SIREN), or null when the SIREN is not valid. */
export function frenchVatNumber(siren: string | null | undefined): string | null {
  const v = compactIdentifier(siren);
  return isValidSiren(v) ? `FR${frenchVatKey(v)}${v}` : null;
}

const FRENCH_VAT = /^FR([0-9A-Z]{2})(\d{9})$/;
// Other EU numbers: a two-letter country code then 2 to 12 characters (the VIES formats).
const OTHER_VAT = /^(?!FR)[A-Z]{2}[0-9A-Z+*]{2,12}$/;

/**
 * An intra-EU VAT number: French ones with their SIREN and key checked (a key with letters on its
 * format only); another EU country's by its pattern. Spaces and dots allowed, any case.
 */
export function isValidVatNumber(s: string | null | undefined): boolean {
  const v = compactIdentifier(s);
  const fr = FRENCH_VAT.exec(v);
  if (fr) {
    const [, key, siren] = fr;
    if (!/^\d{2}$/.test(key)) return true;
    return isValidSiren(siren) && frenchVatKey(siren) === key;
  }
  if (v.startsWith('FR')) return false;
  return OTHER_VAT.test(v);
}

/** The SIREN inside a French VAT number, or null. */
export function sirenOfVatNumber(s: string | null | undefined): string | null {
  const fr = FRENCH_VAT.exec(compactIdentifier(s));
  return fr ? fr[2] : null;
}
