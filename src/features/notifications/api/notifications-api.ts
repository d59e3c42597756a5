import { api } from '../../../contract/index';
import type { AppNotification } from '../../../contract/notifications';
import { submitMutation } from '../../../data/outbox';
import { call, queued } from '../../../data/api-call';

export type { AppNotification, BellState } from '../../../contract/notifications';

export const fetchBell = (user: number, company: number) =>
  call(api.notifications.refresh, { params: { user, company }, companyId: company });

/** NOTIF-2: hovering the bell resets its counter. */
export const resetBell = (user: number, company: number) =>
  call(api.notifications.reset, { params: { user, company }, companyId: company });

export const fetchNotificationsPage = (company: number, pageId: number) =>
  call(api.notifications.list, { query: { pageId, pageSize: 20 }, companyId: company });

export const fetchNotification = (company: number, id: number) =>
  call(api.notifications.get, { params: { id }, companyId: company });

/** Opening a notification sets readAt; through the outbox so reading offline is not lost. */
export const markNotificationRead = (company: number, id: number, readAt: string) =>
  submitMutation<AppNotification>({
    ...queued(api.notifications.markRead, { params: { id }, body: { readAt } }),
    companyId: company,
    docKey: `notification:${id}`,
    label: 'Notification marquée comme lue',
    kind: 'notification.read',
  });

export const fetchDocumentBlob = (company: number, documentId: number, mode: 'view' | 'download') =>
  call(mode === 'view' ? api.documents.view : api.documents.download, {
    params: { id: documentId },
    companyId: company,
  });
