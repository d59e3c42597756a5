import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../domain/uploads';
import { addFiles, depositButtonLabel, patchItem, percent, removeItem, sendable } from './upload-queue';

let n = 0;
const key = () => `k${++n}`;
const file = (name: string, size: number, type: string) => {
  const f = new File(['x'], name, { type, lastModified: 1 });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('upload queue', () => {
  it('checks each file before sending, with the French messages of INBOX-1 and INBOX-2', () => {
    const items = addFiles(
      [],
      [
        file('bilan.pdf', 1000, 'application/pdf'),
        file('gros.pdf', MAX_UPLOAD_BYTES + 1, 'application/pdf'),
        file('virus.exe', 10, 'application/x-msdownload'),
      ],
      key,
    );
    expect(items.map((i) => i.state)).toEqual(['ready', 'invalid', 'invalid']);
    expect(items[1].message).toBe('Le fichier « gros.pdf » dépasse la taille maximale de 50 Mo.');
    expect(items[2].message).toMatch(/^Le type du fichier « virus.exe » n'est pas autorisé/);
    expect(addFiles([], [file('limite.pdf', MAX_UPLOAD_BYTES, 'application/pdf')], key)[0].state).toBe('ready');
  });

  it('does not add the same waiting file twice, but accepts it again once deposited', () => {
    const f = file('a.pdf', 10, 'application/pdf');
    const once = addFiles([], [f], key);
    expect(addFiles(once, [f], key)).toHaveLength(1);
    expect(addFiles(patchItem(once, once[0].key, { state: 'done' }), [f], key)).toHaveLength(2);
  });

  it('tracks progress and what can be sent', () => {
    const [a, b] = addFiles([], [file('a.pdf', 200, 'application/pdf'), file('b.png', 10, 'image/png')], key);
    expect(percent({ ...a, state: 'uploading', loaded: 100, total: 200 })).toBe(50);
    expect(percent({ ...a, state: 'uploading', loaded: 200, total: 200 })).toBe(99);
    expect(percent({ ...a, state: 'done' })).toBe(100);
    const items = patchItem([a, b], b.key, { state: 'failed' });
    expect(sendable(items).map((i) => i.key)).toEqual([a.key, b.key]);
    expect(sendable(patchItem(items, a.key, { state: 'uploading' })).map((i) => i.key)).toEqual([b.key]);
    expect(removeItem(items, a.key)).toHaveLength(1);
    // A file the outbox still holds (queued, or refused in a background replay) is not sent again from here.
    expect(sendable(patchItem(items, b.key, { entryId: 'e1' })).map((i) => i.key)).toEqual([a.key]);
    expect(sendable(patchItem(items, a.key, { state: 'queued', entryId: 'e2' })).map((i) => i.key)).toEqual([b.key]);
  });

  it('labels the button with the number of files', () => {
    expect(depositButtonLabel(1)).toBe('Déposer le fichier');
    expect(depositButtonLabel(3)).toBe('Déposer les 3 fichiers');
  });
});
