// The form of « Mentions légales de la société »: the answer ↔ the typed texts, the body sent, and
// the rulebook's checks (src/domain/legal-details.ts) placed under their fields as the user types.
import type { LegalDetails, LegalDetailsBody } from '../../contract/company';
import { LEGAL_DETAILS_MESSAGES, legalDetailsProblems } from '../../domain/legal-details';
import { compactIdentifier } from '../../domain/siren';

export type TextField =
  | 'label'
  | 'legalForm'
  | 'shareCapital'
  | 'address'
  | 'postalCode'
  | 'city'
  | 'siren'
  | 'siret'
  | 'rcs'
  | 'vatNumber'
  | 'email'
  | 'phone'
  | 'latePenaltyRate';

export type LegalForm = Record<TextField, string> & { soleTrader: boolean; vatOnDebits: boolean };

const TEXT_FIELDS: TextField[] = [
  'label',
  'legalForm',
  'shareCapital',
  'address',
  'postalCode',
  'city',
  'siren',
  'siret',
  'rcs',
  'vatNumber',
  'email',
  'phone',
  'latePenaltyRate',
];

export function formOf(details: LegalDetails | undefined): LegalForm {
  const texts = Object.fromEntries(TEXT_FIELDS.map((f) => [f, details?.[f] ?? ''])) as Record<TextField, string>;
  return { ...texts, soleTrader: details?.soleTrader ?? false, vatOnDebits: details?.vatOnDebits ?? false };
}

/** What PUT sends: blank texts become null (the contract trims them too). */
export function bodyOf(form: LegalForm): LegalDetailsBody {
  const texts = Object.fromEntries(TEXT_FIELDS.map((f) => [f, form[f].trim() || null])) as Record<
    TextField,
    string | null
  >;
  return { ...texts, label: form.label.trim(), soleTrader: form.soleTrader, vatOnDebits: form.vatOnDebits };
}

const m = LEGAL_DETAILS_MESSAGES;
const FIELD_OF: Record<string, TextField> = {
  [m.labelRequired]: 'label',
  [m.sirenInvalid]: 'siren',
  [m.siretInvalid]: 'siret',
  [m.siretNotSiren]: 'siret',
  [m.vatNumberInvalid]: 'vatNumber',
  [m.vatNumberNotSiren]: 'vatNumber',
};

/** The rulebook's problems of the form: each under its field, and the whole list. */
export function formProblems(form: LegalForm): { all: string[]; byField: Partial<Record<TextField, string>> } {
  const all = legalDetailsProblems(bodyOf(form));
  const byField: Partial<Record<TextField, string>> = {};
  for (const p of all) {
    const field = FIELD_OF[p];
    if (field && !byField[field]) byField[field] = p;
  }
  return { all, byField };
}

// Typed in full (9 digits, 14 digits, FR + 11): judged at once, before the field is left.
const COMPLETE: Partial<Record<TextField, number>> = { siren: 9, siret: 14, vatNumber: 13 };

/** Whether a field's problem shows yet: once the field was left, or once it is typed in full. */
export function judged(field: TextField, value: string, left: boolean): boolean {
  if (left) return true;
  const length = COMPLETE[field];
  return length !== undefined && compactIdentifier(value).length >= length;
}
