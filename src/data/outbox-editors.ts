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
