import { describe, expect, it } from 'vitest';
import {
  answerProblem,
  classLabel,
  columnsThatFit,
  filterAccounts,
  groupByClass,
  ledgerCsv,
  pagesFor,
  periodProblem,
  readAmountRange,
  searchBodyOf,
} from './accounting-model';
import { answerRequestEntry } from './api/accounting-api';
import { buildBody } from '../../data/send';
import type { OutboxEntry } from '../../data/outbox';

const account = (number: string, label: string) => ({ number, label });

describe('the ledger’s tree (PCG classes)', () => {
  it('groups accounts by class, in number order, with the class names', () => {
    const groups = groupByClass([
      account('70600000', 'Prestations de services'),
      account('41100000', 'Clients'),
      account('10100000', 'Capital'),
      account('40100000', 'Fournisseurs'),
      account('X1', 'Compte hors plan'),
    ]);
    expect(groups.map((g) => g.label)).toEqual(['1 Capitaux', '4 Tiers', '7 Produits', 'Autres comptes']);
    expect(groups[1].accounts.map((a) => a.number)).toEqual(['40100000', '41100000']);
    expect(classLabel('6')).toBe('6 Charges');
  });
  it('filters accounts by number or label, accents and case ignored', () => {
    const list = [account('60610000', 'Électricité'), account('62600000', 'Frais postaux')];
    expect(filterAccounts(list, 'electri').map((a) => a.number)).toEqual(['60610000']);
    expect(filterAccounts(list, '626').map((a) => a.number)).toEqual(['62600000']);
    expect(filterAccounts(list, '  ')).toHaveLength(2);
  });
});

describe('the ledger’s pages as it scrolls', () => {
  it('asks only for the pages around the rows in view', () => {
    expect(pagesFor(0, 20, 200, 300_000)).toEqual([1, 2]);
    expect(pagesFor(150_010, 150_030, 200, 300_000)).toEqual([750, 751, 752]);
    expect(pagesFor(299_990, 299_999, 200, 300_000)).toEqual([1499, 1500]);
    expect(pagesFor(0, 0, 200, 0)).toEqual([1]);
  });
});

describe('the CSV of the shown lines', () => {
  it('writes French figures with semicolons, quotes what needs it, and a BOM', () => {
    const csv = ledgerCsv([
      {
        date: '2025-03-12',
        journal: 'VT',
        piece: 'F123',
        label: 'Facture « Dupont; fils »',
        debit: 1200.5,
        credit: 0,
        lettering: 'AA',
        balance: -1234.5,
        account: '41100000',
      },
    ]);
    expect(csv.startsWith('\uFEFFCompte;Date;Journal;Pièce;Libellé;Débit;Crédit;Lettrage;Solde\r\n')).toBe(true);
    expect(csv).toContain('41100000;12/03/2025;VT;F123;"Facture « Dupont; fils »";1200,50;;AA;-1234,50\r\n');
  });

  it('never lets a label run as a formula in a spreadsheet', () => {
    const line = { date: '2025-03-12', journal: 'OD', debit: 0, credit: 5, lettering: null, balance: -5 };
    const csv = ledgerCsv([
      { ...line, piece: '-2+3', label: '=HYPERLINK("https://pirate.example";"Cliquez")' },
      { ...line, piece: 'P1', label: '@SUM(A1:A9)' },
    ]);
    expect(csv).toContain(
      `12/03/2025;OD;"'-2+3";"'=HYPERLINK(""https://pirate.example"";""Cliquez"")";;5,00;;-5,00\r\n`,
    );
    expect(csv).toContain(`;P1;"'@SUM(A1:A9)";`);
  });
});

