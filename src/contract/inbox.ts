import { z } from 'zod';
import { DEPOSIT_STATUSES } from '../domain/deposits';
import { endpoint, file } from './endpoint';
import { idsBody, page } from './common';

// The inbox ("Ma bannette", INBOX-3): deposits, history, upload, withdrawal, zip, batches.

export const DEPOSIT_SORTS = ['date', '-date', 'name', '-name', 'size', '-size', 'status', '-status'] as const;
export type DepositSort = (typeof DEPOSIT_SORTS)[number];

export const depositItem = z.object({
  id: z.number(),
  name: z.string(),
  categoryId: z.number(),
  category: z.string(),
  categoryPath: z.string(),
  mimeType: z.string(),
  size: z.number(),
  status: z.enum(DEPOSIT_STATUSES),
  statusLabel: z.string(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  batchId: z.number().nullable(),
  documentId: z.number().nullable(),
  depositedBy: z.object({ id: z.number(), firstName: z.string(), name: z.string() }),
  mine: z.boolean(),
  company: z.object({ id: z.number(), label: z.string() }),
});
export type DepositItem = z.output<typeof depositItem>;
const depositPage = page(depositItem);
export type DepositPage = z.output<typeof depositPage>;

export const batchView = z.object({
  id: z.number(),
  status: z.enum(['queued', 'processing', 'done']),
  total: z.number(),
  processed: z.number(),
  files: z.array(
    z.object({ id: z.number(), name: z.string(), status: z.enum(DEPOSIT_STATUSES), documentId: z.number().nullable() }),
  ),
});
export type BatchView = z.output<typeof batchView>;

const listQuery = z.object({
  q: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  sort: z.enum(DEPOSIT_SORTS).default('-date'),
  status: z.enum(DEPOSIT_STATUSES).optional(),
});
const tag = 'Bannette';

export const pending = endpoint({
  method: 'get',
  path: '/my-inbox',
  tag,
  summary: 'Fichiers déposés dans la bannette de la société, pas encore classés',
  query: listQuery,
  responses: { 200: depositPage },
});

export const history = endpoint({
  method: 'get',
  path: '/my-inbox/history',
  tag,
  summary: 'Historique des dépôts de la société (mine=true : les miens)',
  query: listQuery.extend({ mine: z.enum(['true', 'false']).optional() }),
  responses: { 200: depositPage },
});

export const adminHistory = endpoint({
  method: 'get',
  path: '/my-inbox/history/admin',
  tag,
  summary: 'Historique des dépôts de toutes les sociétés suivies (cabinet, userType 1)',
  query: listQuery.extend({ company: z.coerce.number().int().min(1).optional() }),
  responses: { 200: depositPage },
  errors: { 403: 'Réservé au cabinet' },
});

export const upload = endpoint({
  method: 'post',
  path: '/my-inbox/documents/upload',
  tag,
  multipart: true,
  // The outbox keeps the file (IndexedDB) until the server has it (upload-to-inbox.ts).
  offline: 'queue',
  summary: 'Dépôt de fichiers (multipart : parties « file », champ « category »)',
  responses: { 201: z.object({ items: z.array(depositItem) }) },
  errors: { 400: 'Requête invalide', 413: 'Fichier trop volumineux', 415: 'Type refusé' },
});

export const withdraw = endpoint({
  method: 'delete',
  path: '/my-inbox/documents/:id',
  tag,
  offline: 'online-only',
  summary: 'Retire un fichier déposé (le sien, avant prise en charge)',
  responses: { 204: null },
  errors: { 403: 'Pas le vôtre', 404: 'Introuvable', 409: 'Déjà pris en charge' },
});

export const downloadZip = endpoint({
  method: 'post',
  path: '/files/download',
  tag,
  offline: 'online-only',
  body: idsBody,
  summary: 'Fichiers déposés en une archive zip (société_fichier_depot_date.zip)',
  responses: { 200: file('application/zip') },
});

export const batch = endpoint({
  method: 'post',
  path: '/batch',
  tag,
  offline: 'online-only',
  body: idsBody,
  summary: 'Le cabinet prend des fichiers déposés en traitement (lot)',
  responses: { 201: batchView },
  errors: { 409: 'Fichier déjà pris en charge' },
});

export const batchState = endpoint({
  method: 'get',
  path: '/trigger/batch/:id',
  tag,
  summary: 'État d’un lot ; relance un lot resté en attente',
  responses: { 200: batchView },
  errors: { 404: 'Lot introuvable.' },
});
