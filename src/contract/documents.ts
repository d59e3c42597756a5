import { z } from 'zod';
import { endpoint, file } from './endpoint';
import { idsBody, page } from './common';

// Documents the firm filed (DOC-4): lists, category tree, view, download, zip.

export const DOCUMENT_SORTS = ['date', '-date', 'name', '-name', 'size', '-size', 'category', '-category'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

export const documentItem = z.object({
  id: z.number(),
  name: z.string(),
  categoryId: z.number(),
  category: z.string(),
  categoryPath: z.string(),
  mimeType: z.string(),
  size: z.number(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type DocumentItem = z.output<typeof documentItem>;
const documentPage = page(documentItem);
export type DocumentPage = z.output<typeof documentPage>;

export interface CategoryTreeNode {
  id: number;
  label: string;
  scope: 'ged' | 'depot';
  parentId: number | null;
  /** Documents here and below. */
  count: number;
  unread: number;
  /** False for an ancestor shown only to reach readable categories under it. */
  readable: boolean;
  children: CategoryTreeNode[];
}
export const categoryTreeNode: z.ZodType<CategoryTreeNode> = z.lazy(() =>
  z.object({
    id: z.number(),
    label: z.string(),
    scope: z.enum(['ged', 'depot']),
    parentId: z.number().nullable(),
    count: z.number(),
    unread: z.number(),
    readable: z.boolean(),
    children: z.array(categoryTreeNode),
  }),
);

export const categoryLast = z.object({
  categoryId: z.number(),
  facet: z.string().nullable(),
  headings: z.array(z.string()),
  updatedAt: z.string(),
});
export type CategoryLast = z.output<typeof categoryLast>;

const tag = 'Documents';
const items = z.object({ items: z.array(documentItem) });

export const list = endpoint({
  method: 'get',
  path: '/my-documents',
  tag,
  summary: 'Mes documents : liste paginée, recherche, tri, filtre par catégorie (et ses sous-catégories)',
  query: z.object({
    q: z.string().max(200).optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
    sort: z.enum(DOCUMENT_SORTS).default('-date'),
    category: z.coerce.number().int().min(1).max(1000).optional(),
  }),
  responses: { 200: documentPage },
});

export const last = endpoint({
  method: 'get',
  path: '/my-documents/last',
  tag,
  summary: 'Derniers documents déposés par le cabinet',
  query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) }),
  responses: { 200: items },
});

export const widget = endpoint({
  method: 'get',
  path: '/widgets/ged/last/user/:user/company/:company',
  tag,
  summary: 'Widget des derniers documents (accueil)',
  responses: { 200: items },
});

export const categories = endpoint({
  method: 'get',
  path: '/ged/category/:id',
  tag,
  summary: 'Arborescence des catégories lisibles (0 = toutes) avec le nombre de documents',
  responses: { 200: z.object({ categories: z.array(categoryTreeNode), last: categoryLast.nullable() }) },
  errors: { 404: 'Catégorie introuvable.' },
});

export const rememberCategory = endpoint({
  method: 'put',
  path: '/ged/category/:id/last',
  tag,
  offline: 'online-only',
  summary: 'Retient la dernière catégorie ouverte, sa facette et ses rubriques',
  body: z.object({
    facet: z.string().max(100).nullable().optional(),
    headings: z.array(z.string().max(100)).max(100).optional(),
  }),
  responses: { 200: categoryLast },
  errors: { 404: 'Catégorie introuvable.' },
});

export const view = endpoint({
  method: 'get',
  path: '/ged/documents/:id/view',
  tag,
  summary: 'Contenu d’un document pour l’aperçu (inline) ; un en-tête Range donne une partie (206)',
  responses: { 200: file(''), 206: file('') },
  errors: { 404: 'Document introuvable.', 416: 'La plage demandée commence après la fin du fichier.' },
});

export const fiscal = endpoint({
  method: 'get',
  path: '/ged/fiscal/:id',
  tag,
  summary:
    'Un document fiscal de la société (/fiscadas/{id}) : Bilan et liasse fiscale, Déclaration de TVA, dépôts « Fiscal » ; ses octets par /ged/documents/{id}/view',
  responses: { 200: documentItem },
  errors: { 404: 'Document fiscal introuvable.' },
});

export const download = endpoint({
  method: 'get',
  path: '/ged/documents/:id/download',
  tag,
  summary: 'Téléchargement d’un document',
  responses: { 200: file('') },
  errors: { 404: 'Document introuvable.' },
});

export const downloadZip = endpoint({
  method: 'post',
  path: '/ged/documents/download',
  tag,
  summary: 'Plusieurs documents en une archive zip',
  offline: 'online-only',
  body: idsBody,
  responses: { 200: file('application/zip') },
});
