import { describe, expect, it } from 'vitest';
import { FEC_COLUMNS, FecReader, parseFecAmount, parseFecDate, parseFecFileName, type FecLine } from './fec';

const HEADER = FEC_COLUMNS.join('\t');
const EX = { dateStart: '2025-01-01', dateEnd: '2025-12-31' };

/** A sale: 411 debit, 706 credit, 44571 credit (net 100 €, VAT 20 €). */
function sale(n: number, label = 'Vente', sep = '\t', date = '20250315') {
  const row = (account: string, accLabel: string, debit: string, credit: string) =>
    [
      'VT',
      'Ventes',
      `VT${n}`,
      date,
      account,
      accLabel,
      '',
      '',
      `F${n}`,
      date,
      label,
      debit,
      credit,
      '',
      '',
      '20250401',
      '',
      '',
    ].join(sep);
  return [
    row('41100000', 'Clients', '120,00', '0,00'),
    row('70600000', 'Prestations', '0,00', '100,00'),
    row('44571000', 'TVA collectée', '0,00', '20,00'),
  ];
}

function read(text: string | Uint8Array, options = EX, chunkSize = 7) {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  const reader = new FecReader(options);
  const lines: FecLine[] = [];
  // Small chunks: lines and multi-byte characters cut across chunks.
  for (let i = 0; i < bytes.length; i += chunkSize) lines.push(...reader.push(bytes.subarray(i, i + chunkSize)));
  lines.push(...reader.end());
  return { lines, summary: reader.summary() };
}

const file = (rows: string[], header = HEADER) => [header, ...rows].join('\n') + '\n';

/** Replaces field `col` (0-based) of data row `row` (0-based, after the header). */
function breakField(rows: string[], row: number, col: number, value: string) {
  const copy = [...rows];
  const f = copy[row]!.split('\t');
  f[col] = value;
  copy[row] = f.join('\t');
  return copy;
}

describe('FEC reader', () => {
  it('reads a valid tab-separated UTF-8 file, amounts in cents', () => {
    const { lines, summary } = read(file([...sale(1, 'Pneu 17" hiver été'), ...sale(2)]));
    expect(summary.faultCount).toBe(0);
    expect(summary).toMatchObject({ lines: 6, entries: 2, totalDebitCents: 24000, totalCreditCents: 24000 });
    expect(summary.encoding).toBe('utf-8');
    expect(summary.separator).toBe('tab');
    expect(lines[0]).toMatchObject({ lineNo: 2, account: '41100000', debitCents: 12000, date: '2025-03-15' });
    expect(lines[0]!.label).toBe('Pneu 17" hiver été');
  });

  it('reads `|` separators, CRLF, a trailing separator and spaces around fields', () => {
    const rows = sale(1, 'Vente', '|').map((r) => ` ${r.replace(/\|/g, ' | ')}|\r`);
    const { summary } = read(file(rows, FEC_COLUMNS.join('|') + '\r'));
    expect(summary.faults).toEqual([]);
    expect(summary.separator).toBe('|');
  });

  it('reads UTF-8 with a BOM', () => {
    const body = new TextEncoder().encode(file(sale(1, 'Café €')));
    const { lines, summary } = read(new Uint8Array([0xef, 0xbb, 0xbf, ...body]));
    expect(summary.encoding).toBe('utf-8-bom');
    expect(summary.faults).toEqual([]);
    expect(lines[0]!.label).toBe('Café €');
  });

  it('reads ISO-8859-15: 0xA4 is €, 0xBD is œ', () => {
    const bytes = Buffer.from(file(sale(1, 'Gâteau X Yuvre')), 'latin1');
    bytes[bytes.indexOf('X')] = 0xa4;
    bytes[bytes.indexOf('Yuvre')] = 0xbd;
    const { lines, summary } = read(bytes);
    expect(summary.encoding).toBe('iso-8859-15');
    expect(lines[0]!.label).toBe('Gâteau € œuvre');
  });

  it('reads Windows-1252: 0x80 is €, 0x92 is ’', () => {
    const bytes = Buffer.from(file(sale(1, 'Cafe X l Y')), 'latin1');
    bytes[bytes.indexOf('X')] = 0x80;
    bytes[bytes.indexOf(' l ') + 1] = 0x92;
    const { lines, summary } = read(bytes);
    expect(summary.encoding).toBe('windows-1252');
    expect(lines[0]!.label).toBe('Cafe € ’ Y');
  });

  it('reads the Montant/Sens variant (D/C and +1/-1)', () => {
    const header = HEADER.replace('Debit\tCredit', 'Montant\tSens');
    const rows = sale(1).map((r, i) => {
      const f = r.split('\t');
      const amount = i === 0 ? f[11]! : f[12]!;
      f[11] = amount;
      f[12] = i === 0 ? 'D' : i === 1 ? 'C' : '-1';
      return f.join('\t');
    });
    const { lines, summary } = read(file(rows, header));
    expect(summary.faults).toEqual([]);
    expect(lines.map((l) => [l.debitCents, l.creditCents])).toEqual([
      [12000, 0],
      [0, 10000],
      [0, 2000],
    ]);
  });

  it('reads the 22-column variant (DateRglt, ModeRglt, NatOp, IdClient)', () => {
    const header = `${HEADER}\tDateRglt\tModeRglt\tNatOp\tIdClient`;
    const rows = sale(1).map((r) => `${r}\t20250320\tVIR\t\tC1`);
    expect(read(file(rows, header)).summary.faults).toEqual([]);
  });

  it('accepts decimal points, signs and JJMMAAAA dates', () => {
    expect(parseFecAmount('1234.5')).toBe(123450);
    expect(parseFecAmount('12,00-')).toBe(-1200);
    expect(parseFecAmount('')).toBe(0);
    expect(parseFecAmount('1 234,56')).toBeNull();
    expect(parseFecAmount('1,234')).toBeNull();
    expect(parseFecDate('20250229')).toBeNull();
    expect(parseFecDate('31122025')).toBe('2025-12-31');
    expect(parseFecDate('2025-12-31')).toBe('2025-12-31');
    expect(parseFecFileName('123456789FEC20251231.txt')).toEqual({ siren: '123456789', closingDate: '2025-12-31' });
    expect(parseFecFileName('export.txt')).toBeNull();
  });
});

