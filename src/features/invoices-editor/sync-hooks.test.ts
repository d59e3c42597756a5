import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeUserDb, currentDb, deleteUserDb } from '../../data/db';
import type { OutboxEntry } from '../../data/outbox-types';
import { setSession, type UserProfile } from '../../lib/session';
import { writeDraft } from './api/drafts';
import { emptyForm, newEditorState } from './editor-model';
import { idOfDocKey, installEditorSync, onEditorMutationDone } from './sync-hooks';
import { getOutboxEditor } from '../../data/outbox';
import type { EditorState } from './types';

// What a background replay does to the device's copies once the server confirmed a change.

const TMP = 'tmp-3f2a0c1e-1111-4222-8333-444455556666';
let userId = 7000;

beforeEach(() => {
  const memory = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => memory.set(k, v),
    removeItem: (k: string) => memory.delete(k),
    clear: () => memory.clear(),
  });
  userId += 1;
  setSession({
    token: 't',
    profile: {
      id: userId,
      name: 'T',
      firstName: 'T',
      username: 't',
      userType: 2,
      userCompanies: [],
      userLastCompany: 1,
      appRights: [],
      categories: [],
      categoriesInbox: [],
    } satisfies UserProfile,
  });
});
afterEach(async () => {
  closeUserDb();
  await deleteUserDb(userId);
  vi.unstubAllGlobals();
});

const entry = (over: Partial<OutboxEntry>): OutboxEntry => ({
  id: 'e1',
  seq: 1,
  createdAt: 0,
  updatedAt: 0,
  state: 'sending',
  method: 'POST',
  path: 'estimates',
  companyId: 1,
  docKey: `quote:${TMP}`,
  label: 'x',
  kind: 'quote.save',
  idempotencyKey: 'k',
  attempts: 0,
  nextAttemptAt: 0,
  ...over,
});
const draft = (over: Partial<EditorState>): EditorState => ({
  ...newEditorState('quote', TMP, emptyForm('quote', '2026-11-21')),
  docId: TMP,
  docKey: `quote:${TMP}`,
  ...over,
});

describe('editor sync on confirmed changes', () => {
  it('a save confirmed in the background retires the draft that held exactly it; newer work stays', async () => {
    const body = { designation: 'Devis' };
    const sent = JSON.stringify(body);
    await writeDraft(1, draft({ sent }));
    await writeDraft(1, draft({ slot: 'other', sent, dirty: true }));
    await writeDraft(1, draft({ slot: 'unrelated', docKey: 'quote:99', sent }));
    await onEditorMutationDone(entry({ body, createsTempId: TMP }), {
      id: 41,
      number: 'D2026-0009',
      state: 'En cours',
    });
    const db = currentDb()!;
    const rows = await db.drafts.toArray();
    expect(rows.map((r) => r.key).sort()).toEqual(['quote:1:other', 'quote:1:unrelated']);
    expect(rows.find((r) => r.key === 'quote:1:other')?.data).toMatchObject({
      sent: null,
      number: 'D2026-0009',
      dirty: true,
    });
    expect((await db.quotes.get([1, 41]))?.detail).toMatchObject({ id: 41, number: 'D2026-0009' });
  });

  it('a validation confirmed in the background retires the invoice draft; a conversion retires the untouched drafted invoice', async () => {
    await writeDraft(1, {
      ...draft({ kind: 'invoice', docKey: 'invoice:12', slot: '12', docId: 12 }),
      validationQueued: true,
    });
    await onEditorMutationDone(entry({ kind: 'invoice.validate', docKey: 'invoice:12', method: 'PUT' }), {
      file: '',
      fileName: 'f.pdf',
      invoice: { id: 12, number: 'F2026-0010', validated: true },
    });
    expect(await currentDb()!.drafts.count()).toBe(0);
    expect((await currentDb()!.invoices.get([1, 12]))?.detail).toMatchObject({ validated: true });

    await writeDraft(1, draft({ kind: 'invoice', slot: TMP, docKey: `invoice:${TMP}` }));
    await onEditorMutationDone(entry({ kind: 'quote.convert', docKey: 'quote:5', createsTempId: TMP }), {
      id: 77,
      number: null,
    });
    expect(await currentDb()!.drafts.count()).toBe(0);
  });

  it('"Modifier" in the sync panel opens the document of the change', () => {
    expect(idOfDocKey(`invoice:${TMP}`)).toBe(TMP);
    const opened: Array<[string, string]> = [];
    const uninstall = installEditorSync((kind, id) => opened.push([kind, id]));
    getOutboxEditor('invoice.save')?.(entry({ kind: 'invoice.save', docKey: `invoice:${TMP}` }));
    getOutboxEditor('invoice.validate')?.(entry({ kind: 'invoice.validate', docKey: 'invoice:12' }));
    getOutboxEditor('quote.save')?.(entry({ kind: 'quote.save', docKey: 'quote:7' }));
    expect(opened).toEqual([
      ['invoice', TMP],
      ['invoice', '12'],
      ['quote', '7'],
    ]);
    uninstall();
    expect(getOutboxEditor('quote.save')).toBeUndefined();
  });
});
