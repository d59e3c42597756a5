import { describe, expect, it } from 'vitest';
import { ARTICLE_MESSAGES } from '../../domain/articles';
import {
  articleFieldErrors,
  articleFormErrors,
  articleFormReducer,
  initialArticleForm,
  TTC_INVALID,
  type ArticleFormAction,
} from './article-form-state';

const run = (...actions: ArticleFormAction[]) => actions.reduce(articleFormReducer, initialArticleForm());

describe('article form', () => {
  it('a TTC of 120 at 20 % gives an HT price of 100,00', () => {
    const s = run({ type: 'vat', value: '20' }, { type: 'ttc', value: '120' });
    expect(s.article.unitPriceHT).toBe(100);
    expect(s.ht).toBe('100,00');
    expect(s.ttc).toBe('120');
  });

  it('HT typed the French way recomputes TTC; a VAT change recomputes TTC from HT', () => {
    let s = run({ type: 'ht', value: '12,5' });
    expect(s.ttc).toBe('12,50');
    s = articleFormReducer(s, { type: 'vat', value: '5.5' });
    expect(s.article.ttc).toBe(13.19);
    expect(s.ttc).toBe('13,19');
    expect(s.ht).toBe('12,5');
  });

  it('a cleared VAT becomes 0', () => {
    const s = run({ type: 'ht', value: '10' }, { type: 'vat', value: '20' }, { type: 'vat', value: null });
    expect(s.article.vatRate).toBe(0);
    expect(s.ttc).toBe('10,00');
  });

  it('Commentaire drops price, account, unit and VAT; back to Standard starts from zero', () => {
    let s = run(
      { type: 'ht', value: '10' },
      { type: 'vat', value: '20' },
      { type: 'account', value: '706' },
      { type: 'unit', value: 'heure' },
      { type: 'kind', value: 'Commentaire' },
    );
    expect(s.article).toMatchObject({
      type: 'Commentaire',
      unitPriceHT: 0,
      vatRate: 0,
      salesAccount: '',
      unitMeasurement: null,
    });
    s = articleFormReducer(s, { type: 'kind', value: 'Standard' });
    expect(s).toMatchObject({ ht: '0,00', ttc: '0,00', article: { type: 'Standard', unitPriceHT: 0 } });
  });

  it('reports missing code and label, and an unreadable amount instead of saving 0', () => {
    const s = run({ type: 'ht', value: '12abc' });
    const errors = articleFormErrors(s);
    expect(errors).toEqual([
      ARTICLE_MESSAGES.codeRequired,
      ARTICLE_MESSAGES.labelRequired,
      ARTICLE_MESSAGES.priceInvalid,
    ]);
    expect(articleFieldErrors(errors)).toMatchObject({
      code: ARTICLE_MESSAGES.codeRequired,
      ht: ARTICLE_MESSAGES.priceInvalid,
    });
    const t = run(
      { type: 'text', field: 'code', value: 'A1' },
      { type: 'text', field: 'label', value: 'Pain' },
      { type: 'ttc', value: 'x' },
    );
    expect(articleFormErrors(t)).toEqual([TTC_INVALID]);
  });

  it('a Commentaire only needs its code and label', () => {
    const s = run(
      { type: 'kind', value: 'Commentaire' },
      { type: 'text', field: 'code', value: 'CC1' },
      { type: 'text', field: 'label', value: 'Livraison offerte' },
    );
    expect(articleFormErrors(s)).toEqual([]);
  });
});
