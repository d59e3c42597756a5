// "Modifier" in the sync panel: the screen that owns a kind of change registers how to open it
// (usually navigate to the draft). Kinds without an editor show no "Modifier" button.
import type { OutboxEntry } from './outbox-types';

export type OutboxEditor = (entry: OutboxEntry) => void;
const editors = new Map<string, OutboxEditor>();

export function registerOutboxEditor(kind: string, editor: OutboxEditor): () => void {
  editors.set(kind, editor);
  return () => {
    if (editors.get(kind) === editor) editors.delete(kind);
  };
}

export const getOutboxEditor = (kind: string): OutboxEditor | undefined => editors.get(kind);

/**
 * "Recharger la version du serveur" (a save refused because the draft changed elsewhere): the
 * screen that owns the kind drops its local draft and fetches the server's copy.
 */
export type OutboxReloader = (entry: OutboxEntry) => Promise<void>;
const reloaders = new Map<string, OutboxReloader>();

export function registerOutboxReloader(kind: string, reloader: OutboxReloader): () => void {
  reloaders.set(kind, reloader);
  return () => {
    if (reloaders.get(kind) === reloader) reloaders.delete(kind);
  };
}

export const getOutboxReloader = (kind: string): OutboxReloader | undefined => reloaders.get(kind);
