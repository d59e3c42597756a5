/** NOTIF-1: type 1 = document notification, type 2 = information request. */
export function notificationKind(type: number): string {
  if (type === 1) return 'Nouveau document';
  if (type === 2) return 'Demande d’information';
  return 'Information';
}
