// App-wide reactions to the outbox for quotes and invoices (installed by the routes, before any
// editor opens): "Modifier" in the sync panel opens the document's editor, and a change the
// server confirmed in a background replay updates the local copies and retires the draft that
// held exactly what was sent (a draft edited since stays: it holds newer work).
import { onMutationDone, registerOutboxEditor, registerOutboxReloader, type OutboxEntry } from '../../data/outbox';
import { loadBusinessDocument } from './api/business-documents';
import { sameSent } from './save-plan';
import { confirmedDocument, refreshListSoon } from './api/cache-updates';
import { deleteDraftKey, draftsOfDocKey, writeDraft } from './api/drafts';
import type { ValidateAnswer } from './api/invoice-actions';
import type { EditorKind, EditorState, InvoiceJson, QuoteJson } from './types';

export type OpenEditor = (kind: EditorKind, id: string) => void;

/** 'invoice:12' / 'quote:tmp-…' → the id the editor route takes. */
export const idOfDocKey = (docKey: string) => docKey.slice(docKey.indexOf(':') + 1);

const EDITABLE: Record<string, EditorKind> = {
  'invoice.save': 'invoice',
  'invoice.validate': 'invoice',
  'invoice.send': 'invoice',
  'quote.save': 'quote',
  'quote.state': 'quote',
  'quote.convert': 'quote',
};

async function retireDrafts(entry: OutboxEntry, update: (d: EditorState) => EditorState | null): Promise<void> {
  for (const row of await draftsOfDocKey(entry.docKey)) {
    const next = update(row.data);
    if (next === row.data) continue;
    if (next === null) await deleteDraftKey(row.key);
    else await writeDraft(row.companyId, next);
  }
}

export async function onEditorMutationDone(entry: OutboxEntry, response: unknown): Promise<void> {
  const companyId = entry.companyId;
  switch (entry.kind) {
    case 'invoice.save':
    case 'quote.save': {
      const doc = response as InvoiceJson | QuoteJson;
      await confirmedDocument(entry.kind === 'invoice.save' ? 'invoices' : 'quotes', companyId, doc);
      // The draft's later saves start from the version this one produced.
      const version = typeof doc.version === 'number' ? doc.version : undefined;
      await retireDrafts(entry, (d) => {
        const same = sameSent(d.sent, entry.body);
        if (!d.dirty && same) return null;
        return same
          ? { ...d, sent: null, number: doc.number ?? d.number, version: version ?? d.version }
          : version === undefined
            ? d
            : { ...d, version };
      });
      return;
    }
    case 'invoice.validate': {
      await confirmedDocument('invoices', companyId, (response as ValidateAnswer).invoice);
      await retireDrafts(entry, () => null);
      return;
    }
    case 'quote.state': {
      const quote = response as QuoteJson;
      await confirmedDocument('quotes', companyId, quote);
      await retireDrafts(entry, (d) => ({ ...d, state: quote.state }));
      return;
    }
    case 'quote.convert': {
      await confirmedDocument('invoices', companyId, response as InvoiceJson);
      refreshListSoon('quotes', companyId);
      // The invoice drafted from the quote while offline: untouched since, the server's copy replaces it.
      if (entry.createsTempId)
        await retireDrafts({ ...entry, docKey: `invoice:${entry.createsTempId}` }, (d) =>
          !d.dirty && d.sent === null ? null : d,
        );
      return;
    }
    case 'invoice.send':
      refreshListSoon('invoices', companyId);
      return;
  }
}

/**
 * "Recharger la version du serveur" in the sync panel (a queued save refused: the draft was saved
 * elsewhere, decision 010): this device's drafts of the document go, the server's copy is cached.
 */
export async function reloadFromServer(entry: OutboxEntry): Promise<void> {
  await retireDrafts(entry, () => null);
  // The refused request's path names the server id (the outbox rewrote any temporary one).
  const id = Number(entry.path.split('/')[1]);
  if (!Number.isInteger(id)) return;
  const kind = entry.kind.startsWith('invoice') ? 'invoice' : 'quote';
  const loaded =
    kind === 'invoice'
      ? await loadBusinessDocument('invoice', entry.companyId, id)
      : await loadBusinessDocument('quote', entry.companyId, id);
  if (loaded.status === 'ok' && !loaded.fromCache)
    await confirmedDocument(kind === 'invoice' ? 'invoices' : 'quotes', entry.companyId, loaded.doc);
}

let installed: (() => void) | null = null;

export function installEditorSync(open: OpenEditor): () => void {
  if (installed) return installed;
  const offs = [
    onMutationDone((entry, response) => {
      if (entry.kind in EDITABLE) void onEditorMutationDone(entry, response).catch(() => undefined);
    }),
    ...Object.entries(EDITABLE).map(([kind, editor]) =>
      registerOutboxEditor(kind, (entry) => open(editor, idOfDocKey(entry.docKey))),
    ),
    registerOutboxReloader('invoice.save', reloadFromServer),
    registerOutboxReloader('quote.save', reloadFromServer),
  ];
  installed = () => {
    offs.forEach((off) => off());
    installed = null;
  };
  return installed;
}
