import { describe, it, expect } from 'vitest';
import * as domain from './index';

// The barrel is what the app and the server import: it must load (no clashing re-exports)
// and expose each rule under its contract name.
describe('domain index', () => {
  it('re-exports every rule module', () => {
    for (const name of [
      'toCents',
      'fromCents',
      'roundPrice',
      'formatMoney',
      'parseFrenchNumber',
      'computeTotals',
      'lineTotal',
      'addDays',
      'compareDates',
      'isSameMonth',
      'endOfMonth',
      'dueDateFor',
      'onInvoiceTypeChange',
      'quoteValidityFor',
      'formatDate',
      'formatDateLong',
      'formatDateTime',
      'todayInParis',
      'checkInvoice',
      'INVOICE_ERRORS_TITLE',
      'INVOICE_ERRORS_DURATION',
      'checkQuote',
      'stateKeyFromLabel',
      'stateLabelFromKey',
      'DEFAULT_QUOTE_STATE',
      'canTransition',
      'isQuoteEditable',
      'sortByNumberDesc',
      'sortArticles',
      'newArticle',
      'onArticleTypeChange',
      'onHtChange',
      'onVatChange',
      'onTtcChange',
      'toInvoiceCatalogEntry',
      'newLine',
      'validateArticle',
      'encodeLabel64',
      'decodeLabel64',
      'MAX_UPLOAD_BYTES',
      'ALLOWED_UPLOAD_TYPES',
      'checkUpload',
      'sniffMimeType',
      'sanitizeFileName',
      'hasMenuRight',
      'cutCompanyLabel',
    ]) {
      expect(domain, name).toHaveProperty(name);
    }
  });
});
