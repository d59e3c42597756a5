import { describe, expect, it } from 'vitest';
import type { Journal, MovementType } from '../../contract/cash-registers';
import {
  balanceWithPending,
  cashDaysSummary,
  cashDifference,
  checkAmount,
  countDetail,
  countProblem,
  countTotal,
  dayNavigation,
  denominationLabel,
  DENOMINATIONS,
  differenceText,
  emptyJournal,
  journalOf,
  lineLabel,
  pendingOfDay,
  periodOf,
  presetOf,
  validDay,
  windowStart,
} from './cash-model';
import { DENOMINATIONS as RULEBOOK_DENOMINATIONS } from '../../domain/cash-register/index';
import { fitWithin } from './receipt-photo';

const NNBSP = '\u202f';
const NBSP = '\u00a0';

const types: MovementType[] = [
  {
    id: 1,
    code: 'vente-20',
    label: 'Ventes TVA 20 %',
    category: 'sales',
    vatRate: 20,
    paymentMethod: null,
    cash: 'none',
  },
  {
    id: 5,
    code: 'especes',
    label: 'Encaissements en espèces',
    category: 'revenues',
    vatRate: null,
    paymentMethod: 'especes',
    cash: 'in',
  },
  { id: 6, code: 'carte', label: '', category: 'revenues', vatRate: null, paymentMethod: 'carte', cash: 'none' },
  {
    id: 12,
    code: 'depense',
    label: 'Dépense payée en espèces',
    category: 'expenses',
    vatRate: null,
    paymentMethod: null,
    cash: 'out',
  },
];

const day = (d: string, final: number, closed = false): Journal => ({
  ...emptyJournal(d, undefined, 1),
  registerDetails: { id: 1, closed, inflow: 0, outflow: 0, balanceInitial: 0, balanceFinal: final },
});

describe('drawer count and écart', () => {
  it('adds notes and coins in cents, never in floats', () => {
    expect(countTotal({ '0.1': 3, '0.2': 1, '500': 1 })).toBe(500.5);
    expect(countTotal({ '0.01': 7, '0.02': 0, '50': 2 })).toBe(100.07);
    expect(countTotal({})).toBe(0);
  });
  it('gives the écart against the theoretical balance, in French', () => {
    expect(cashDifference(100.07, 100.1)).toBe(-0.03);
    expect(differenceText(-0.03)).toBe(`Il manque 0,03${NBSP}€ dans le tiroir.`);
    expect(differenceText(12)).toBe(`Il y a 12,00${NBSP}€ de plus que le solde théorique.`);
    expect(differenceText(0)).toBe('Aucun écart : le tiroir correspond au solde théorique.');
  });
  it('sends only the denominations counted, with the rulebook’s keys', () => {
    expect(DENOMINATIONS.map((d) => d.key)).toEqual(RULEBOOK_DENOMINATIONS);
    expect(countDetail({ '500': 0, '20': 3, '0.5': 2 })).toEqual({ '20': 3, '0.5': 2 });
    expect(countDetail({})).toBeNull();
    expect(denominationLabel(DENOMINATIONS[0])).toBe(`Billets de 500${NBSP}€`);
    expect(denominationLabel(DENOMINATIONS[9])).toBe(`Pièces de 0,50${NBSP}€`);
  });
  it('refuses a count that is not a whole number', () => {
    expect(countProblem('2')).toBeNull();
    expect(countProblem('2,5')).toBe('Saisissez un nombre entier, zéro ou plus.');
    expect(countProblem('-1')).toBe('Saisissez un nombre entier, zéro ou plus.');
    expect(countProblem('100001')).toBe(`100${NNBSP}000 au plus.`);
  });
});

describe('amounts typed on the tablet', () => {
  it('reads French amounts', () => {
    expect(checkAmount('12,50', { required: true })).toEqual({ ok: true, amount: 12.5 });
    expect(checkAmount(`1${NNBSP}234,5`, { required: true })).toEqual({ ok: true, amount: 1234.5 });
    expect(checkAmount('', {})).toEqual({ ok: true, amount: 0 });
  });
  it('says what is wrong, in French', () => {
    expect(checkAmount('', { required: true })).toEqual({ ok: false, message: 'Saisissez un montant.' });
    expect(checkAmount('douze', { required: true })).toEqual({
      ok: false,
      message: 'Montant invalide : saisissez un nombre, par exemple 12,50.',
    });
    expect(checkAmount('1,005', {})).toEqual({ ok: false, message: 'Deux décimales au plus.' });
    expect(checkAmount('-5', {})).toEqual({ ok: false, message: 'Le montant doit être positif.' });
    expect(checkAmount('-5', { allowNegative: true })).toEqual({ ok: true, amount: -5 });
    expect(checkAmount('0', { required: true })).toEqual({
      ok: false,
      message: 'Le montant doit être différent de zéro.',
    });
  });
});

