import { http } from '../../../lib/http';
import { submitMutation } from '../../../data/outbox';

export interface AppNotification {
  id: number;
  type: number;
  label: string;
  documentId: number | null;
  createdAt: string;
  readAt: string | null;
}

export interface BellState {
  notifications: AppNotification[];
  notificationsCount: number;
}

const scoped = (company: number) => ({ headers: { 'x-company-id': String(company) } });

export const fetchBell = (user: number, company: number) =>
  http.get(`notifications/refresh/user/${user}/company/${company}`, scoped(company)).json<BellState>();

/** Spec 2.5: hovering the bell resets its counter. */
export const resetBell = (user: number, company: number) =>
  http.put(`notifications/reset/user/${user}/company/${company}`, { ...scoped(company), retry: 0 });

export const fetchNotificationsPage = (company: number, pageId: number) =>
  http.get('notifications', { ...scoped(company), searchParams: { pageId, pageSize: 20 } }).json<{ items: AppNotification[]; total: number; page: number; pageSize: number }>();

export const fetchNotification = (company: number, id: number) => http.get(`notifications/${id}`, scoped(company)).json<AppNotification>();

/** Opening a notification sets readAt; through the outbox so reading offline is not lost. */
export const markNotificationRead = (company: number, id: number, readAt: string) =>
  submitMutation<AppNotification>({ method: 'PUT', path: `notifications/${id}`, body: { readAt }, companyId: company, docKey: `notification:${id}`, label: 'Notification marquée comme lue', kind: 'notification.read' });

export const fetchDocumentBlob = (company: number, documentId: number, mode: 'view' | 'download') =>
  http.get(`ged/documents/${documentId}/${mode}`, scoped(company)).blob();
