import { searchKey } from '../../../../src/domain/search-text';
import { controlCharMessage, hasForbiddenChar } from '../../http/control-chars';

// The FEC reader (decision 039): fed the file's bytes chunk by chunk as they arrive, it decodes,
// splits, checks and hands back the accepted lines at once, so the file is never held whole. The
// checks are those of DGFiP's Test Compta Demat (shared/design/modules-stack-notes.md, part A).
// Pure: no I/O; the importer (import.ts) writes what it returns. A line holding NUL or another
// control character (decision 009's rule for text; PostgreSQL cannot store NUL) is a fault naming
// its column, checked before anything else reads the line, so no message ever echoes it.

export const MAX_REPORTED_FAULTS = 100;
const CONTROL_CHAR_LINE = 'La ligne contient un caractère de contrôle ou invalide, non autorisé.';

export interface FecLine {
  lineNo: number;
  journal: string;
  journalLabel: string;
  entryNumber: string;
  date: string;
  account: string;
  accountLabel: string;
  auxAccount: string | null;
  auxLabel: string | null;
  piece: string;
  pieceDate: string | null;
  label: string;
  debitCents: number;
  creditCents: number;
  lettering: string | null;
  letteringDate: string | null;
  validDate: string | null;
  searchText: string;
}

export interface FecFault {
  line: number;
  column: string | null;
  message: string;
}

export type FecEncoding = 'utf-8' | 'utf-8-bom' | 'iso-8859-15' | 'windows-1252';

export interface FecSummary {
  faults: FecFault[];
  faultCount: number;
  lines: number;
  entries: number;
  totalDebitCents: number;
  totalCreditCents: number;
  dateStart: string;
  dateEnd: string;
  encoding: FecEncoding;
  separator: string;
}

/** The 18 columns of art. A47 A-1 LPF, in order, as the file names them. */
export const FEC_COLUMNS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;
/** BNC/BA cash-basis files add these, in this order (up to 22 columns). */
const EXTRA_COLUMNS = ['DateRglt', 'ModeRglt', 'NatOp', 'IdClient'];

/** As Test Compta Demat compares names: case ignored, accents removed, other signs → `_`. */
export function normalizeColumn(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '_');
}

/** Reads the SIREN and closing date of a name `SIRENFECAAAAMMJJ[.txt|.csv]`; null when it does not follow it. */
export function parseFecFileName(fileName: string): { siren: string; closingDate: string } | null {
  const m = /^(\d{9})FEC(\d{4})(\d{2})(\d{2})(?:\.[A-Za-z]{3})?$/i.exec(fileName.trim());
  if (!m) return null;
  const date = `${m[2]}-${m[3]}-${m[4]}`;
  return validIsoDate(date) ? { siren: m[1]!, closingDate: date } : null;
}

