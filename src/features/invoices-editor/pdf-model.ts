// The draft → the PDF renderer's model, for the offline preview: the one mapping of
// src/pdf/model.ts (decision 021), the very one the server's previews and PDFs use.
import { isTempId } from '../../data/temp-ids';
import type { Customer } from '../../domain/types';
import { customerSnapshot, documentModel, logoOf, sellerParty } from '../../pdf/model';
import type { BusinessDocumentModel } from '../../pdf/types';
import { effectiveVatOnDebits } from './editor-model';
import type { EditorForm, EditorKind, EnvCompany } from './types';

export type { PdfCustomer } from '../../pdf/model';

export interface PreviewInput {
  kind: EditorKind;
  form: EditorForm;
  /** A saved quote keeps its number on the preview, like the server's quote preview. */
  number: string | null;
  company: EnvCompany;
  logo: string | null | undefined;
  customer: Customer | null;
  correctedInvoiceNumber: string | null;
  /** The quote a converted invoice comes from ("Devis d'origine"). */
  estimateNumber?: string | null;
}

/** The preview model: always marked "Aperçu" (spec: previews of drafts carry the watermark). */
export function previewModel(input: PreviewInput): BusinessDocumentModel {
  const { form, customer } = input;
  const kind: BusinessDocumentModel['kind'] =
    input.kind === 'quote' ? 'Devis' : form.type === 'Avoir' ? 'Avoir' : 'Facture';
  // Created offline and not numbered yet: no number to print on the preview.
  const printed = customer && isTempId(customer.accountNumber) ? { ...customer, accountNumber: '' } : customer;
  return documentModel(
    {
      kind,
      number: kind === 'Devis' ? input.number : null,
      preview: true,
      issueDate: form.createdAt,
      dueDate: form.dueDate,
      validityDate: kind === 'Devis' ? (form.validatedAt ?? null) : null,
      designation: form.designation,
      lines: form.lines,
      paymentMode: kind === 'Devis' ? undefined : form.paymentMode,
      vatClause: form.vatClause,
      correctedInvoiceNumber: kind === 'Avoir' ? input.correctedInvoiceNumber : null,
      discount: form.discount,
      estimateNumber: input.estimateNumber,
      // Decision 046: the reform's mentions (invoices and credit notes; a quote prints none).
      ...(kind === 'Devis'
        ? {}
        : {
            operationKind: form.operationKind ?? null,
            vatOnDebits: effectiveVatOnDebits(form, input.company.vatOnDebits),
            deliveryAddress: form.deliveryAddress ?? null,
            saleDate: form.saleDate || null,
          }),
    },
    sellerParty(input.company),
    customerSnapshot(printed, form.billingAddress),
    logoOf(input.logo),
  );
}
