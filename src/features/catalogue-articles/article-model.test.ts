import { describe, expect, it } from 'vitest';
import { decodeLabel64 } from '../../domain/label64';
import {
  articleBody,
  articleFromRow,
  filterArticles,
  indexArticles,
  localArticleRow,
  type ArticleRow,
} from './article-model';
import { accountOptions, unitOptions, vatOptions } from './environment-options';
import { formatInputNumber, formatPercent } from '../../domain/format';

const row = (over: Partial<ArticleRow>): ArticleRow => ({
  id: 1,
  code: 'A',
  type: 'Standard',
  designation: '',
  label: '',
  salesAccount: '',
  unitMeasurement: null,
  unitPriceHT: 0,
  vatRate: 0,
  ttc: 0,
  typePurchaseSale: 'Vente',
  ...over,
});

describe('article model', () => {
  it('sends the label as UTF-8 base64 and trims code and designation', () => {
    const body = articleBody({
      ...articleFromRow(row({ code: ' P1 ', designation: ' Pain ', label: 'Crème brûlée 🍮' })),
    });
    expect(body.code).toBe('P1');
    expect(body.designation).toBe('Pain');
    expect(decodeLabel64(body.label64)).toBe('Crème brûlée 🍮');
    expect(body).not.toHaveProperty('label');
  });

  it('a queued article shows its TTC computed locally', () => {
    const local = localArticleRow(
      { ...articleFromRow(row({})), code: 'X', label: 'x', unitPriceHT: 100, vatRate: 20 },
      'tmp-1',
    );
    expect(local).toMatchObject({ id: 'tmp-1', ttc: 120, ht: 100, label: 'x' });
  });

  it('sorts Standard first then by code, and searches code, designation and label without accents', () => {
    const index = indexArticles([
      row({ id: 1, code: 'C10', type: 'Commentaire' }),
      row({ id: 2, code: 'B10' }),
      row({ id: 3, code: 'B2', designation: 'Éclair au café' }),
    ]);
    expect(index.rows.map((r) => r.code)).toEqual(['B2', 'B10', 'C10']);
    expect(filterArticles(index, 'eclair').map((r) => r.id)).toEqual([3]);
    expect(filterArticles(index, 'b1')).toHaveLength(1);
    expect(filterArticles(index, '  ')).toHaveLength(3);
  });

  it('writes amounts and rates the French way', () => {
    expect(formatInputNumber(100, { decimals: 2 })).toBe('100,00');
    expect(formatInputNumber(1234.5, { decimals: 2 })).toBe('1234,50');
    expect(formatPercent(5.5)).toBe('5,5\u00a0%');
  });

  it('offers the environment lists plus the article’s own value', () => {
    const env = {
      invoice: {
        vatRates: [20, 5.5],
        accountsSale: [{ number: '706', label: 'Prestations' }],
        unitsMeasurement: [{ label: 'heure' }, { label: 'heure' }],
      },
    } as never;
    expect(vatOptions(env, 20)).toEqual([
      { value: '20', label: '20\u00a0%' },
      { value: '5.5', label: '5,5\u00a0%' },
    ]);
    expect(vatOptions(null, 0)).toEqual([{ value: '0', label: '0\u00a0%' }]);
    expect(accountOptions(env, '7071')).toEqual([
      { value: '706', label: '706 – Prestations' },
      { value: '7071', label: '7071' },
    ]);
    expect(unitOptions(env, '')).toEqual([{ value: 'heure', label: 'heure' }]);
  });
});
