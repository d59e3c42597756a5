// Local drafts (Dexie table `drafts`): the editor writes its whole state there from the first
// keystroke, so a reload, a crash or a day offline loses nothing. A draft leaves only once the
// server has confirmed what it holds (sync-hooks.ts, save outcomes).
import { currentDb, type CachedRow, type DraftRow } from '../../../data/db';
import { resolveId } from '../../../data/outbox';
import { isQuotaError } from '../../../data/quota';
import { isTempId } from '../../../data/temp-ids';
import type { EntryView } from '../save-plan';
import type { EditorKind, EditorState } from '../types';

/** One draft per company, kind and slot ('new', 'avoir-<id>' or the document id). */
export const draftKey = (companyId: number, kind: EditorKind, slot: string) => `${kind}:${companyId}:${slot}`;

export async function readDraft(companyId: number, kind: EditorKind, slot: string): Promise<EditorState | null> {
  const row = await currentDb()?.drafts.get(draftKey(companyId, kind, slot));
  return (row?.data as EditorState | undefined) ?? null;
}

/** false when the device refused (storage full): the caller says so, the form keeps its state. */
export async function writeDraft(companyId: number, state: EditorState, previousSlot?: string): Promise<boolean> {
  const db = currentDb();
  if (!db) return false;
  const row: DraftRow<EditorState> = {
    key: draftKey(companyId, state.kind, state.slot),
    companyId,
    kind: state.kind,
    data: state,
    updatedAt: Date.now(),
  };
  try {
    await db.transaction('rw', db.drafts, async () => {
      if (previousSlot !== undefined && previousSlot !== state.slot)
        await db.drafts.delete(draftKey(companyId, state.kind, previousSlot));
      await db.drafts.put(row);
    });
    return true;
  } catch (error) {
    if (isQuotaError(error)) return false;
    throw error;
  }
}

export async function deleteDrafts(
  companyId: number,
  kind: EditorKind,
  slots: Array<string | null | undefined>,
): Promise<void> {
  const keys = [...new Set(slots.filter((s): s is string => !!s))].map((s) => draftKey(companyId, kind, s));
  await currentDb()?.drafts.bulkDelete(keys);
}

export async function deleteDraftKey(key: string): Promise<void> {
  await currentDb()?.drafts.delete(key);
}

/** The drafts of a document, found by its outbox ordering key (any slot). */
export async function draftsOfDocKey(docKey: string): Promise<DraftRow<EditorState>[]> {
  const db = currentDb();
  if (!db) return [];
  return (await db.drafts.toArray()).filter(
    (r) => (r.data as EditorState | undefined)?.docKey === docKey,
  ) as DraftRow<EditorState>[];
}

/** The detail of a document opened recently on this device (offline reading). */
export async function readCachedDetail<T>(
  table: 'invoices' | 'quotes',
  companyId: number,
  id: string | number,
): Promise<T | null> {
  const row = await currentDb()?.table<CachedRow>(table).get([companyId, id]);
  return (row?.detail as T | undefined) ?? null;
}

/** The outbox entries of a document: same ordering key, or the one creating its temporary id. */
export async function entriesOfDocument(docKey: string | null, tempId: string | null): Promise<EntryView[]> {
  const db = currentDb();
  if (!db) return [];
  const byKey = docKey ? await db.outbox.where('docKey').equals(docKey).toArray() : [];
  const byCreator = tempId ? await db.outbox.where('createsTempId').equals(tempId).toArray() : [];
  const seen = new Map([...byKey, ...byCreator].map((e) => [e.id, e]));
  return [...seen.values()].map((e) => ({
    id: e.id,
    state: e.state,
    kind: e.kind,
    docKey: e.docKey,
    createsTempId: e.createsTempId,
  }));
}

/** A draft kept under a temporary id whose document the server has created since. */
export async function draftOfResolved(companyId: number, kind: EditorKind, id: number): Promise<EditorState | null> {
  const db = currentDb();
  if (!db) return null;
  const prefix = draftKey(companyId, kind, 'tmp-');
  for (const row of await db.drafts.where('key').startsWith(prefix).toArray()) {
    const d = row.data as EditorState;
    if (isTempId(d.docId) && (await resolveId(d.docId)) === id) return d;
  }
  return null;
}
