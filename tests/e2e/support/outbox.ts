// Puts changes straight into the signed-in user's outbox (IndexedDB 'workplace-<userId>', store
// 'outbox'), as a tab that queued them offline and was closed would leave them. The app picks them
// up on its next start (or 'online' event) like any queued change.
import type { Page } from 'playwright-core';

export interface RawChange {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  companyId: number;
  docKey: string;
  label: string;
  kind: string;
}

export async function queueRawChanges(page: Page, changes: RawChange[]): Promise<string[]> {
  return page.evaluate(async (list) => {
    const userId = JSON.parse(localStorage.getItem('workplace.session') ?? 'null')?.profile?.id;
    if (userId == null) throw new Error('not signed in');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(`workplace-${userId}`);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const keys: string[] = [];
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('outbox', 'readwrite');
      const store = tx.objectStore('outbox');
      const now = Date.now();
      const last = store.index('seq').openCursor(null, 'prev');
      last.onsuccess = () => {
        let seq = (last.result?.value.seq as number | undefined) ?? 0;
        for (const c of list) {
          const key = crypto.randomUUID();
          keys.push(key);
          store.add({
            ...c,
            id: crypto.randomUUID(),
            seq: ++seq,
            createdAt: now,
            updatedAt: now,
            state: 'pending',
            idempotencyKey: key,
            attempts: 0,
            nextAttemptAt: 0,
          });
        }
      };
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
    return keys;
  }, changes);
}

export async function outboxCount(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const userId = JSON.parse(localStorage.getItem('workplace.session') ?? 'null')?.profile?.id;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(`workplace-${userId}`);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const count = await new Promise<number>((resolve) => {
      const req = db.transaction('outbox').objectStore('outbox').count();
      req.onsuccess = () => resolve(req.result);
    });
    db.close();
    return count;
  });
}
