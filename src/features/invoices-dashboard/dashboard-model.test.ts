import { describe, expect, it } from 'vitest';
import {
  chartData,
  invoiceCount,
  isDashboard,
  limitGauge,
  limitText,
  monthLong,
  monthShort,
  quoteCount,
  TURNOVER_SERIES,
} from './dashboard-model';
import { formatMoneyCompact } from '../../domain/format';

describe('dashboard figures', () => {
  it('writes the Starter limit as the spec shows it', () => {
    expect(limitText(3, 5)).toBe('3 / 5 factures validées ce mois-ci');
    expect(limitText(1, 5)).toBe('1 / 5 facture validée ce mois-ci');
    expect(limitGauge(3, 5)).toMatchObject({
      percent: 60,
      color: 'blue',
      note: 'Encore 2 validations possibles ce mois-ci (abonnement Starter).',
    });
    expect(limitGauge(4, 5)).toMatchObject({
      percent: 80,
      color: 'orange',
      note: 'Encore 1 validation possible ce mois-ci (abonnement Starter).',
    });
    expect(limitGauge(5, 5)).toMatchObject({ percent: 100, color: 'red' });
    expect(limitGauge(7, 5).percent).toBe(100);
  });
  it('names months in French and builds one bar per month', () => {
    expect(monthShort('2026-02')).toBe('févr. 26');
    expect(monthLong('2026-11')).toBe('novembre 2026');
    expect(chartData([{ month: '2026-01', ht: 1200.5 }])).toEqual([
      { mois: 'janv. 26', moisLong: 'janvier 2026', [TURNOVER_SERIES]: 1200.5 },
    ]);
  });
  it('writes axis amounts compactly and counts in French', () => {
    expect(formatMoneyCompact(0)).toBe('0\u00a0€');
    expect(formatMoneyCompact(850)).toBe('850\u00a0€');
    expect(formatMoneyCompact(12_400)).toBe('12,4\u00a0k€');
    expect(formatMoneyCompact(1_250_000)).toBe('1,3\u00a0M€');
    expect(invoiceCount(0)).toBe('0 facture');
    expect(invoiceCount(2)).toBe('2 factures');
    expect(quoteCount(1)).toBe('1 devis');
  });
  it('ignores a stored answer that is not a dashboard', () => {
    expect(isDashboard(null)).toBe(false);
    expect(isDashboard({ turnoverMonth: 1 })).toBe(false);
    expect(isDashboard({ turnoverMonth: 1, turnoverYear: 2, monthly: [] })).toBe(true);
  });
});
