import { renderBusinessDocument } from '../../../../src/pdf/render';
import { loadPdfFontsNode } from '../../../../src/pdf/fonts-node';
import type { BusinessDocumentModel } from '../../../../src/pdf/types';

// The records → the renderer's model: the one mapping of src/pdf/model.ts (decision 021), shared
// with the browser's offline preview. The same mapping serves previews (watermark) and validated
// documents (snapshots frozen at validation).
export {
  bankDetails,
  customerSnapshot,
  documentModel,
  pdfLines,
  sellerParty,
  type BusinessDocumentFields,
} from '../../../../src/pdf/model';
import { logoOf as logoOfDataUrl } from '../../../../src/pdf/model';

/** The company's logo (a PNG or JPEG data URL), or none. */
export const logoOf = (company: { logo: string | null }): BusinessDocumentModel['logo'] => logoOfDataUrl(company.logo);

export async function renderPdf(model: BusinessDocumentModel): Promise<Uint8Array> {
  return renderBusinessDocument(model, await loadPdfFontsNode());
}
