// Screens say when a form holds changes not yet written anywhere (not even in the local draft), so
// "Recharger" for a new version can warn instead of losing them.
import { atom } from 'jotai';
import { store } from '../lib/session';

export const unsavedWorkAtom = atom<ReadonlySet<string>>(new Set<string>());

/** key: any stable name of the form (e.g. 'invoice-editor'); dirty: it holds unsaved input. */
export function markUnsaved(key: string, dirty: boolean): void {
  const next = new Set(store.get(unsavedWorkAtom));
  if (dirty) next.add(key);
  else next.delete(key);
  store.set(unsavedWorkAtom, next);
}
