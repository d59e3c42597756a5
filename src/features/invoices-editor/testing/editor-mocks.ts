// The invoice editor's api modules, answered by the shared fakes (tests/support/module-fakes.ts):
// imported first by every editor screen test, before the harness loads the editor. Each function
// named here calls the real one until a test answers otherwise (fake(name)).
import { vi } from 'vitest';

vi.mock('../api/business-documents', async (actual) =>
  (await import('../../../../tests/support/module-fakes')).delegating(
    await actual<typeof import('../api/business-documents')>(),
    ['loadBusinessDocument', 'fetchValidatedThisMonth'],
  ),
);
vi.mock('../api/save-business-document', async (actual) =>
  (await import('../../../../tests/support/module-fakes')).delegating(
    await actual<typeof import('../api/save-business-document')>(),
    ['saveBusinessDocument'],
  ),
);
vi.mock('../api/invoice-actions', async (actual) =>
  (await import('../../../../tests/support/module-fakes')).delegating(
    await actual<typeof import('../api/invoice-actions')>(),
    ['validateInvoice', 'sendInvoice'],
  ),
);
vi.mock('../api/quote-actions', async (actual) =>
  (await import('../../../../tests/support/module-fakes')).delegating(
    await actual<typeof import('../api/quote-actions')>(),
    ['changeQuoteState', 'convertQuote'],
  ),
);
vi.mock('../api/follow-up', async (actual) =>
  (await import('../../../../tests/support/module-fakes')).delegating(
    await actual<typeof import('../api/follow-up')>(),
    ['loadFollowUp', 'recordPayment'],
  ),
);
vi.mock('../api/cache-updates', async (actual) =>
  (await import('../../../../tests/support/module-fakes')).delegating(
    await actual<typeof import('../api/cache-updates')>(),
    ['confirmedDocument', 'refreshListSoon'],
  ),
);
vi.mock('../../../components/pdf-viewer/pdf-viewer', async (actual) =>
  (await import('../../../../tests/support/module-fakes')).delegating(
    await actual<typeof import('../../../components/pdf-viewer/pdf-viewer')>(),
    ['PdfViewer'],
  ),
);
vi.mock('../api/e-invoice-files', async (actual) =>
  (await import('../../../../tests/support/module-fakes')).delegating(
    await actual<typeof import('../api/e-invoice-files')>(),
    ['downloadEInvoice'],
  ),
);
