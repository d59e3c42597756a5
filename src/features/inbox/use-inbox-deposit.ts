import { useEffect, useRef, useState } from 'react';
import { discardOutboxEntry, onMutationDone, retryOutboxEntry } from '../../data/outbox';
import { useOutboxEntries } from '../../data/outbox-hooks';
import { depositFile } from './api/upload-to-inbox';
import { addFiles, patchItem, removeItem, sendable, type UploadItem } from './upload-queue';

export type DepositOutcome = { done: number; queued: number };

/**
 * The deposit screen's files. Every file is written to the outbox before any request: online it is
 * sent at once with a progress bar; offline, or when the connection drops, it waits on the device
 * ("En attente d’envoi") and the outbox replayer deposits it once the network is back.
 */
export function useInboxDeposit() {
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const patch = (key: string, p: Partial<UploadItem>) => setItems((list) => patchItem(list, key, p));

  // A queued file sent by the replayer (this tab) is deposited.
  useEffect(
    () =>
      onMutationDone((entry) => {
        setItems((list) =>
          list.map((i) =>
            i.entryId === entry.id ? { ...i, state: 'done', entryId: null, loaded: i.total, message: null } : i,
          ),
        );
      }),
    [],
  );

  // The outbox is the truth for queued files: refused during a replay, retried or abandoned in the
  // sync panel. Only entries already seen can be "gone" (a live list may lag behind a new entry).
  const entries = useOutboxEntries();
  const seen = useRef(new Set<string>());
  useEffect(() => {
    if (!entries) return;
    const byId = new Map(entries.map((e) => [e.id, e]));
    for (const id of byId.keys()) seen.current.add(id);
    setItems((list) => {
      let changed = false;
      const next = list.flatMap((i) => {
        if (!i.entryId) return [i];
        const e = byId.get(i.entryId);
        // Abandoned in the sync panel, or deposited by another tab: no longer this screen's business.
        if (!e) return seen.current.has(i.entryId) ? ((changed = true), []) : [i];
        if (e.state === 'failed' && i.state !== 'failed')
          return ((changed = true), [{ ...i, state: 'failed' as const, message: e.lastError?.message ?? null }]);
        if (e.state !== 'failed' && i.state === 'failed')
          return ((changed = true), [{ ...i, state: 'queued' as const, message: null }]);
        return [i];
      });
      return changed ? next : list;
    });
  }, [entries]);

  async function sendOne(
    item: UploadItem,
    categoryId: number,
    companyId: number,
  ): Promise<'done' | 'queued' | 'other'> {
    const controller = new AbortController();
    controllers.current.set(item.key, controller);
    patch(item.key, { state: 'preparing', loaded: 0, message: null });
    const result = await depositFile(item.file, categoryId, companyId, {
      signal: controller.signal,
      onStart: () => patch(item.key, { state: 'uploading' }),
      onProgress: (loaded, total) => patch(item.key, { loaded, total: total || item.file.size }),
    });
    controllers.current.delete(item.key);
    if (result.status === 'done') {
      patch(item.key, { state: 'done', loaded: item.file.size });
      return 'done';
    }
    if (controller.signal.aborted) {
      // Cancelled before its turn came and left queued by a drain that stopped early: drop it too.
      if (result.status === 'queued') await discardOutboxEntry(result.entryId);
      patch(item.key, { state: 'cancelled', message: null });
      return 'other';
    }
    if (result.status === 'queued') {
      patch(item.key, { state: 'queued', entryId: result.entryId });
      return 'queued';
    }
    patch(item.key, { state: 'failed', message: result.message });
    return 'other';
  }

  /** Stores then sends every sendable file; resolves with how many were deposited and queued. */
  async function depositAll(categoryId: number, companyId: number): Promise<DepositOutcome> {
    const outcomes = await Promise.all(sendable(items).map((item) => sendOne(item, categoryId, companyId)));
    return { done: outcomes.filter((o) => o === 'done').length, queued: outcomes.filter((o) => o === 'queued').length };
  }

  return {
    items,
    add: (files: File[]) => setItems((list) => addFiles(list, files, () => crypto.randomUUID())),
    depositAll,
    /** Stops a file on its way (its entry leaves the outbox). */
    cancel: (key: string) => controllers.current.get(key)?.abort(),
    /** A file the outbox holds: false while it is being sent (its outcome is unknown). */
    discard: async (item: UploadItem): Promise<boolean> => {
      if (item.entryId && !(await discardOutboxEntry(item.entryId))) return false;
      setItems((list) => removeItem(list, item.key));
      return true;
    },
    remove: (key: string) => setItems((list) => removeItem(list, key)),
    retry: (item: UploadItem) => {
      if (item.entryId) {
        patch(item.key, { state: 'queued', message: null });
        void retryOutboxEntry(item.entryId);
      } else patch(item.key, { state: 'ready', message: null, loaded: 0 });
    },
  };
}
