// Enregistrer and Valider: the rulebook first (same context as the server), then the outbox.
// A new document gets its route (?id=) once saved; the draft leaves only when the server has it.
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { isDraftConflict, resolveId } from '../../../data/outbox';
import { isTempId } from '../../../data/temp-ids';
import { todayInParis } from '../../../domain/dates';
import type { Customer } from '../../../domain/types';
import { toastError } from '../../../lib/toast';
import { confirmedDocument } from '../api/cache-updates';
import { fetchValidatedThisMonth, tableOf } from '../api/business-documents';
import { deleteDrafts, entriesOfDocument, writeDraft } from '../api/drafts';
import { pdfBlobFromBase64, validateInvoice } from '../api/invoice-actions';
import { saveBusinessDocument } from '../api/save-business-document';
import { documentErrors, type CheckInputs } from '../check-context';
import { stateFromInvoice, stateFromQuote } from '../editor-model';
import { ERRORS_DURATION, errorsTitle, saveFeedback, validateFeedback } from '../feedback';
import type { EditorState, InvoiceJson, QuoteJson } from '../types';
import { showFeedback } from '../components/show-feedback';
import type { EditorData } from './use-editor-data';
import { LIST_ROUTES, searchId } from './use-editor-business-document';
import type { EditorStateApi } from './use-editor-state';
import type { PdfDialogApi } from './use-pdf-dialog';

export const EDIT_ROUTES = {
  invoice: '/mes-factures/modifier-facture',
  quote: '/mes-factures/modifier-devis',
} as const;

/** errors: the list shown above the form; live: re-checked on every change (the device's own checks). */
export type SetErrors = (errors: string[], live?: boolean) => void;
/** onConflict: the save was refused because the draft was saved elsewhere since (the screen offers reload or overwrite). */
interface Deps {
  editor: EditorStateApi;
  data: EditorData;
  customer: Customer | null;
  pdf: PdfDialogApi;
  setErrors: SetErrors;
  onConflict?: () => void;
}

/** The facts the rulebook judges with, as the server reads them (check-context.ts). */
export function checkInputs(
  data: EditorData,
  customer: Customer | null,
  validatedThisMonth?: number | null,
): CheckInputs {
  return {
    exercises: data.exercises,
    customer,
    today: todayInParis(new Date()),
    company: data.facts,
    invoices: data.invoices,
    validatedThisMonth,
    seller: data.company,
  };
}

/** Saved already, or its creation waits in the outbox: no need to save again before validating. */
async function existsOrQueued(s: EditorState): Promise<boolean> {
  if (s.docId === null) return false;
  if (!isTempId(s.docId)) return true;
  if ((await resolveId(s.docId)) !== s.docId) return true;
  return (await entriesOfDocument(s.docKey, s.docId)).some((e) => e.createsTempId === s.docId && e.state !== 'failed');
}

