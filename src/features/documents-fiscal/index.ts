// /fiscadas/{id} (decision 045): a fiscal document of the company in the PDF viewer.
export { FiscalDocumentPage } from './fiscal-document-page';
