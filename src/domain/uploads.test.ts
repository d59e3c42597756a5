import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  ALLOWED_UPLOAD_EXTENSIONS,
  ALLOWED_UPLOAD_TYPES,
  MAX_UPLOAD_BYTES,
  UPLOAD_TYPE_BY_EXTENSION,
  checkUpload,
  checkUploadContent,
  fileExtension,
  sanitizeFileName,
} from './uploads';

const refused = (name: string) =>
  `Le type du fichier « ${name} » n'est pas autorisé. Types acceptés : PDF, images (JPEG, PNG, GIF), texte, CSV, RTF, Word, OpenDocument, Excel.`;

describe('upload constants (INBOX-1, INBOX-2)', () => {
  it('limit and the twelve authorised kinds', () => {
    expect(MAX_UPLOAD_BYTES).toBe(52428800);
    for (const t of [
      'text/plain',
      'text/csv',
      'image/gif',
      'image/jpeg',
      'image/png',
      'application/pdf',
      'application/rtf',
      'text/rtf',
      'application/msword',
      'application/vnd.oasis.opendocument.text',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]) {
      expect(ALLOWED_UPLOAD_TYPES).toContain(t);
    }
    expect(ALLOWED_UPLOAD_TYPES).toHaveLength(13);
    expect(ALLOWED_UPLOAD_EXTENSIONS).toEqual(
      expect.arrayContaining(['txt', 'csv', 'pdf', 'jpg', 'jpeg', 'docx', 'xlsx', 'odt', 'rtf', 'doc', 'xls']),
    );
  });
});

describe('checkUpload', () => {
  it('accepts the size limit exactly, refuses one byte more', () => {
    expect(checkUpload({ name: 'bilan.pdf', size: MAX_UPLOAD_BYTES, type: 'application/pdf' })).toBeNull();
    expect(checkUpload({ name: 'bilan.pdf', size: MAX_UPLOAD_BYTES + 1, type: 'application/pdf' })).toBe(
      'Le fichier « bilan.pdf » dépasse la taille maximale de 50 Mo.',
    );
  });

  it('accepts each extension with its own type', () => {
    for (const [ext, type] of Object.entries(UPLOAD_TYPE_BY_EXTENSION)) {
      expect(checkUpload({ name: `f.${ext.toUpperCase()}`, size: 10, type })).toBeNull();
    }
  });

  it('tolerates what browsers really declare for accepted extensions', () => {
    expect(checkUpload({ name: 'ventes.csv', size: 10, type: 'application/vnd.ms-excel' })).toBeNull();
    expect(checkUpload({ name: 'ventes.csv', size: 10, type: '' })).toBeNull();
    expect(checkUpload({ name: 'note.txt', size: 10, type: 'text/plain; charset=utf-8' })).toBeNull();
    expect(checkUpload({ name: 'x.docx', size: 10, type: 'application/octet-stream' })).toBeNull();
  });

  it('refuses other types and other extensions', () => {
    expect(checkUpload({ name: 'setup.exe', size: 10, type: 'application/x-msdownload' })).toBe(refused('setup.exe'));
    expect(checkUpload({ name: 'setup.exe', size: 10, type: 'application/pdf' })).toBe(refused('setup.exe'));
    expect(checkUpload({ name: 'page.pdf', size: 10, type: 'text/html' })).toBe(refused('page.pdf'));
    expect(checkUpload({ name: 'pdf', size: 10, type: 'application/pdf' })).toBe(refused('pdf'));
    expect(checkUpload({ name: 'gros.exe', size: MAX_UPLOAD_BYTES * 2, type: '' })).toBe(refused('gros.exe'));
  });

  it('checkUploadContent judges bytes, not the declared type', () => {
    const pdf = new TextEncoder().encode('%PDF-1.7\n');
    expect(checkUploadContent(pdf, 'a.pdf', 9)).toBeNull();
    expect(checkUploadContent(new Uint8Array([0x4d, 0x5a, 0x90, 0]), 'a.pdf', 4)).toBe(refused('a.pdf'));
    expect(checkUploadContent(pdf, 'a.pdf', MAX_UPLOAD_BYTES + 1)).toMatch(/dépasse la taille maximale/);
  });
});