describe('FEC reader: refusals, limits and streaming', () => {
  const rows = sale(1);
  const cases: Array<[string, string[], string | null, RegExp, string?]> = [
    ['a missing column', rows, 'ValidDate', /colonne « ValidDate » est absente/, HEADER.replace('\tValidDate', '')],
    [
      'columns out of order',
      rows,
      'CompteNum',
      /« CompteNum » doit être en position 5/,
      HEADER.replace('CompteNum\tCompteLib', 'CompteLib\tCompteNum'),
    ],
    ['an unbalanced entry', breakField(rows, 1, 12, '90,00'), 'EcritureNum', /VT1 du journal VT n’est pas équilibrée/],
    ['debit and credit both filled', breakField(rows, 0, 12, '5,00'), 'Debit', /tous deux renseignés/],
    ['an invalid date', breakField(rows, 0, 3, '20251332'), 'EcritureDate', /Date « 20251332 » invalide/],
    ['a date outside the exercise', breakField(rows, 0, 3, '20240101'), 'EcritureDate', /hors de l’exercice/],
    ['no ValidDate', breakField(rows, 0, 15, ''), 'ValidDate', /champ ValidDate est obligatoire/],
    ['no account number', breakField(rows, 0, 4, ''), 'CompteNum', /champ CompteNum est obligatoire/],
    ['a thousands separator', breakField(rows, 0, 11, '1 120,00'), 'Debit', /Montant « 1 120,00 » invalide/],
    ['a short line', [rows[0]!.split('\t').slice(0, 10).join('\t')], null, /10 champs au lieu de 18/],
  ];
  it.each(cases)('refuses %s with its line, column and French reason', (_name, data, column, message, header) => {
    const { lines, summary } = read(file(data, header));
    expect(summary.faultCount).toBeGreaterThan(0);
    const fault = summary.faults.find((f) => message.test(f.message));
    expect(fault, JSON.stringify(summary.faults)).toBeDefined();
    expect(fault!.column).toBe(column);
    expect(fault!.line).toBe(header ? 1 : 2);
    expect(lines.length).toBeLessThanOrEqual(3);
  });

  it('refuses a file mixing UTF-8 and other bytes, and an unknown Sens', () => {
    const bytes = Buffer.from(file([...sale(1, 'Café'), ...sale(2, 'Cafe X')]), 'utf8');
    bytes[bytes.lastIndexOf('X')] = 0xe9;
    const mixed = read(bytes).summary;
    expect(mixed.faults).toContainEqual({
      line: 7,
      column: null,
      message: expect.stringMatching(/plusieurs encodages/),
    });
    const header = HEADER.replace('Debit\tCredit', 'Montant\tSens');
    const row = sale(1)[0]!.split('\t');
    row[12] = 'X';
    const sens = read(file([row.join('\t')], header)).summary;
    expect(sens.faults[0]).toMatchObject({
      line: 2,
      column: 'Sens',
      message: 'Sens « X » invalide : D, C, +1 ou -1 attendu.',
    });
  });

  it('refuses NUL and the other control characters, naming the column, never echoing the line', () => {
    const rows = [...sale(1), ...sale(2)];
    const nul = read(file(breakField(breakField(rows, 1, 10, 'Vente\u0000X'), 4, 2, 'VT2\u001b'))).summary;
    // The refused lines are not counted, so their entries are also reported unbalanced.
    expect(nul.faults.filter((f) => f.message.includes('contrôle'))).toEqual([
      {
        line: 3,
        column: 'EcritureLib',
        message: 'Le champ « EcritureLib » contient un caractère de contrôle ou invalide, non autorisé.',
      },
      {
        line: 6,
        column: 'EcritureNum',
        message: 'Le champ « EcritureNum » contient un caractère de contrôle ou invalide, non autorisé.',
      },
    ]);
    // In the header, before the columns are known; in a single-byte file, DEL and C1 codes too.
    expect(read(file(rows, HEADER.replace('JournalLib', 'Journal\u0000Lib'))).summary.faults).toEqual([
      { line: 1, column: null, message: 'La ligne contient un caractère de contrôle ou invalide, non autorisé.' },
    ]);
    const del = Buffer.from(file(breakField(rows, 0, 10, 'Vente\u007f')), 'latin1');
    expect(read(del).summary.faults).toContainEqual(expect.objectContaining({ line: 2, column: 'EcritureLib' }));
    // Tab, CR (CR CR LF line ends) stay what they were.
    expect(read(file(rows).replaceAll('\n', '\r\r\n')).summary.faultCount).toBe(0);
  });

  it('reports the first 100 faults and counts them all', () => {
    const bad = Array.from({ length: 150 }, (_, i) => sale(i + 1)[0]!);
    const { lines, summary } = read(file(bad), EX, 65536);
    expect(summary.faultCount).toBe(150);
    expect(summary.faults).toHaveLength(100);
    expect(summary.faults[0]!.line).toBe(2);
    // Balance is known at the end: the importer drops what it wrote when the summary refuses the file.
    expect(lines.length).toBeLessThanOrEqual(150);
  });

  it('streams a 100 000-line file in chunks, never holding it', () => {
    const reader = new FecReader(EX);
    const enc = new TextEncoder();
    let count = 0;
    let chunk: string[] = [HEADER];
    const handedBack: number[] = [];
    const flush = () => {
      const lines = reader.push(enc.encode(chunk.join('\n') + '\n')).length;
      handedBack.push(lines);
      count += lines;
      chunk = [];
    };
    for (let n = 1; n <= 33_334; n++) {
      chunk.push(...sale(n, `Vente n° ${n}`, '\t', `2025${String((n % 12) + 1).padStart(2, '0')}10`));
      if (chunk.length >= 3000) flush();
    }
    flush();
    count += reader.end().length;
    const summary = reader.summary();
    expect(summary.faults).toEqual([]);
    expect(count).toBe(100_002);
    expect(summary).toMatchObject({ lines: 100_002, entries: 33_334, dateStart: '2025-01-10', dateEnd: '2025-12-10' });
    // Each chunk's lines come back as it is read, not at the end: the reader holds no file.
    expect(handedBack.length).toBeGreaterThan(30);
    expect(handedBack.every((n) => n > 0)).toBe(true);
  });
});