function validIsoDate(iso: string): boolean {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  if (y < 1900 || y > 2099 || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** AAAAMMJJ (the norm); like DGFiP's tool also `/ - .` separators, JJMMAAAA and a time suffix. */
export function parseFecDate(text: string): string | null {
  const t = text.trim().replace(/[ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?$/, '');
  let m = /^(\d{4})[-/.]?(\d{2})[-/.]?(\d{2})$/.exec(t);
  if (m && Number(m[1]) >= 1900) {
    const iso = `${m[1]}-${m[2]}-${m[3]}`;
    if (validIsoDate(iso)) return iso;
  }
  m = /^(\d{2})[-/.]?(\d{2})[-/.]?(\d{4})$/.exec(t);
  if (m) {
    const iso = `${m[3]}-${m[2]}-${m[1]}`;
    if (validIsoDate(iso)) return iso;
  }
  return null;
}

/**
 * An amount as integer cents, from text: `,` or `.` decimal separator, a leading or trailing sign,
 * empty = 0. A thousands separator or more than 2 significant decimals is refused (null).
 */
export function parseFecAmount(text: string): number | null {
  const t = text.trim();
  if (t === '') return 0;
  const m = /^([+-]?)(\d+)(?:[.,](\d*))?([+-]?)$/.exec(t);
  if (!m || (m[1] && m[4])) return null;
  const decimals = (m[3] ?? '').replace(/0+$/, '');
  if (decimals.length > 2 || m[2]!.length > 13) return null;
  const cents = Number(m[2]) * 100 + Number(decimals.padEnd(2, '0'));
  return m[1] === '-' || m[4] === '-' ? -cents : cents;
}

/** Euros in French for messages: 1 234,56 €. */
export function frenchEuros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const units = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  return `${sign}${units},${String(abs % 100).padStart(2, '0')}\u00a0€`;
}

/** searchKey, with a fast path for plain ASCII (most of a FEC). */
function foldText(text: string): string {
  return /^[\t\x20-\x7e]*$/.test(text) ? text.toLowerCase().replace(/\s+/g, ' ').trim() : searchKey(text);
}

const frDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Windows-1252's 0x80–0x9F (Node's TextDecoder reads them as Latin-1 control codes). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'.split('');
/** ISO-8859-15's differences from Latin-1. */
const ISO15: Record<number, string> = {
  0xa4: '€',
  0xa6: 'Š',
  0xa8: 'š',
  0xb4: 'Ž',
  0xb8: 'ž',
  0xbc: 'Œ',
  0xbd: 'œ',
  0xbe: 'Ÿ',
};

export interface FecReaderOptions {
  /** The exercise the file must fit: each EcritureDate inside [dateStart, dateEnd]. */
  dateStart: string;
  dateEnd: string;
}

type Column =
  | 'journal'
  | 'journalLabel'
  | 'entryNumber'
  | 'date'
  | 'account'
  | 'accountLabel'
  | 'auxAccount'
  | 'auxLabel'
  | 'piece'
  | 'pieceDate'
  | 'label'
  | 'debit'
  | 'credit'
  | 'amount'
  | 'direction'
  | 'lettering'
  | 'letteringDate'
  | 'validDate';

const FIELD_OF: Record<string, Column> = {
  journalcode: 'journal',
  journallib: 'journalLabel',
  ecriturenum: 'entryNumber',
  ecrituredate: 'date',
  comptenum: 'account',
  comptelib: 'accountLabel',
  compauxnum: 'auxAccount',
  compauxlib: 'auxLabel',
  pieceref: 'piece',
  piecedate: 'pieceDate',
  ecriturelib: 'label',
  debit: 'debit',
  credit: 'credit',
  montant: 'amount',
  sens: 'direction',
  ecriturelet: 'lettering',
  datelet: 'letteringDate',
  validdate: 'validDate',
};

/**
 * Reads a FEC as it arrives: `push(chunk)` returns the lines accepted so far (to write), `end()`
 * the last ones; `summary()` then tells whether the file is accepted (no fault) and its figures.
 * Memory: the current partial line and one balance per entry (JournalCode + EcritureNum).
 */
export class FecReader {
  private carry: Buffer | null = null;
  private lineNo = 0;
  private encoding: FecEncoding | null = null;
  /** Single-byte decoding chosen after a byte that is not UTF-8. */
  private singleByte = false;
  private sawCp1252 = false;
  private sawUtf8 = false;
  private readonly utf8 = new TextDecoder('utf-8', { fatal: true });
  private separator = '';
  private columns: string[] = [];
  private index: Partial<Record<Column, number>> = {};
  private headerBroken = false;
  private faults: FecFault[] = [];
  private faultCount = 0;
  private entries = new Map<string, { debit: number; credit: number; line: number }>();
  private lines = 0;
  private totalDebit = 0;
  private totalCredit = 0;
  private minDate = '';
  private maxDate = '';
  /** A FEC repeats few distinct dates: each text is parsed once. */
  private dates = new Map<string, string | null>();

  constructor(private readonly options: FecReaderOptions) {}

  push(chunk: Uint8Array): FecLine[] {
    const out: FecLine[] = [];
    let buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.carry) buf = Buffer.concat([this.carry, buf]);
    let start = 0;
    for (let nl = buf.indexOf(10, start); nl !== -1; nl = buf.indexOf(10, start)) {
      this.line(buf.subarray(start, nl), out);
      start = nl + 1;
    }
    this.carry = start < buf.length ? Buffer.from(buf.subarray(start)) : null;
    return out;
  }

  end(): FecLine[] {
    const out: FecLine[] = [];
    if (this.carry && this.carry.length > 0) this.line(this.carry, out);
    this.carry = null;
    if (this.lineNo === 0) this.fault(1, null, 'Le fichier est vide : la première ligne doit nommer les colonnes.');
    for (const [key, e] of this.entries)
      if (e.debit !== e.credit) {
        const [journal, num] = key.split('\u0001');
        this.fault(
          e.line,
          'EcritureNum',
          `L’écriture ${num} du journal ${journal} n’est pas équilibrée : débit ${frenchEuros(e.debit)}, crédit ${frenchEuros(e.credit)}.`,
        );
      }
    return out;
  }

  /** True when the file is refused so far: stop writing its lines. */
  get refused(): boolean {
    return this.faultCount > 0;
  }

  summary(): FecSummary {
    const faults = [...this.faults].sort((a, b) => a.line - b.line).slice(0, MAX_REPORTED_FAULTS);
    return {
      faults,
      faultCount: this.faultCount,
      lines: this.lines,
      entries: this.entries.size,
      totalDebitCents: this.totalDebit,
      totalCreditCents: this.totalCredit,
      dateStart: this.minDate,
      dateEnd: this.maxDate,
      encoding: this.encoding ?? 'utf-8',
      separator: this.separator === '\t' ? 'tab' : this.separator,
    };
  }

  private fault(line: number, column: string | null, message: string) {
    this.faultCount++;
    // Balance faults come at the end with earlier lines: keep room for them in the sorted report.
    if (this.faults.length < MAX_REPORTED_FAULTS * 2) this.faults.push({ line, column, message });
  }

  private decode(bytes: Buffer, lineNo: number): string | null {
    if (lineNo === 1 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
      this.encoding = 'utf-8-bom';
      bytes = bytes.subarray(3);
    }
    if (!this.singleByte) {
      let ascii = true;
      for (let i = 0; i < bytes.length; i++)
        if (bytes[i]! >= 0x80) {
          ascii = false;
          break;
        }
      if (ascii) return bytes.toString('latin1');
      try {
        const text = this.utf8.decode(bytes);
        this.sawUtf8 = true;
        this.encoding ??= 'utf-8';
        return text;
      } catch {
        if (this.sawUtf8 || this.encoding === 'utf-8-bom') {
          this.fault(lineNo, null, 'Caractères illisibles : le fichier mélange plusieurs encodages.');
          return null;
        }
        this.singleByte = true;
      }
    }
    let text = '';
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (b < 0x80) text += String.fromCharCode(b);
      else if (b < 0xa0) {
        this.sawCp1252 = true;
        text += CP1252_HIGH[b - 0x80];
      } else text += (!this.sawCp1252 && ISO15[b]) || String.fromCharCode(b);
    }
    this.encoding = this.sawCp1252 ? 'windows-1252' : 'iso-8859-15';
    return text;
  }

  private line(raw: Buffer, out: FecLine[]) {
    const lineNo = ++this.lineNo;
    const decoded = this.decode(raw, lineNo);
    if (decoded === null) return;
    const text = decoded.endsWith('\r') ? decoded.slice(0, -1) : decoded;
    if (hasForbiddenChar(text)) return this.controlChar(text, lineNo);
    if (lineNo === 1) return this.header(text);
    if (this.headerBroken || text.trim() === '') return; // Test Compta Demat: an empty line is not blocking
    const fields = text.split(this.separator).map((f) => f.trim());
    // A separator at the end of the line is only information in DGFiP's tool.
    if (fields.length === this.columns.length + 1 && fields[fields.length - 1] === '') fields.pop();
    if (fields.length !== this.columns.length) {
      this.fault(lineNo, null, `La ligne compte ${fields.length} champs au lieu de ${this.columns.length}.`);
      return;
    }
    const line = this.check(fields, lineNo);
    if (line && this.faultCount === 0) out.push(line);
  }

  /** A line holding a control character: the header is broken; a data line's fault names the column. */
  private controlChar(text: string, lineNo: number) {
    if (lineNo === 1) {
      this.headerBroken = true;
      return this.fault(1, null, CONTROL_CHAR_LINE);
    }
    if (this.headerBroken) return;
    const at = text.split(this.separator).findIndex((field) => hasForbiddenChar(field));
    const column = this.columns[at];
    this.fault(lineNo, column ?? null, column ? controlCharMessage(column) : CONTROL_CHAR_LINE);
  }

  private header(text: string) {
    const counts = ['\t', '|', ';'].map((s) => [s, text.split(s).length - 1] as const);
    const [sep, n] = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
    if (n === 0) {
      this.headerBroken = true;
      this.fault(1, null, 'Séparateur introuvable : les colonnes doivent être séparées par une tabulation ou « | ».');
      return;
    }
    this.separator = sep;
    const names = text.split(sep).map((c) => c.trim());
    if (names.length > 1 && names[names.length - 1] === '') names.pop();
    this.columns = names;
    const normalized = names.map(normalizeColumn);
    const amountVariant = normalized.includes('montant') || normalized.includes('sens');
    const expected: string[] = FEC_COLUMNS.flatMap((c) =>
      amountVariant && c === 'Debit' ? ['Montant'] : amountVariant && c === 'Credit' ? ['Sens'] : [c],
    );
    const allowed = [...expected, ...EXTRA_COLUMNS];
    const before = this.faultCount;
    for (const [i, name] of expected.entries()) {
      const at = normalized.indexOf(normalizeColumn(name));
      if (at === -1) this.fault(1, name, `La colonne « ${name} » est absente de l’en-tête.`);
      else if (at !== i)
        this.fault(1, name, `La colonne « ${name} » doit être en position ${i + 1}, elle est en position ${at + 1}.`);
    }
    for (const [i, name] of names.entries()) {
      if (i < expected.length) continue;
      const want = allowed[i];
      if (!want || normalizeColumn(want) !== normalized[i])
        this.fault(1, name, `Colonne « ${name} » inattendue en position ${i + 1}.`);
    }
    if (this.faultCount > before) {
      this.headerBroken = true;
      return;
    }
    normalized.forEach((name, i) => {
      const field = FIELD_OF[name];
      if (field) this.index[field] = i;
    });
  }

  private check(f: string[], lineNo: number): FecLine | null {
    const before = this.faultCount;
    const get = (c: Column) => {
      const i = this.index[c];
      return i === undefined ? '' : f[i]!;
    };
    const name = (c: Column) => this.columns[this.index[c]!]!;
    const required = (c: Column) => {
      const v = get(c);
      if (v === '') this.fault(lineNo, name(c), `Le champ ${name(c)} est obligatoire.`);
      return v;
    };
    const dateOf = (c: Column, mandatory: boolean) => {
      const v = mandatory ? required(c) : get(c);
      if (v === '') return null;
      let iso = this.dates.get(v);
      if (iso === undefined) this.dates.set(v, (iso = parseFecDate(v)));
      if (!iso) this.fault(lineNo, name(c), `Date « ${v} » invalide : le format attendu est AAAAMMJJ.`);
      return iso;
    };
    const journal = required('journal');
    const entryNumber = required('entryNumber');
    const account = required('account');
    const label = required('label');
    const date = dateOf('date', true);
    const validDate = dateOf('validDate', true);
    const pieceDate = dateOf('pieceDate', false);
    const letteringDate = dateOf('letteringDate', false);
    if (date && (date < this.options.dateStart || date > this.options.dateEnd))
      this.fault(
        lineNo,
        name('date'),
        `La date ${frDate(date)} est hors de l’exercice (du ${frDate(this.options.dateStart)} au ${frDate(this.options.dateEnd)}).`,
      );
    let debit = 0;
    let credit = 0;
    if (this.index.amount !== undefined) {
      const amount = parseFecAmount(get('amount'));
      if (amount === null) this.fault(lineNo, name('amount'), `Montant « ${get('amount')} » invalide.`);
      const sens = get('direction').toUpperCase();
      if (sens === 'D' || sens === '+1' || sens === '1') debit = amount ?? 0;
      else if (sens === 'C' || sens === '-1') credit = amount ?? 0;
      else this.fault(lineNo, name('direction'), `Sens « ${get('direction')} » invalide : D, C, +1 ou -1 attendu.`);
    } else {
      const d = parseFecAmount(get('debit'));
      const c = parseFecAmount(get('credit'));
      if (d === null) this.fault(lineNo, name('debit'), `Montant « ${get('debit')} » invalide.`);
      if (c === null) this.fault(lineNo, name('credit'), `Montant « ${get('credit')} » invalide.`);
      debit = d ?? 0;
      credit = c ?? 0;
      if (debit !== 0 && credit !== 0)
        this.fault(lineNo, name('debit'), 'Le débit et le crédit sont tous deux renseignés sur la même ligne.');
    }
    if (journal && entryNumber) {
      const key = `${journal}\u0001${entryNumber}`;
      const e = this.entries.get(key);
      if (e) {
        e.debit += debit;
        e.credit += credit;
      } else this.entries.set(key, { debit, credit, line: lineNo });
    }
    if (this.faultCount > before || !date) return null;
    this.lines++;
    this.totalDebit += debit;
    this.totalCredit += credit;
    if (!this.minDate || date < this.minDate) this.minDate = date;
    if (date > this.maxDate) this.maxDate = date;
    const accountLabel = get('accountLabel');
    const auxLabel = get('auxLabel');
    const piece = get('piece');
    return {
      lineNo,
      journal,
      journalLabel: get('journalLabel'),
      entryNumber,
      date,
      account,
      accountLabel,
      auxAccount: get('auxAccount') || null,
      auxLabel: auxLabel || null,
      piece,
      pieceDate,
      label,
      debitCents: debit,
      creditCents: credit,
      lettering: get('lettering') || null,
      letteringDate,
      validDate,
      searchText: foldText(`${label} ${piece} ${account} ${accountLabel} ${auxLabel}`),
    };
  }
}
