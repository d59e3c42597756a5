// Files deposited in the inbox ("Ma bannette") and their processing by the firm:
// deposited → queued (taken into a batch) → processing → done (filed as a document).

export const DEPOSIT_STATUSES = ['deposited', 'queued', 'processing', 'done'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export const DEPOSIT_STATUS_LABELS: Readonly<Record<DepositStatus, string>> = {
  deposited: 'Déposé',
  queued: 'En attente de traitement',
  processing: 'En cours de traitement',
  done: 'Classé',
};

export const BATCH_STATUSES = ['queued', 'processing', 'done'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export const DELETE_DEPOSIT_REFUSED =
  'Ce fichier a déjà été pris en charge par le cabinet : il ne peut plus être supprimé.';
export const DELETE_DEPOSIT_NOT_OWNER = 'Seule la personne qui a déposé ce fichier peut le supprimer.';

/**
 * A deposit can be withdrawn only by the person who deposited it, and only while the firm has
 * not taken it into processing (a queued file is already part of a batch).
 */
export function depositDeletionRefusal(
  deposit: { userId: number; status: DepositStatus },
  userId: number,
): string | null {
  if (deposit.userId !== userId) return DELETE_DEPOSIT_NOT_OWNER;
  if (deposit.status !== 'deposited') return DELETE_DEPOSIT_REFUSED;
  return null;
}

/** Label of a type 1 notification when the firm files a document (NOTIF-1). */
export const documentNotificationLabel = (name: string, category: string) =>
  `Nouveau document dans « ${category} » : ${name}`;
