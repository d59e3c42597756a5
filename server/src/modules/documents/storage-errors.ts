import { HttpError } from '../../http/errors';

// A storage write that fails is the server's fault, never the client's: 507 Insufficient Storage
// (RFC 4918: "unable to store the representation"), with a French message saying what went wrong
// and that nothing was kept. The folder and the system error are logged, not shown.

export type StorageFailure = 'full' | 'unwritable' | 'unverified' | 'failed';

const MESSAGES: Record<StorageFailure, string> = {
  full: 'Le serveur n’a plus assez d’espace disque pour enregistrer ce fichier : rien n’a été conservé. Réessayez plus tard ou prévenez le cabinet.',
  unwritable:
    'Le serveur ne peut pas écrire dans son dossier de stockage (droits insuffisants ou disque en lecture seule) : rien n’a été conservé. Prévenez l’administrateur du portail.',
  unverified:
    'Le fichier enregistré sur le serveur ne correspond pas au fichier reçu : rien n’a été conservé. Réessayez.',
  failed: 'L’enregistrement du fichier sur le serveur a échoué : rien n’a été conservé. Réessayez plus tard.',
};

const FULL = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);
// A read-only mount, missing permissions, or a storage path that is not a folder.
const UNWRITABLE = new Set(['EROFS', 'EACCES', 'EPERM', 'ENOTDIR', 'EEXIST', 'EISDIR']);

export class StorageError extends HttpError {
  constructor(
    readonly failure: StorageFailure,
    options?: { cause?: unknown },
  ) {
    super(507, MESSAGES[failure]);
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
