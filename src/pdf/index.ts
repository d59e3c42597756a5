/** Browser-safe entry of the PDF renderer (fonts: `fonts-node.ts` on the server, `fonts-browser.ts` in the PWA). */
export type { BusinessDocumentModel, PdfFonts, PdfLine, PdfParty } from './types';
export { renderBusinessDocument } from './render';
export { documentFileName } from './format';
