// What a fiscal document's page reads from the server (decision 082: datasets are declared in
// -data.ts files).
import { api } from '../../contract/index';
import type { DocumentItem } from '../../contract/documents';
import { call } from '../../data/api-call';
import { defineServerData } from '../../data/sync/server-data';

/** GET /api/ged/fiscal/{id}: the document's card, 404 when it is not a readable fiscal document. */
export const fiscalDocumentData = defineServerData<{ id: number }, DocumentItem>({
  key: 'fiscalDocument',
  keep: 'memory',
  fetch: ({ id }, { signal }) => call(api.documents.fiscal, { params: { id }, options: { signal } }),
});

// Its bytes come from the documents' own view endpoint (same read rules, same read mark). Large: kept
// while the page shows it only.
export const fiscalFileData = defineServerData<{ id: number }, Blob>({
  key: 'fiscalFile',
  keep: 'memory',
  manual: true,
  forgetOnLeave: true,
  fetch: ({ id }, { signal }) =>
    call(api.documents.view, { params: { id }, options: { signal, timeout: 120_000 } }) as Promise<Blob>,
});
