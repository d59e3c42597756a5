// The open editor's state. Every change is written to the local draft (debounced), so a reload
// or a closed tab loses nothing; until that write is done the form counts as unsaved work (the
// "Nouvelle version disponible" reload warns about it).
import { useCallback, useEffect, useRef, useState } from 'react';
import { onMutationDone } from '../../../data/outbox';
import { markUnsaved } from '../../../data/unsaved';
import { toastError } from '../../../lib/toast';
import { writeDraft } from '../api/drafts';
import type { ValidateAnswer } from '../api/invoice-actions';
import { sameSent, saveKind } from '../save-plan';
import type { EditorForm, EditorState } from '../types';

export const DRAFT_DELAY_MS = 400;
const UNSAVED_KEY = 'invoice-editor';
export const STORAGE_FULL = 'Espace de stockage plein : le brouillon n’a pas pu être enregistré sur cet appareil.';

export interface EditorStateApi {
  state: EditorState;
  /** A user change of the form: marks it dirty and schedules the draft write. */
  change: (fn: (form: EditorForm) => EditorForm) => void;
  /** The outcome of a save/validation: replaces the state without counting as a user change. */
  replace: (fn: (s: EditorState) => EditorState) => void;
  /** Writes the draft now (before leaving, before a save). */
  flush: () => Promise<void>;
  /** The latest state, for async actions that outlive a render. */
  get: () => EditorState;
}

export function useEditorState(initial: EditorState, companyId: number): EditorStateApi {
  const [state, setState] = useState(initial);
  // Every update goes through `update`, which keeps `latest` current for the async actions (get,
  // the draft's write): no ref is written during render (react-compiler/refs).
  const latest = useRef(state);
  const update = useCallback((fn: (s: EditorState) => EditorState) => {
    latest.current = fn(latest.current);
    setState(latest.current);
  }, []);
  const unwritten = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const write = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!unwritten.current) return;
    unwritten.current = false;
    const ok = await writeDraft(companyId, latest.current).catch(() => false);
    if (!ok) toastError(STORAGE_FULL);
    if (!unwritten.current) markUnsaved(UNSAVED_KEY, false);
  }, [companyId]);

  const change = useCallback(
    (fn: (form: EditorForm) => EditorForm) => {
      update((s) => ({ ...s, form: fn(s.form), dirty: true }));
      unwritten.current = true;
      markUnsaved(UNSAVED_KEY, true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void write(), DRAFT_DELAY_MS);
    },
    [write, update],
  );

  // Leaving the screen or hiding the tab writes what is pending at once.
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void write();
    };
    const onPageHide = () => void write();
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      void write();
      markUnsaved(UNSAVED_KEY, false);
    };
  }, [write]);

  // A change of this document queued earlier reached the server in the background.
  const docKey = state.docKey;
  const kind = state.kind;
  useEffect(() => {
    if (!docKey) return;
    return onMutationDone((entry, response) => {
      if (entry.docKey !== docKey) return;
      if (entry.kind === saveKind(kind)) {
        const doc = response as { number?: string | null; version?: number };
        // The next save starts from the version this one produced (decision 010).
        const version = (s: EditorState) => (typeof doc.version === 'number' ? doc.version : s.version);
        update((s) =>
          sameSent(s.sent, entry.body)
            ? { ...s, sent: null, number: doc.number ?? s.number, version: version(s) }
            : { ...s, version: version(s) },
        );
      } else if (entry.kind === 'invoice.validate') {
        const answer = response as ValidateAnswer;
        update((s) => ({
          ...s,
          validated: true,
          number: answer.invoice.number,
          validationQueued: false,
          docId: answer.invoice.id,
          dirty: false,
          sent: null,
        }));
      }
    });
  }, [docKey, kind, update]);

  // A customer created offline got its number from the server: the form names it by that number
  // from now on (the local draft is rewritten by data/resolved-refs.ts).
  useEffect(
    () =>
      onMutationDone((entry, response) => {
        const number = entry.idField ? (response as Record<string, unknown> | null)?.[entry.idField] : undefined;
        if (!entry.createsTempId || typeof number !== 'string') return;
        update((s) =>
          s.form.accountNumber === entry.createsTempId ? { ...s, form: { ...s.form, accountNumber: number } } : s,
        );
      }),
    [update],
  );

  const flush = useCallback(() => write(), [write]);
  const get = useCallback(() => latest.current, []);
  return { state, change, replace: update, flush, get };
}
