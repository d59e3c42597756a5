import { z } from 'zod';
import { endpoint } from './endpoint';
import { page } from './common';

// NOTIF-6: the user and company in the paths must be the caller and the scoped company.

export const notification = z.object({
  id: z.number(),
  type: z.number(),
  label: z.string(),
  documentId: z.number().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type AppNotification = z.output<typeof notification>;

const bell = z.object({
  notifications: z.array(notification),
  /** The bell's badge: arrived since the bell was last hovered, and still unread. */
  notificationsCount: z.number(),
  /** Every unread notification of the user in the company. */
  unreadCount: z.number(),
});
export type BellState = z.output<typeof bell>;
const tag = 'Notifications';

export const list = endpoint({
  method: 'get',
  path: '/notifications',
  tag,
  summary: 'Notifications de l’utilisateur dans la société, par page',
  query: z.object({
    pageId: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
  responses: { 200: page(notification) },
});

export const refresh = endpoint({
  method: 'get',
  path: '/notifications/refresh/user/:user/company/:company',
  tag,
  summary: 'Dernières notifications et compteur de la cloche',
  responses: { 200: bell },
});

export const reset = endpoint({
  method: 'put',
  path: '/notifications/reset/user/:user/company/:company',
  tag,
  offline: 'online-only',
  summary: 'Remet le compteur de la cloche à zéro',
  responses: { 200: z.object({ notificationsCount: z.literal(0) }) },
});

export const get = endpoint({
  method: 'get',
  path: '/notifications/:id',
  tag,
  summary: 'Une notification',
  responses: { 200: notification },
  errors: { 404: 'Cette notification est introuvable.' },
});

export const markRead = endpoint({
  method: 'put',
  path: '/notifications/:id',
  tag,
  offline: 'queue',
  summary: 'Marque une notification comme lue (readAt) ou non lue (null)',
  body: z.object({ readAt: z.iso.datetime({ offset: true }).nullable() }),
  responses: { 200: notification },
  errors: { 404: 'Cette notification est introuvable.' },
});

/** Decision 042: per user and company. A kind switched off creates no notification for that user. */
export const preferences = z.object({
  /** Type 1: a document was filed. */
  documents: z.boolean(),
  /** Type 2: an information request from the firm. */
  requests: z.boolean(),
  /** One mail a day listing the unread notifications. */
  digest: z.boolean(),
});
export type NotificationPreferences = z.output<typeof preferences>;

export const getPreferences = endpoint({
  method: 'get',
  path: '/notifications/preferences',
  tag,
  summary: 'Préférences de notification de l’utilisateur dans la société',
  responses: { 200: preferences },
});

export const putPreferences = endpoint({
  method: 'put',
  path: '/notifications/preferences',
  tag,
  offline: 'queue',
  summary: 'Enregistre les préférences de notification (courriel quotidien compris)',
  body: preferences,
  responses: { 200: preferences },
});
