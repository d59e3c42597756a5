// Aperçu, Envoyer, the validated PDF, and the quote's state change and conversion.
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { newTempId, resolveId } from '../../../data/outbox';
import { isTempId } from '../../../data/temp-ids';
import { dueDateFor, todayInParis } from '../../../domain/dates';
import type { Customer, QuoteStateLabel } from '../../../domain/types';
import { isOnline } from '../../../lib/online';
import { readApiError } from '../../../lib/http';
import { toastError } from '../../../lib/toast';
import { documentFileName } from '../../../pdf/format';
import { confirmedDocument } from '../api/cache-updates';
import { fetchInvoicePdf } from '../api/business-documents';
import { downloadEInvoice, type EInvoiceFormat } from '../api/e-invoice-files';
import { writeDraft } from '../api/drafts';
import { sendInvoice } from '../api/invoice-actions';
import { previewOnServer, renderInBrowser } from '../api/preview';
import { changeQuoteState, convertQuote } from '../api/quote-actions';
import { newEditorState, toPayload } from '../editor-model';
import { convertFeedback, MESSAGES, sendFeedback, stateFeedback } from '../feedback';
import { previewModel } from '../pdf-model';
import { showFeedback } from '../components/show-feedback';
import type { EditorData } from './use-editor-data';
import type { EditorStateApi } from './use-editor-state';
import type { PdfDialogApi } from './use-pdf-dialog';
import { EDIT_ROUTES } from './use-save-actions';

interface Deps {
  editor: EditorStateApi;
  data: EditorData;
  customer: Customer | null;
  pdf: PdfDialogApi;
  persist: (opts: { goToDocument: boolean }) => Promise<unknown>;
}

const NO_COMPANY =
  'Les informations de votre société ne sont pas encore enregistrées sur cet appareil : connectez-vous une fois au réseau pour les charger.';
const OFFLINE_PDF =
  'Le PDF d’une facture validée se télécharge depuis le serveur : reconnectez-vous au réseau pour l’ouvrir.';

/** The server id of a document, when it has one (a temporary id maps once its creation is done). */
async function serverIdOf(docId: string | number | null): Promise<number | null> {
  if (docId === null) return null;
  const id = isTempId(docId) ? await resolveId(docId) : docId;
  return typeof id === 'number' ? id : /^\d+$/.test(String(id)) ? Number(id) : null;
}

/** The document's files: its preview (server, else the browser), the validated PDF, the e-invoice. */
function useDocumentFiles({ editor, data, customer, pdf }: Omit<Deps, 'persist'>) {
  const { companyId } = data;

  const fileNameOf = useCallback(() => {
    const s = editor.get();
    const kind = s.kind === 'quote' ? 'Devis' : s.form.type === 'Avoir' ? 'Avoir' : 'Facture';
    return documentFileName(
      kind,
      customer?.socialReason ?? s.customer?.socialReason ?? '',
      s.kind === 'quote' || s.validated ? s.number : null,
    );
  }, [editor, customer]);

  const preview = useCallback(async () => {
    const s = editor.get();
    pdf.start(fileNameOf());
    if (isOnline()) {
      const answer = await previewOnServer(s.kind, companyId, toPayload(s.kind, s.form), await serverIdOf(s.docId));
      if (answer.status === 'ok') return pdf.show(answer.blob);
      if (answer.status === 'refused') {
        pdf.close();
        toastError(answer.message);
        return;
      }
    }
    // Offline, or the server cannot be reached: the same renderer, in the browser.
    try {
      if (!data.company) throw new Error(NO_COMPANY);
      const model = previewModel({
        kind: s.kind,
        form: s.form,
        number: s.number,
        company: data.company,
        logo: data.logo,
        customer,
        correctedInvoiceNumber: s.correctedInvoiceNumber,
        estimateNumber: s.estimate?.number ?? null,
      });
      pdf.show(await renderInBrowser(model));
    } catch (error) {
      const message = String((error as Error)?.message ?? error);
      pdf.fail(message);
      toastError(MESSAGES.pdfDialogError, message);
    }
  }, [editor, pdf, fileNameOf, companyId, data.company, data.logo, customer]);

  /** The validated invoice as issued (stored on the server). */
  const openValidatedPdf = useCallback(async () => {
    const s = editor.get();
    const id = await serverIdOf(s.docId);
    if (id === null) return;
    pdf.start(fileNameOf(), { sendable: true });
    if (!isOnline()) return pdf.fail(OFFLINE_PDF);
    try {
      pdf.show(await fetchInvoicePdf(companyId, id));
    } catch (error) {
      const message = String((error as Error)?.message ?? error);
      pdf.fail(message);
      toastError(MESSAGES.pdfDialogError, message);
    }
  }, [editor, pdf, fileNameOf, companyId]);

  /** Decision 046: the validated invoice's Factur-X PDF or its UBL XML, downloaded from the server. */
  const download = useCallback(
    async (format: EInvoiceFormat) => {
      const s = editor.get();
      const id = await serverIdOf(s.docId);
      if (id === null) return;
      const pdfName = fileNameOf();
      const name = format === 'ubl' ? pdfName.replace(/\.pdf$/i, '') + '.xml' : pdfName;
      try {
        await downloadEInvoice(companyId, id, format, name);
      } catch (error) {
        const e = await readApiError(error);
        toastError(MESSAGES.downloadError, e.message ?? e.statusText ?? undefined);
      }
    },
    [editor, fileNameOf, companyId],
  );
  return { fileNameOf, preview, openValidatedPdf, download };
}

