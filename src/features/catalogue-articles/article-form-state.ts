// The article modal's state: the domain Article plus the text typed in the two linked amount
// fields (a French "12,5" or a half-typed "12," must stay as typed while the other field follows).
import {
  newArticle,
  onArticleTypeChange,
  onHtChange,
  onTtcChange,
  onVatChange,
  validateArticle,
  ARTICLE_MESSAGES,
} from '../../domain/articles';
import { formatInputNumber } from '../../domain/format';
import { parseFrenchNumber } from '../../domain/money';
import type { Article, LineType } from '../../domain/types';

export interface ArticleFormState {
  article: Article;
  ht: string;
  ttc: string;
}

export type ArticleFormAction =
  | { type: 'reset'; article?: Article }
  | { type: 'text'; field: 'code' | 'designation' | 'label'; value: string }
  | { type: 'kind'; value: LineType }
  | { type: 'ht'; value: string }
  | { type: 'ttc'; value: string }
  | { type: 'vat'; value: string | null }
  | { type: 'account'; value: string | null }
  | { type: 'unit'; value: string | null };

export function initialArticleForm(article: Article = newArticle()): ArticleFormState {
  return {
    article,
    ht: formatInputNumber(article.unitPriceHT, { decimals: 2 }),
    ttc: formatInputNumber(article.ttc ?? 0, { decimals: 2 }),
  };
}

export function articleFormReducer(state: ArticleFormState, action: ArticleFormAction): ArticleFormState {
  const { article } = state;
  switch (action.type) {
    case 'reset':
      return initialArticleForm(action.article);
    case 'text':
      return { ...state, article: { ...article, [action.field]: action.value } };
    case 'kind':
      return initialArticleForm(onArticleTypeChange(article, action.value));
    case 'ht': {
      const next = onHtChange(article, action.value);
      return { article: next, ht: action.value, ttc: formatInputNumber(next.ttc ?? 0, { decimals: 2 }) };
    }
    case 'ttc': {
      const next = onTtcChange(article, action.value);
      return { article: next, ttc: action.value, ht: formatInputNumber(next.unitPriceHT, { decimals: 2 }) };
    }
    case 'vat': {
      // ART-7: a blank VAT becomes 0; TTC follows from the HT price (ART-6).
      const next = onVatChange(article, action.value);
      return { ...state, article: next, ttc: formatInputNumber(next.ttc ?? 0, { decimals: 2 }) };
    }
    case 'account':
      return { ...state, article: { ...article, salesAccount: action.value ?? '' } };
    case 'unit':
      return { ...state, article: { ...article, unitMeasurement: action.value ? { label: action.value } : null } };
  }
}

export const TTC_INVALID = 'Le prix TTC de l’article doit être un montant positif ou nul, par exemple 12,50.';

const unreadable = (text: string) => text.trim() !== '' && parseFrenchNumber(text) === null;

/** The domain's rules plus the amount fields' text (an unreadable amount is never saved as 0 silently). */
export function articleFormErrors(state: ArticleFormState): string[] {
  const errors = validateArticle(state.article);
  if (state.article.type === 'Standard') {
    if (unreadable(state.ht) && !errors.includes(ARTICLE_MESSAGES.priceInvalid))
      errors.push(ARTICLE_MESSAGES.priceInvalid);
    if (unreadable(state.ttc) || (state.article.ttc ?? 0) < 0) errors.push(TTC_INVALID);
  }
  return errors;
}

/** Which field shows which message (the modal also lists them all above the buttons). */
export function articleFieldErrors(
  errors: readonly string[],
): Partial<Record<'code' | 'label' | 'ht' | 'vat' | 'ttc', string>> {
  const has = (m: string) => (errors.includes(m) ? m : undefined);
  return {
    code: has(ARTICLE_MESSAGES.codeRequired),
    label: has(ARTICLE_MESSAGES.labelRequired),
    ht: has(ARTICLE_MESSAGES.priceInvalid),
    vat: has(ARTICLE_MESSAGES.vatInvalid),
    ttc: has(TTC_INVALID),
  };
}
