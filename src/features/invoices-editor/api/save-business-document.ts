// Enregistrer: POST (new) or PUT through the outbox, online or offline (save-plan.ts decides).
import { screenOutcome, type ScreenOutcome } from '../../../data/local-rows';
import { newTempId, resolveId, submitMutation } from '../../../data/outbox';
import { isTempId } from '../../../data/temp-ids';
import { toPayload } from '../editor-model';
import { planSave, saveKind, type SavePlan } from '../save-plan';
import type { EditorState, InvoiceJson, QuoteJson } from '../types';
import { entriesOfDocument } from './drafts';

export interface SaveResult {
  outcome: ScreenOutcome<InvoiceJson | QuoteJson>;
  plan: SavePlan;
  body: string;
}

function label(state: EditorState): string {
  const who = state.customer?.socialReason ? ` – ${state.customer.socialReason}` : '';
  if (state.kind === 'quote') return `Enregistrement du devis${state.number ? ` n° ${state.number}` : ''}${who}`;
  return `Enregistrement de ${state.form.type === 'Avoir' ? 'l’avoir' : 'la facture'} (brouillon)${who}`;
}

/** beforeSend: runs once the request is planned, before it is written to the outbox and sent. */
export async function saveBusinessDocument(
  companyId: number,
  state: EditorState,
  beforeSend?: (plan: SavePlan, body: string) => Promise<unknown>,
): Promise<SaveResult> {
  const tmp = isTempId(state.docId) ? state.docId : null;
  const resolved = tmp ? await resolveId(tmp) : null;
  const plan = planSave({
    kind: state.kind,
    docId: state.docId,
    docKey: state.docKey,
    resolved,
    newTempId,
    entries: await entriesOfDocument(state.docKey, tmp),
  });
  // A PUT names the draft version the form started from: the server refuses it (409) if someone
  // saved in between (decision 010). Null (created offline, not confirmed yet): the outbox gives it the
  // creation's version before sending.
  const payload =
    plan.method === 'PUT'
      ? { ...toPayload(state.kind, state.form), version: state.version ?? null }
      : toPayload(state.kind, state.form);
  const body = JSON.stringify(payload);
  await beforeSend?.(plan, body);
  const result = await submitMutation<InvoiceJson | QuoteJson>({
    method: plan.method,
    path: plan.path,
    body: payload,
    companyId,
    docKey: plan.docKey,
    label: label(state),
    kind: saveKind(state.kind),
    createsTempId: plan.createsTempId,
    replaces: plan.replaces,
  });
  return { outcome: await screenOutcome(result), plan, body };
}
