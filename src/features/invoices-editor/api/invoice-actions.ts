// Valider and Envoyer, through the outbox under the document's ordering key, so a validation
// queued offline replays after the saves queued before it.
import { screenOutcome, type ScreenOutcome } from '../../../data/local-rows';
import { submitMutation } from '../../../data/outbox';
import { api } from '../../../contract/index';
import { queued, type Answer } from '../../../data/api-call';

export type ValidateAnswer = Answer<typeof api.invoices.validateInvoice>;
type SendAnswer = Answer<typeof api.invoices.sendInvoice>;

/** replaces: a validation of this invoice the server refused before (it would block the new one). */
export async function validateInvoice(
  companyId: number,
  docId: string | number,
  docKey: string,
  ledgerId: number | null,
  replaces?: string,
): Promise<ScreenOutcome<ValidateAnswer>> {
  return screenOutcome(
    await submitMutation<ValidateAnswer>({
      ...queued(api.invoices.validateInvoice, { params: { id: docId }, body: ledgerId === null ? {} : { ledgerId } }),
      companyId,
      docKey,
      label: 'Validation de la facture',
      kind: 'invoice.validate',
      replaces,
    }),
  );
}

export async function sendInvoice(
  companyId: number,
  id: number,
  docKey: string,
  fileName: string,
  type: 'Facture' | 'Avoir',
): Promise<ScreenOutcome<SendAnswer>> {
  return screenOutcome(
    await submitMutation<SendAnswer>({
      ...queued(api.invoices.sendInvoice, { params: { id }, body: { fileName, type } }),
      companyId,
      docKey,
      label: `Envoi de ${type === 'Avoir' ? 'l’avoir' : 'la facture'} au client`,
      kind: 'invoice.send',
    }),
  );
}

/** The validated PDF of the answer (base64) as a Blob for the dialog. */
export function pdfBlobFromBase64(base64: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: 'application/pdf' });
}