describe('the search form', () => {
  it('reads amounts in French and says what is wrong', () => {
    expect(readAmountRange('1 200,50', '')).toEqual({ range: { min: 1200.5, max: null }, problem: null });
    expect(readAmountRange('abc', '').problem).toBe('Montant minimum invalide.');
    expect(readAmountRange('10', 'x').problem).toBe('Montant maximum invalide.');
    expect(readAmountRange('100', '10').problem).toBe('Le montant minimum dépasse le montant maximum.');
    expect(periodProblem('2025-05-01', '2025-04-01')).toBe('La fin de la période doit suivre son début.');
    expect(periodProblem('2025-04-01', undefined)).toBeNull();
  });
  it('builds the search’s body from the URL only once something was asked', () => {
    expect(searchBodyOf({}, 3)).toBeNull();
    expect(searchBodyOf({ exercice: 3, comptes: ['411'], q: 'dupont', min: '10.5' }, 3)).toEqual({
      exercise: 3,
      accounts: ['411'],
      q: 'dupont',
      amountMin: 10.5,
      pageSize: 100,
    });
  });
});

describe('an answer to an information request', () => {
  it('needs text or a file', () => {
    expect(answerProblem('  ', [])).toBe('Écrivez une réponse ou joignez un fichier.');
    expect(answerProblem('', [new Blob()])).toBeNull();
  });
  it('goes to the outbox as ONE request: the text and every file as parts of it', () => {
    const a = new File(['a'], 'facture.pdf', { type: 'application/pdf' });
    const b = new File(['b'], 'ticket.jpg', { type: 'image/jpeg' });
    const entry = answerRequestEntry(7, { id: 12, label: 'Achat Leroy' }, 'Voici la facture', [a, b]);
    expect(entry).toMatchObject({
      method: 'POST',
      path: 'my-accounting/required-details/12/answers',
      companyId: 7,
      docKey: 'requiredDetail:12',
      kind: 'requiredDetail.answer',
      label: 'Réponse à la demande d’information « Achat Leroy »',
      file: { name: 'facture.pdf', field: 'file', extra: { text: 'Voici la facture' } },
    });
    const both = buildBody({ file: { ...entry.file, extra: entry.file!.extra ?? {}, field: 'file' } } as OutboxEntry);
    const parts = [...(both.body as FormData).entries()].map(([k, v]) => [k, typeof v === 'string' ? v : v.name]);
    expect(parts).toEqual([
      ['text', 'Voici la facture'],
      ['file', 'facture.pdf'],
      ['file', 'ticket.jpg'],
    ]);
    const only = answerRequestEntry(7, { id: 12, label: 'Achat Leroy' }, 'Explication', []);
    expect(only.file).toMatchObject({ field: '', extra: { text: 'Explication' } });
    // The text alone is a form of fields, without a file part.
    const { body } = buildBody({ file: { ...only.file, extra: only.file!.extra ?? {}, field: '' } } as OutboxEntry);
    expect([...(body as FormData).entries()]).toEqual([['text', 'Explication']]);
  });
});

describe('the ledger columns that fit (the label kept readable)', () => {
  const columns = [
    { key: 'account', px: 88 },
    { key: 'journal', px: 64, drop: 3 },
    { key: 'piece', px: 96, drop: 1 },
    { key: 'label' },
    { key: 'lettering', px: 76, drop: 2 },
    { key: 'balance', px: 104 },
  ];
  const keys = (width: number) => columnsThatFit(columns, width, 160).map((c) => c.key);

  it('keeps every column when they all fit beside a label of 160 px', () => {
    expect(keys(588)).toEqual(['account', 'journal', 'piece', 'label', 'lettering', 'balance']);
    expect(keys(1200)).toEqual(['account', 'journal', 'piece', 'label', 'lettering', 'balance']);
  });

  it('drops the piece first, then the lettering, then the journal, in the columns’ own order', () => {
    expect(keys(587)).toEqual(['account', 'journal', 'label', 'lettering', 'balance']);
    expect(keys(491)).toEqual(['account', 'journal', 'label', 'balance']);
    expect(keys(415)).toEqual(['account', 'label', 'balance']);
  });

  it('never drops a column without a priority, even when the row is too narrow', () => {
    expect(keys(200)).toEqual(['account', 'label', 'balance']);
  });

  it('keeps every column while the row is not measured yet', () => {
    expect(keys(0)).toHaveLength(6);
  });
});