export function useSaveActions({ editor, data, customer, pdf, setErrors, onConflict }: Deps) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'save' | 'validate' | null>(null);
  const { companyId } = data;

  const check = useCallback(
    (forValidation: boolean, validatedThisMonth?: number | null) => {
      const s = editor.get();
      const errors = documentErrors(s.kind, s.form, checkInputs(data, customer, validatedThisMonth), forValidation);
      setErrors(errors, !forValidation);
      if (errors.length) toastError(errorsTitle(s.kind), errors, ERRORS_DURATION);
      return errors.length === 0;
    },
    [editor, data, customer, setErrors],
  );

  /** Sends the form; the state afterwards, or null when the server refused it. */
  const persist = useCallback(
    async (opts: { goToDocument: boolean }): Promise<EditorState | null> => {
      // The pending draft write goes first, so it cannot land after (and revive) a draft the save retires.
      await editor.flush();
      const s = editor.get();
      const before = s.form;
      // Before the request leaves, the device's draft becomes the document as sent (its id, its
      // ordering key): a tab closed mid-request leaves a draft the next tab's replay retires, not a
      // "Nouveau devis" form offering the same document again (a second creation).
      const { outcome, plan, body } = await saveBusinessDocument(companyId, s, (p, sent) =>
        writeDraft(
          companyId,
          { ...s, docId: p.docId, docKey: p.docKey, slot: String(p.docId), dirty: false, sent },
          s.slot,
        ),
      );
      const conflict = outcome.status === 'failed' && isDraftConflict(outcome);
      if (!conflict) showFeedback(saveFeedback(s.kind, outcome));
      if (outcome.status === 'failed') {
        // Refused, nothing was created: the draft is the form as it stands, under its own slot.
        await writeDraft(companyId, editor.get(), String(plan.docId));
        if (conflict) onConflict?.();
        else setErrors(outcome.errors);
        return null;
      }
      setErrors([]);
      let next: EditorState;
      if (outcome.status === 'done') {
        const doc = outcome.response;
        await confirmedDocument(tableOf(s.kind), companyId, doc);
        const server = s.kind === 'invoice' ? stateFromInvoice(doc as InvoiceJson) : stateFromQuote(doc as QuoteJson);
        const typedMeanwhile = editor.get().form !== before;
        editor.replace((cur) =>
          typedMeanwhile
            ? {
                ...cur,
                docId: doc.id,
                docKey: plan.docKey,
                slot: String(doc.id),
                number: server.number,
                sent: null,
                version: server.version,
              }
            : { ...server, docKey: plan.docKey },
        );
        next = editor.get();
        await deleteDrafts(companyId, s.kind, [s.slot, String(plan.docId), String(doc.id)]);
        if (typedMeanwhile) await writeDraft(companyId, next);
      } else {
        editor.replace((cur) => ({
          ...cur,
          docId: plan.docId,
          docKey: plan.docKey,
          slot: String(plan.docId),
          dirty: cur.form !== before,
          sent: body,
        }));
        next = editor.get();
        await writeDraft(companyId, next, s.slot);
      }
      if (opts.goToDocument && s.slot !== next.slot)
        void navigate({ to: EDIT_ROUTES[s.kind], search: { id: searchId(next.slot) }, replace: true });
      return next;
    },
    [editor, companyId, navigate, setErrors, onConflict],
  );

  const save = useCallback(async () => {
    if (busy || !check(false)) return;
    setBusy('save');
    try {
      await persist({ goToDocument: true });
    } finally {
      setBusy(null);
    }
  }, [busy, check, persist]);

  const validate = useCallback(async () => {
    if (busy) return;
    setBusy('validate');
    try {
      // Starter facts: the server's count when it answers, else the cached list (the server re-checks).
      if (!check(true, await fetchValidatedThisMonth(companyId))) return;
      let s = editor.get();
      const initialSlot = s.slot;
      if (s.dirty || !(await existsOrQueued(s))) {
        const saved = await persist({ goToDocument: false });
        if (!saved) return;
        s = saved;
      }
      const docId = isTempId(s.docId) ? await resolveId(s.docId) : s.docId;
      const docKey = s.docKey ?? `invoice:${docId}`;
      const refused = (await entriesOfDocument(docKey, null)).find(
        (e) => e.kind === 'invoice.validate' && e.state === 'failed',
      );
      const outcome = await validateInvoice(companyId, docId as string | number, docKey, data.ledgerId, refused?.id);
      showFeedback(validateFeedback(outcome));
      if (outcome.status === 'done') {
        const { invoice, file, fileName } = outcome.response;
        await confirmedDocument('invoices', companyId, invoice);
        await deleteDrafts(companyId, 'invoice', [s.slot, String(invoice.id)]);
        editor.replace(() => ({ ...stateFromInvoice(invoice), docKey: s.docKey }));
        // INV-21: after validation the PDF is shown, then the user goes to the invoice list.
        pdf.start(fileName, { sendable: true, afterClose: () => void navigate({ to: LIST_ROUTES.invoice }) });
        pdf.show(pdfBlobFromBase64(file), fileName);
      } else if (outcome.status === 'queued') {
        editor.replace((cur) => ({ ...cur, validationQueued: true }));
        await writeDraft(companyId, editor.get());
      } else {
        setErrors(outcome.errors);
      }
      // A document saved on the way (new → numbered or temporary id) gets its own address.
      const slot = editor.get().slot;
      if (outcome.status !== 'done' && slot !== initialSlot)
        void navigate({ to: EDIT_ROUTES.invoice, search: { id: searchId(slot) }, replace: true });
    } finally {
      setBusy(null);
    }
  }, [busy, check, companyId, data.ledgerId, editor, navigate, pdf, persist, setErrors]);

  return { save, validate, persist, busy };
}
