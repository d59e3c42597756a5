import { z } from 'zod';
import { endpoint } from './endpoint';
import { safeText } from './common';

// Decision 046: the company's legal details, the seller's identity every invoice prints and every
// e-invoice carries (french-rules.md). Read by whoever sees the invoices; written by whoever may
// edit them. The rulebook (src/domain/legal-details.ts) says which are mandatory before the first
// validation; this contract only checks shapes.

const text = (max: number) =>
  safeText(max)
    .nullish()
    .transform((v) => (v ?? '').trim() || null);

export const legalDetailsBody = z.object({
  /** The legal name (raison sociale), printed as the seller's name. */
  label: safeText(200),
  legalForm: text(60),
  shareCapital: text(40),
  address: text(500),
  postalCode: text(20),
  city: text(100),
  siren: text(20),
  siret: text(30),
  /** « RCS Lyon » or « RM 69 »: the register and its city. */
  rcs: text(100),
  vatNumber: text(30),
  email: text(254),
  phone: text(40),
  soleTrader: z.boolean().default(false),
  /** Null: « trois fois le taux d'intérêt légal ». */
  latePenaltyRate: text(100),
  vatOnDebits: z.boolean().default(false),
});
export type LegalDetailsBody = z.output<typeof legalDetailsBody>;

export const legalDetails = z.object({
  label: z.string(),
  legalForm: z.string().nullable(),
  shareCapital: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  siren: z.string().nullable(),
  siret: z.string().nullable(),
  rcs: z.string().nullable(),
  vatNumber: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  soleTrader: z.boolean(),
  latePenaltyRate: z.string().nullable(),
  vatOnDebits: z.boolean(),
  /** What the first validation still needs, in French (empty when complete). */
  missing: z.array(z.string()),
});
export type LegalDetails = z.output<typeof legalDetails>;

const tag = 'Société';

export const getLegalDetails = endpoint({
  method: 'get',
  path: '/company/legal-details',
  tag,
  summary: 'Mentions légales de la société (vendeur) imprimées sur les factures, et ce qui manque encore',
  responses: { 200: legalDetails },
  errors: { 403: 'Droits insuffisants' },
});

export const updateLegalDetails = endpoint({
  method: 'put',
  path: '/company/legal-details',
  tag,
  // Online only: the seller's identity is frozen into every invoice validated after it.
  offline: 'online-only',
  body: legalDetailsBody,
  summary: 'Modifie les mentions légales de la société (les factures déjà validées gardent les leurs)',
  responses: { 200: legalDetails },
  errors: { 403: 'Droits insuffisants', 422: 'Mentions invalides (SIREN, numéro de TVA…)' },
});
