import { z } from 'zod';
import { endpoint } from './endpoint';
import { messageBody } from './common';

// Decision 088: the company's approved platform (« plateforme agréée »), which sends its e-invoices
// and receives its suppliers' through the AFNOR Flow Service. Its credentials stay on the server:
// answers say whether a secret is set (« enregistré »), never what it is.

const url = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s]+$/, { message: 'Adresse http(s)://… attendue.' });
const secret = z.string().trim().max(4000).optional();

export const platformSettingsBody = z.object({
  /** The Flow Service's base URL (it ends with /flow-service, as the service's servers say). */
  baseUrl: url,
  authKind: z.enum(['oauth2', 'bearer']),
  tokenUrl: url.nullish(),
  clientId: z.string().trim().max(500).nullish(),
  /** Absent or empty: the secret already saved is kept. */
  clientSecret: secret,
  bearerToken: secret,
});
export type PlatformSettingsBody = z.output<typeof platformSettingsBody>;

export const platformSettings = z.object({
  configured: z.boolean(),
  baseUrl: z.string().nullable(),
  authKind: z.enum(['oauth2', 'bearer']).nullable(),
  tokenUrl: z.string().nullable(),
  clientId: z.string().nullable(),
  clientSecretSaved: z.boolean(),
  bearerTokenSaved: z.boolean(),
  /** The platform's notifications reach us (a webhook subscribed); otherwise polling only. */
  webhookSubscribed: z.boolean(),
  /** The address proposed when none is set (PA_URL). */
  defaultBaseUrl: z.string().nullable(),
  lastCheckAt: z.string().nullable(),
  lastCheckOk: z.boolean().nullable(),
});
export type PlatformSettings = z.output<typeof platformSettings>;

export const platformSummary = z.object({
  configured: z.boolean(),
  /** The platform's host name, as the banner names it. */
  name: z.string().nullable(),
  /** The project's local stand-in (demo only). */
  local: z.boolean(),
  /** Whether the current member may set it (the firm, or the company's user administrator). */
  canManage: z.boolean(),
});
export type PlatformSummary = z.output<typeof platformSummary>;

export const connectionCheck = z.object({ ok: z.boolean(), message: z.string() });

export const transmission = z.object({
  /** none: never queued; pending: waiting or retrying; sent: the platform took it; refused: a 4xx, not retried. */
  state: z.enum(['none', 'pending', 'sent', 'refused']),
  /** « En attente de transmission », « Transmise », « Refusée par la plateforme ». */
  label: z.string(),
  message: z.string().nullable(),
  flowId: z.string().nullable(),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type Transmission = z.output<typeof transmission>;

const tag = 'Plateforme agréée';
// Who sets the platform: the firm's staff, or the company's user administrator (can() 'managePlatform').
const manageErrors = { 403: 'Réservé au cabinet et à l’administrateur des utilisateurs de la société' };

export const getPlatformSettings = endpoint({
  method: 'get',
  path: '/platform/settings',
  tag,
  summary: 'Plateforme agréée de la société : adresse et identifiants (les secrets ne sont jamais renvoyés)',
  responses: { 200: platformSettings },
  errors: manageErrors,
});

export const updatePlatformSettings = endpoint({
  method: 'put',
  path: '/platform/settings',
  tag,
  offline: 'online-only',
  body: platformSettingsBody,
  summary: 'Enregistre la plateforme agréée de la société et s’abonne à ses notifications',
  responses: { 200: platformSettings },
  errors: { ...manageErrors, 422: 'Adresse ou identifiants incomplets, ou plateforme locale hors démonstration' },
});

export const testPlatformConnection = endpoint({
  method: 'post',
  path: '/platform/settings/test',
  tag,
  offline: 'online-only',
  summary: 'Teste la connexion : obtient un jeton puis appelle le /v1/healthcheck de la plateforme',
  responses: { 200: connectionCheck },
  errors: { ...manageErrors, 422: 'Aucune plateforme enregistrée' },
});

export const getPlatformSummary = endpoint({
  method: 'get',
  path: '/platform/summary',
  tag,
  summary: 'Quelle plateforme envoie et reçoit les factures de la société (bandeau de l’accueil)',
  responses: { 200: platformSummary },
});

export const getInvoiceTransmission = endpoint({
  method: 'get',
  path: '/platform/transmissions/invoice/:id',
  tag,
  summary: 'Transmission d’une facture ou d’un avoir validé à la plateforme (en attente, transmise, refusée)',
  responses: { 200: transmission },
  errors: { 403: 'Droits insuffisants' },
});

export const platformWebhook = endpoint({
  method: 'post',
  path: '/platform/webhook/:hookId',
  tag,
  auth: false,
  offline: 'online-only',
  summary:
    'Notification de la plateforme (flux Flow Service signé : en-têtes Afnor-Signature et Afnor-Signature-Timestamp)',
  responses: { 200: messageBody },
  errors: { 401: 'Signature absente ou fausse : rien n’est changé', 404: 'Adresse de notification inconnue' },
});
