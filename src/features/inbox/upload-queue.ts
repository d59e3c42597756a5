import { checkUpload } from '../../domain/uploads';

// The deposit screen's list of files, as pure state: checks before sending (INBOX-1, INBOX-2, the same
// rule the server applies), per-file progress and outcome. Every file sent goes through the outbox.

/** preparing: stored on the device, its turn to be sent has not come; queued: waits for the network. */
export type UploadState = 'ready' | 'invalid' | 'preparing' | 'uploading' | 'queued' | 'done' | 'failed' | 'cancelled';

export interface UploadItem {
  key: string;
  file: File;
  state: UploadState;
  loaded: number;
  total: number;
  /** Why it is refused or failed, in French. */
  message: string | null;
  /** Its outbox entry while the device keeps it (queued, or refused during a background replay). */
  entryId: string | null;
}

export const UPLOAD_STATE_LABELS: Record<UploadState, string> = {
  ready: 'Prêt à déposer',
  invalid: 'Refusé',
  preparing: 'Préparation de l’envoi',
  uploading: 'Envoi en cours',
  queued: 'En attente d’envoi',
  done: 'Déposé',
  failed: 'Échec de l’envoi',
  cancelled: 'Envoi annulé',
};

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/** Adds the chosen files (a file already waiting in the list is not added twice). */
export function addFiles(items: UploadItem[], files: File[], newKey: () => string): UploadItem[] {
  const added: UploadItem[] = [];
  for (const file of files) {
    if ([...items, ...added].some((i) => i.state !== 'done' && sameFile(i.file, file))) continue;
    const message = checkUpload(file);
    added.push({
      key: newKey(),
      file,
      state: message ? 'invalid' : 'ready',
      loaded: 0,
      total: file.size,
      message,
      entryId: null,
    });
  }
  return [...items, ...added];
}

export function patchItem(items: UploadItem[], key: string, patch: Partial<UploadItem>): UploadItem[] {
  return items.map((i) => (i.key === key ? { ...i, ...patch } : i));
}

export const removeItem = (items: UploadItem[], key: string) => items.filter((i) => i.key !== key);

export function percent(item: UploadItem): number {
  if (item.state === 'done') return 100;
  return item.total > 0 ? Math.min(99, Math.floor((item.loaded / item.total) * 100)) : 0;
}

/** Files the "Déposer" button sends: ready ones, and failed or cancelled ones sent again (not those the outbox still holds). */
export const sendable = (items: UploadItem[]) =>
  items.filter((i) => (i.state === 'ready' || i.state === 'failed' || i.state === 'cancelled') && !i.entryId);

/** Files on their way: a cancel stops them (before or during the request). */
export const inFlight = (item: UploadItem) => item.state === 'preparing' || item.state === 'uploading';

export const depositButtonLabel = (n: number) => (n <= 1 ? 'Déposer le fichier' : `Déposer les ${n} fichiers`);
