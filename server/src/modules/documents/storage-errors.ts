import { HttpError } from '../../http/errors';
import { sqlState } from '../../db/errors';

// A storage write that fails is the server's fault, never the client's: 507 Insufficient Storage
// (RFC 4918: "unable to store the representation"), with a French message saying what went wrong
// and that nothing was kept. The folder and the system error are logged, not shown.
// Files (uploads, receipts) say « ce fichier »; any other write that meets a full or read-only disk
// — the database, a mail written to DATA_DIR/mail, the e-invoice archive — says « cette opération »
// (writeFaultOf, answered by app.ts, decision 077).

export type StorageFailure = 'full' | 'unwritable' | 'unverified' | 'failed';
export type StorageSubject = 'file' | 'data';

const MESSAGES: Record<StorageFailure, string> = {
  full: 'Le serveur n’a plus assez d’espace disque pour enregistrer ce fichier : rien n’a été conservé. Réessayez plus tard ou prévenez le cabinet.',
  unwritable:
    'Le serveur ne peut pas écrire dans son dossier de stockage (droits insuffisants ou disque en lecture seule) : rien n’a été conservé. Prévenez l’administrateur du portail.',
  unverified:
    'Le fichier enregistré sur le serveur ne correspond pas au fichier reçu : rien n’a été conservé. Réessayez.',
  failed: 'L’enregistrement du fichier sur le serveur a échoué : rien n’a été conservé. Réessayez plus tard.',
};
const DATA_MESSAGES: Record<StorageFailure, string> = {
  full: 'Le serveur n’a plus assez d’espace disque pour enregistrer cette opération : rien n’a été conservé. Réessayez plus tard ou prévenez le cabinet.',
  unwritable:
    'Le serveur ne peut pas écrire dans son dossier de données (droits insuffisants ou disque en lecture seule) : rien n’a été conservé. Prévenez l’administrateur du portail.',
  unverified: 'Le serveur n’a pas pu relire ce qu’il venait d’enregistrer : rien n’a été conservé. Réessayez.',
  failed: 'L’enregistrement sur le serveur a échoué : rien n’a été conservé. Réessayez plus tard.',
};

const FULL = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);
// A read-only mount, missing permissions, or a storage path that is not a folder.
const UNWRITABLE = new Set(['EROFS', 'EACCES', 'EPERM', 'ENOTDIR', 'EEXIST', 'EISDIR']);

export class StorageError extends HttpError {
  constructor(
    readonly failure: StorageFailure,
    options?: { cause?: unknown; subject?: StorageSubject },
  ) {
    super(507, (options?.subject === 'data' ? DATA_MESSAGES : MESSAGES)[failure]);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** The StorageError for a system error met while writing under `folder` (logged once here). */
export function storageErrorOf(error: unknown, folder: string): StorageError {
  if (error instanceof StorageError) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code ?? '';
  const failure: StorageFailure = FULL.has(code) ? 'full' : UNWRITABLE.has(code) ? 'unwritable' : 'failed';
  console.error(
    `Écriture impossible dans le stockage ${folder} (${code || 'erreur'}) :`,
    (error as Error)?.message ?? error,
  );
  return new StorageError(failure, { cause: error });
}

/** The file-system calls that write: an error of one of them is a storage fault, whatever wrote. */
const WRITING_CALLS = new Set([
  'open',
  'write',
  'writev',
  'mkdir',
  'rename',
  'fsync',
  'fdatasync',
  'close',
  'copyfile',
  'ftruncate',
  'link',
  'symlink',
  'unlink',
  'rmdir',
  'chmod',
]);
/** PostgreSQL's SQLSTATE 53100 (disk_full): a table, an index or a temporary file could not grow. */
const DISK_FULL = '53100';
/** « could not write to file "…": Read-only file system » (PostgreSQL maps EROFS and EACCES to 42501). */
const PG_UNWRITABLE = /^could not (?:write|extend|create|open|fsync)\b.*(?:Read-only file system|Permission denied)/;

/**
 * A write that met a full or unwritable disk anywhere below the request — the database (SQLSTATE
 * 53100, on PostgreSQL as on PGlite), or a file (ENOSPC, EROFS… from a writing system call) — as the
 * 507 to answer; null for any other error. Not logged here: app.ts logs it with the request's id.
 */
export function writeFaultOf(error: unknown): StorageError | null {
  const state = sqlState(error);
  const code = typeof state?.code === 'string' ? state.code : '';
  if (code === DISK_FULL) return new StorageError('full', { cause: error, subject: 'data' });
  if ((code === '42501' || code === '58030') && PG_UNWRITABLE.test(String((state as { message?: unknown }).message)))
    return new StorageError('unwritable', { cause: error, subject: 'data' });
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as Error).cause, depth++) {
    const { code: errno, syscall } = e as NodeJS.ErrnoException;
    if (!errno) continue;
    if (FULL.has(errno)) return new StorageError('full', { cause: error, subject: 'data' });
    if (UNWRITABLE.has(errno) && errno !== 'EEXIST' && syscall && WRITING_CALLS.has(syscall))
      return new StorageError('unwritable', { cause: error, subject: 'data' });
  }
  return null;
}
