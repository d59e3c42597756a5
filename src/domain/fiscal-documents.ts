// /fiscadas/{id} (NAV-5, content not given; decision 045): one fiscal document of the company,
// opened in the PDF viewer. « Fiscal » here is what the firm files for the tax authorities and the
// company deposits as such: the annual accounts with their « liasse fiscale » (Bilan), the VAT
// returns (Déclaration de TVA) and the deposit folder « Fiscal ». Shared by the server (404 outside
// these) and the app.
import { descendantIds } from './document-categories';

/** Bilan (18), Déclaration de TVA (19), Fiscal (45, deposits), with what lies under them. */
export const FISCAL_CATEGORY_IDS: readonly number[] = [18, 19, 45].flatMap(descendantIds);

export const isFiscalCategory = (categoryId: number) => FISCAL_CATEGORY_IDS.includes(categoryId);

/** The portal path of a fiscal document. */
export const fiscalDocumentPath = (id: number) => `/fiscadas/${id}`;