describe('fileExtension', () => {
  it('reads the last extension in lower case', () => {
    expect(fileExtension('Bilan.2026.PDF')).toBe('pdf');
    expect(fileExtension('.bashrc')).toBe('');
    expect(fileExtension('C:\\docs\\a.txt')).toBe('txt');
    expect(fileExtension('sans')).toBe('');
  });
});

describe('sanitizeFileName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\moi\\Bilan 2026.pdf', 'Bilan 2026.pdf'],
    ['..\\..\\secret.txt', 'secret.txt'],
    ['.htaccess', 'htaccess'],
    ['  facture  .pdf  ', 'facture  .pdf'],
    ['a<b>c:d"e|f?g*h.pdf', 'abcdefgh.pdf'],
    ['fi\u0000ch\u001fier\u007f.pdf', 'fichier.pdf'],
    ['rapport.pdf...', 'rapport.pdf'],
    ['', 'fichier'],
    ['...', 'fichier'],
    ['/', 'fichier'],
    ['<>:"|?*', 'fichier'],
    ['Re\u0301sume\u0301.pdf', 'Résumé.pdf'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it('drops bidi overrides, isolates, marks and other invisible format characters', () => {
    // Displayed as "factureexe.pdf" before: the override reverses what follows it.
    expect(sanitizeFileName('facture\u202Efdp.exe')).toBe('facturefdp.exe');
    for (const c of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
      '\u200B',
      '\u2060',
      '\uFEFF',
      '\u00AD',
      '\u2028',
      '\u2029',
      '\u{E0041}',
    ]) {
      expect(sanitizeFileName(`re${c}levé${c}.pdf`), `U+${c.codePointAt(0)!.toString(16)}`).toBe('relevé.pdf');
    }
    expect(sanitizeFileName('\u202E\u2066.pdf')).toBe('pdf');
    // Joiners spell words of some scripts and emoji sequences: kept.
    expect(sanitizeFileName('\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645.pdf')).toBe(
      '\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645.pdf',
    );
    expect(sanitizeFileName('famille-👨\u200D👩\u200D👧.png')).toBe('famille-👨\u200D👩\u200D👧.png');
  });

  it('cuts to 200 characters and keeps the extension', () => {
    const s = sanitizeFileName(`${'a'.repeat(300)}.docx`);
    expect(s).toHaveLength(200);
    expect(s.endsWith('.docx')).toBe(true);
    const emoji = sanitizeFileName(`${'😀'.repeat(250)}.pdf`);
    expect(Array.from(emoji)).toHaveLength(200);
    expect(emoji.endsWith('😀.pdf')).toBe(true);
  });

  // Mostly the characters the function must remove or keep whole (separators, reserved, controls, bidi
  // overrides, lone surrogate, emoji), with any code point now and then. fast-check's 'binary' unit alone
  // costs 0.8 s for 100 names of 400 characters, and timed out on a loaded CI machine.
  const trickyChar = fc.constantFrom(
    ...['a', 'Z', 'é', '😀', '.', ' ', '\t', '\n', '/', '\\', '<', '>', ':', '"', '|', '?', '*'],
    ...['\u0000', '\u001f', '\u007f', '\u0085', '\u202e', '\u2066', '\u200e', '\u200f', '\u2028', '\ud800'],
  );
  const nameChar = fc.oneof(
    { weight: 4, arbitrary: trickyChar },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  );

  it('always yields a short, harmless, non-empty name', () => {
    fc.assert(
      fc.property(fc.string({ unit: nameChar, maxLength: 400 }), (name) => {
        const s = sanitizeFileName(name);
        expect(s.length).toBeGreaterThan(0);
        expect(Array.from(s).length).toBeLessThanOrEqual(200);
        expect(s).not.toMatch(/[/\\<>:"|?*\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069\u200e\u200f]/);
        expect(s.startsWith('.')).toBe(false);
      }),
    );
  });
});
