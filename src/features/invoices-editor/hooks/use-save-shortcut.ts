import { useEffect, useEffectEvent } from 'react';

/** « Ctrl + S » on Windows and Linux, « ⌘ S » on a Mac: what the save button's title says. */
export const SAVE_SHORTCUT_LABEL =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘ S' : 'Ctrl + S';

/**
 * Ctrl+S (⌘S on a Mac) saves the document being edited, as in an office suite: the browser's own
 * « Enregistrer la page sous » is of no use here, so it is never shown while an editor is open.
 * `save` is null while « Enregistrer » is not offered or is busy: the keys then do nothing. Not from
 * inside a dialog (a payment, the PDF), whose own form has the focus.
 */
export function useSaveShortcut(save: (() => void) | null): void {
  const saveNow = useEffectEvent(() => save?.());
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== 's') return;
      e.preventDefault();
      if (e.target instanceof Element && e.target.closest('[role="dialog"]')) return;
      saveNow();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