describe('lines and days', () => {
  it('names a line from its type', () => {
    expect(lineLabel({ idTypeMouv: 12, label: 'Ampoules' }, types)).toBe('Dépense payée en espèces — Ampoules');
    expect(lineLabel({ idTypeMouv: 6, label: '' }, types)).toBe('Carte bancaire');
    expect(lineLabel({ idTypeMouv: 99, label: '' }, types)).toBe('Mouvement');
  });
  it('moves to the previous and next days with activity, never past today', () => {
    const active = ['2026-11-20', '2026-11-23', '2026-11-24'];
    expect(dayNavigation(active, '2026-11-23', '2026-11-26')).toEqual({
      previous: '2026-11-20',
      next: '2026-11-24',
      today: '2026-11-26',
    });
    // Past the last day with activity: today.
    expect(dayNavigation(active, '2026-11-24', '2026-11-26').next).toBe('2026-11-26');
    expect(dayNavigation(active, '2026-11-26', '2026-11-26')).toEqual({
      previous: '2026-11-24',
      next: null,
      today: '2026-11-26',
    });
    expect(dayNavigation([], '2026-11-26', '2026-11-26').previous).toBeNull();
  });
  it('shows a day without movements with the balance carried forward', () => {
    const days = [day('2026-11-20', 150, true), day('2026-11-24', 80)];
    const j = journalOf(days, '2026-11-22', 1);
    expect(j.registerDetails).toMatchObject({ balanceInitial: 150, balanceFinal: 150, closed: false });
    expect(journalOf(days, '2026-11-24', 1)).toBe(days[1]);
  });
  it('keeps 62 days and refuses a day after today or malformed', () => {
    expect(windowStart('2026-11-26')).toBe('2026-09-26');
    expect(validDay('2026-11-27', '2026-11-26')).toBe('2026-11-26');
    expect(validDay('2026-02-30x', '2026-11-26')).toBe('2026-11-26');
    expect(validDay('2026-11-02', '2026-11-26')).toBe('2026-11-02');
  });
});

describe('movements waiting in the outbox', () => {
  const path = 'sales-register/u-1/days/2026-11-26';
  const entries = [
    {
      kind: 'cashRegister.movements',
      path,
      state: 'pending' as const,
      body: {
        movements: [
          { id: 'm1', idTypeMouv: 5, amount: 20 },
          { id: 'm2', idTypeMouv: 12, amount: 7.5, label: 'Café' },
        ],
      },
    },
    {
      kind: 'cashRegister.movements',
      path: 'sales-register/u-2/days/2026-11-26',
      state: 'pending' as const,
      body: { movements: [{ id: 'x', idTypeMouv: 5, amount: 1 }] },
    },
    { kind: 'cashRegister.close', path: `${path}/close`, state: 'failed' as const, body: {} },
  ];
  it('lists the day’s own, and says a closing waits or was refused', () => {
    const p = pendingOfDay(entries, 'u-1', '2026-11-26');
    expect(p.movements.map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(p.closing).toBe('failed');
    expect(pendingOfDay(entries, 'u-1', '2026-11-25')).toEqual({ movements: [], closing: null });
  });
  it('gives the theoretical balance once they are applied', () => {
    const j = day('2026-11-26', 100);
    const p = pendingOfDay(entries, 'u-1', '2026-11-26').movements;
    expect(balanceWithPending(j, p, types)).toBe(112.5);
  });
});

describe('dashboard periods', () => {
  it('gives the presets’ dates and finds them back', () => {
    expect(periodOf('mois', '2026-03-15')).toEqual({ dateStart: '2026-03-01', dateEnd: '2026-03-15' });
    expect(periodOf('mois-precedent', '2026-03-15')).toEqual({ dateStart: '2026-02-01', dateEnd: '2026-02-28' });
    expect(periodOf('mois-precedent', '2026-01-10')).toEqual({ dateStart: '2025-12-01', dateEnd: '2025-12-31' });
    expect(periodOf('annee-precedente', '2026-03-15')).toEqual({ dateStart: '2025-01-01', dateEnd: '2025-12-31' });
    expect(presetOf('2026-01-01', '2026-03-15', '2026-03-15')).toBe('annee');
    expect(presetOf('2026-01-02', '2026-03-15', '2026-03-15')).toBeNull();
  });
});

describe('receipt photo', () => {
  it('brings the long side down to 1600 px, never enlarges', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
});

describe('the home’s « Mes caisses » card', () => {
  it('its figure says what it counts: « À jour », or the past days still to close', () => {
    expect(cashDaysSummary([])).toEqual({ detail: 'Aucune caisse n’est encore ouverte pour cette société.' });
    expect(cashDaysSummary([0, 0])).toEqual({
      figure: 'À jour',
      detail: 'Toutes les journées passées sont clôturées.',
    });
    expect(cashDaysSummary([0, 1])).toEqual({ figure: '1 journée', detail: 'passée, encore à clôturer' });
    expect(cashDaysSummary([2, 1])).toEqual({ figure: '3 journées', detail: 'passées, encore à clôturer' });
  });
});
