// Decision 085: the electronic address (« adresse de facturation électronique », BT-34 seller, BT-49
// buyer) of the French e-invoicing reform: where an approved platform delivers an invoice. A plain pair
// (scheme, value). The scheme is an EAS code; in France the directory's addresses use '0225' with the
// SIREN, optionally followed by a suffix (« 100000009_STATUTS », XP Z12-012 annex B examples). Pure: the
// editor (offline), the customer form, the server and the e-invoice writers share it.

export interface ElectronicAddress {
  scheme: string;
  value: string;
}

/** The French directory's scheme: SIREN-based address. */
export const FRENCH_SCHEME = '0225';
/** An e-mail address (EAS 'EM'): for a buyer outside the French directory (private person, abroad). */
export const EMAIL_SCHEME = 'EM';

/** The schemes the customer form offers; any EAS code of 4 digits is accepted too (the directory's). */
export const ELECTRONIC_ADDRESS_SCHEMES: { value: string; label: string }[] = [
  { value: FRENCH_SCHEME, label: '0225 – annuaire français (SIREN)' },
  { value: '0009', label: '0009 – SIRET' },
  { value: '0088', label: '0088 – GLN' },
  { value: '9957', label: '9957 – TVA intracommunautaire (France)' },
  { value: EMAIL_SCHEME, label: 'EM – adresse e-mail' },
];

export const ELECTRONIC_ADDRESS_MESSAGES = {
  schemeInvalid:
    'Le schéma de l’adresse de facturation électronique n’est pas valide : un code de 4 chiffres (0225 pour l’annuaire français) ou EM pour une adresse e-mail.',
  valueMissing: 'L’adresse de facturation électronique est incomplète : indiquez son identifiant.',
  schemeMissing:
    'L’adresse de facturation électronique est incomplète : indiquez son schéma (0225 pour l’annuaire français).',
  valueInvalid0225:
    'L’adresse de facturation électronique (schéma 0225) doit commencer par le SIREN (9 chiffres), suivi au besoin d’un suffixe, avec seulement des lettres, des chiffres et + - _ . (125 caractères au plus).',
  valueInvalidEmail: 'L’adresse de facturation électronique (schéma EM) doit être une adresse e-mail valide.',
  valueTooLong: 'L’adresse de facturation électronique ne doit pas dépasser 125 caractères.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// BR-FR-23 (custom:is-valid-schemeid-format of the FNFE rules) and BR-FR-25 (125 characters at most).
const FRENCH_VALUE = /^[A-Za-z0-9+\-_.]+$/;

const trimmed = (s: string | null | undefined) => (s ?? '').trim();

/** The pair as typed, cleaned; null when both halves are empty. */
export function electronicAddressOf(
  scheme: string | null | undefined,
  value: string | null | undefined,
): ElectronicAddress | null {
  const s = trimmed(scheme).toUpperCase();
  const v = trimmed(value).replace(/\s+/g, '');
  return s || v ? { scheme: s, value: v } : null;
}

/** The first problem of a typed pair, in French; null when it is valid (or empty). */
export function electronicAddressProblem(address: ElectronicAddress | null): string | null {
  if (!address) return null;
  const { scheme, value } = address;
  if (!scheme) return ELECTRONIC_ADDRESS_MESSAGES.schemeMissing;
  if (!value) return ELECTRONIC_ADDRESS_MESSAGES.valueMissing;
  if (scheme !== EMAIL_SCHEME && !/^\d{4}$/.test(scheme)) return ELECTRONIC_ADDRESS_MESSAGES.schemeInvalid;
  if (value.length > 125) return ELECTRONIC_ADDRESS_MESSAGES.valueTooLong;
  if (scheme === FRENCH_SCHEME && !(FRENCH_VALUE.test(value) && /^\d{9}(?!\d)/.test(value)))
    return ELECTRONIC_ADDRESS_MESSAGES.valueInvalid0225;
  if (scheme === EMAIL_SCHEME && !EMAIL.test(value)) return ELECTRONIC_ADDRESS_MESSAGES.valueInvalidEmail;
  return null;
}

/**
 * The address an e-invoice carries for a party: the one set on its record, else its SIREN in the
 * French directory (a French business), else its e-mail address; null when none is known.
 */
export function effectiveElectronicAddress(party: {
  electronicAddress?: ElectronicAddress | null;
  siren?: string | null;
  email?: string | null;
  /** A French business (the directory knows it by its SIREN). */
  inFrenchDirectory: boolean;
}): ElectronicAddress | null {
  const own = party.electronicAddress;
  if (own?.scheme && own.value) return own;
  const siren = (party.siren ?? '').replace(/\D/g, '');
  if (party.inFrenchDirectory && siren.length === 9) return { scheme: FRENCH_SCHEME, value: siren };
  const email = trimmed(party.email);
  if (EMAIL.test(email) && email.length <= 125) return { scheme: EMAIL_SCHEME, value: email };
  return null;
}