export function useBusinessDocumentActions({ editor, data, customer, pdf, persist }: Deps) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'send' | 'state' | 'convert' | null>(null);
  const { companyId } = data;
  const { fileNameOf, preview, openValidatedPdf, download } = useDocumentFiles({ editor, data, customer, pdf });

  const send = useCallback(
    async (fileName: string) => {
      const s = editor.get();
      const id = await serverIdOf(s.docId);
      if (id === null || busy) return;
      setBusy('send');
      try {
        showFeedback(
          sendFeedback(
            await sendInvoice(
              companyId,
              id,
              s.docKey ?? `invoice:${id}`,
              fileName,
              s.form.type === 'Avoir' ? 'Avoir' : 'Facture',
            ),
          ),
        );
      } finally {
        setBusy(null);
      }
    },
    [editor, companyId, busy],
  );

  const changeState = useCallback(
    async (state: QuoteStateLabel) => {
      const s = editor.get();
      if (s.docId === null || busy) return;
      setBusy('state');
      try {
        const outcome = await changeQuoteState(
          companyId,
          await resolveId(s.docId),
          s.docKey ?? `quote:${s.docId}`,
          s.number,
          state,
        );
        showFeedback(stateFeedback(outcome, s.number));
        if (outcome.status === 'done') {
          await confirmedDocument('quotes', companyId, outcome.response);
          editor.replace((cur) => ({ ...cur, state: outcome.response.state, invoiceId: outcome.response.invoiceId }));
        } else if (outcome.status === 'queued') {
          editor.replace((cur) => ({ ...cur, state }));
        }
      } finally {
        setBusy(null);
      }
    },
    [editor, companyId, busy],
  );

  /** QUO-15: the quote becomes a new invoice (type Facture, payment mode cleared) saved by the server. */
  const convert = useCallback(async () => {
    let s = editor.get();
    if (s.docId === null || busy) return;
    setBusy('convert');
    try {
      if (s.dirty) {
        if (!(await persist({ goToDocument: false }))) return;
        s = editor.get();
      }
      const tmp = newTempId();
      const outcome = await convertQuote(
        companyId,
        await resolveId(s.docId!),
        s.docKey ?? `quote:${s.docId}`,
        s.number,
        tmp,
      );
      const feedback = convertFeedback(outcome);
      if (feedback) showFeedback(feedback);
      if (outcome.status === 'failed') return;
      editor.replace((cur) => ({ ...cur, state: 'Facturé' }));
      if (outcome.status === 'done') {
        await confirmedDocument('invoices', companyId, outcome.response);
        void navigate({ to: EDIT_ROUTES.invoice, search: { id: outcome.response.id } });
        return;
      }
      // Offline: the invoice is drafted here exactly as the server will make it, under its temporary id.
      const today = todayInParis(new Date());
      const form = {
        ...s.form,
        type: 'Facture' as const,
        createdAt: today,
        dueDate: dueDateFor(today, customer?.paymentDelay),
        paymentMode: '',
        validatedAt: null,
        correctedInvoiceId: null,
      };
      await writeDraft(companyId, {
        ...newEditorState('invoice', tmp, form),
        docId: tmp,
        docKey: `invoice:${tmp}`,
        customer: s.customer,
      });
      void navigate({ to: EDIT_ROUTES.invoice, search: { id: tmp } });
    } finally {
      setBusy(null);
    }
  }, [editor, companyId, busy, persist, customer, navigate]);

  const sendDocument = useCallback(() => send(fileNameOf()), [send, fileNameOf]);
  return { preview, openValidatedPdf, download, send, sendDocument, changeState, convert, busy };
}
