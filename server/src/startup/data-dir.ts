import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { StartupError } from './startup-error';

/**
 * Creates DATA_DIR (and the given subfolders) if needed and proves each one writable by writing
 * a file in it. fs.access(W_OK) would not do: it says yes to root on a read-only mount and on
 * folders whose files belong to another user.
 */
export function ensureWritableDirs(dataDir: string, subfolders: string[] = []): void {
  for (const folder of [dataDir, ...subfolders.map((s) => join(dataDir, s))]) {
    const path = resolve(folder);
    try {
      mkdirSync(path, { recursive: true });
      const probe = join(path, `.ecriture-${process.pid}`);
      closeSync(openSync(probe, 'w'));
      rmSync(probe, { force: true });
    } catch (error) {
      throw new StartupError(unwritableMessage(path, error));
    }
  }
}

export function unwritableMessage(path: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const head = `Le dossier de données « ${path} » est inutilisable`;
  const user = typeof process.getuid === 'function' ? ` (utilisateur ${process.getuid()})` : '';
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return `${head} : permission d’écriture refusée${user}. Donnez le droit d’écriture sur ce dossier (chown/chmod) ou choisissez un autre DATA_DIR.`;
    case 'EROFS':
      return `${head} : il se trouve sur un système de fichiers en lecture seule. Choisissez un DATA_DIR accessible en écriture.`;
    case 'ENOTDIR':
    case 'EEXIST':
      return `${head} : un élément du chemin est un fichier, pas un dossier. Choisissez un autre DATA_DIR.`;
    case 'ENOSPC':
      return `${head} : le disque est plein. Libérez de la place puis redémarrez.`;
    default:
      return `${head} : ${(error as Error).message}`;
  }
}

/** Writes a whole small file with exclusive creation ('wx'): fails with EEXIST if it exists. */
export function createExclusive(path: string, content: string): void {
  const fd = openSync(path, 'wx');
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
}
