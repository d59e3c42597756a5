import { Anchor, Badge, Grid, Group, Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useMatch, useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { DataAge } from '../../../components/offline/data-age';
import { PageHeader } from '../../../components/page/page-header';
import { PdfDialog } from '../../../components/pdf-dialog';
// Aliased: `can` below is the editor's own map of allowed actions.
import { can as userCan, type Child, type Permission } from '../../../domain/rights';
import { useOnline } from '../../../lib/online';
import { profileAtom } from '../../../lib/session';
import { deleteDrafts } from '../api/drafts';
import { searchId } from '../hooks/use-editor-business-document';
import { errorsTitle } from '../feedback';
import { useBusinessDocumentActions } from '../hooks/use-business-document-actions';
import { useEditorData, type EditorData } from '../hooks/use-editor-data';
import { useEditorBusinessDocument } from '../hooks/use-editor-business-document';
import { useEditorState } from '../hooks/use-editor-state';
import { usePdfDialog } from '../hooks/use-pdf-dialog';
import { useBusinessDocumentOutbox } from '../hooks/use-business-document-outbox';
import { checkInputs, useSaveActions, type SetErrors } from '../hooks/use-save-actions';
import { useDraftConflict } from '../hooks/use-draft-conflict';
import { DraftConflictModal } from './draft-conflict-modal';
import { documentErrors } from '../check-context';
import { useCreditBasis } from '../credit-basis-data';
import type { EditorKind, EditorState } from '../types';
import { BusinessDocumentFieldset } from './business-document-fieldset';
import { EditorActions, type EditorCan } from './editor-actions';
import { EditorNotices } from './editor-notices';
import { ErrorsAlert } from './errors-alert';
import { InvoiceFollowUpSection, StatusBadges, useInvoiceFollowUp } from './invoice-follow-up';
import { LinesEditor } from './lines-editor';
import { ReadOnlyBusinessDocument } from './read-only-business-document';
import { TotalsCard, VatClauseField } from './totals-card';
import { ActionBar } from './action-bar';
import { InvoiceTransmissionBadge } from '../../platform-settings/index';
import { LivePreview } from './live-preview';
import { computeTotals } from '../../../domain/totals';
import type { Customer, Discount } from '../../../domain/types';
import { previewModel } from '../pdf-model';

const text = (v: string | number | undefined) => (v === undefined || v === '' ? undefined : String(v));

// One screen per kind for its two routes (new, edit): moving from one to the other after the first
// save keeps the screen mounted. Each route's search is read typed, from the route that matched.
const NEW_INVOICE = '/app/mes-factures/ajouter-facture';
const EDIT_INVOICE = '/app/mes-factures/modifier-facture';
const EDIT_QUOTE = '/app/mes-factures/modifier-devis';

/** /mes-factures/ajouter-facture (?avoir=<id> for a credit note) and /mes-factures/modifier-facture?id=. */
export function InvoiceEditorScreen() {
  const created = useMatch({ from: NEW_INVOICE, shouldThrow: false, select: (m) => m.search });
  const edited = useMatch({ from: EDIT_INVOICE, shouldThrow: false, select: (m) => m.search });
  return <EditorScreen kind="invoice" id={text(edited?.id)} avoir={text(created?.avoir)} payOnOpen={!!edited?.payer} />;
}

/** /mes-factures/ajouter-devis and /mes-factures/modifier-devis?id=. */
export function QuoteEditorScreen() {
  const edited = useMatch({ from: EDIT_QUOTE, shouldThrow: false, select: (m) => m.search });
  return <EditorScreen kind="quote" id={text(edited?.id)} avoir={undefined} payOnOpen={false} />;
}

function EditorSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Chargement du document">
      <Skeleton height={36} width="40%" />
      <Skeleton height={220} radius="md" />
      <Skeleton height={260} radius="md" />
    </Stack>
  );
}

interface EditorScreenProps {
  kind: EditorKind;
  id?: string;
  avoir?: string;
  /** The invoice list's « Enregistrer un paiement » (?payer=1): the payment dialog opens at once. */
  payOnOpen: boolean;
}

function EditorScreen({ kind, id, avoir, payOnOpen }: EditorScreenProps) {
  const { doc, loadId, reload } = useEditorBusinessDocument(kind, id, avoir);
  const data = useEditorData();
  if (doc.status === 'loading' || data.loading) return <EditorSkeleton />;
  return (
    <EditorBody
      key={`${id ?? ''}:${avoir ?? ''}:${loadId}`}
      initial={doc.state}
      restored={doc.restored}
      fromCache={doc.fromCache}
      data={data}
      onReload={reload}
      payOnOpen={payOnOpen}
    />
  );
}

function titleOf(s: EditorState): string {
  const credit = s.form.type === 'Avoir';
  if (s.kind === 'quote') return s.number ? `Devis n° ${s.number}` : 'Nouveau devis';
  if (s.validated) return `${credit ? 'Avoir' : 'Facture'} n° ${s.number ?? ''}`;
  if (s.docId === null) return credit ? 'Nouvel avoir' : 'Nouvelle facture';
  return credit ? 'Brouillon d’avoir' : 'Brouillon de facture';
}

/** The form, with the live preview in a column beside it when there is one. */
function SideBySide({ preview, children }: { preview: React.ReactNode; children: React.ReactNode }) {
  if (!preview) return <>{children}</>;
  return (
    <Grid gap="md">
      <Grid.Col span={7}>
        <Stack gap="md">{children}</Stack>
      </Grid.Col>
      <Grid.Col span={5}>{preview}</Grid.Col>
    </Grid>
  );
}

function EditorBody({
  initial,
  restored,
  fromCache,
  data,
  onReload,
  payOnOpen,
}: {
  initial: EditorState;
  restored: boolean;
  fromCache: boolean;
  data: EditorData;
  onReload: () => void;
  payOnOpen: boolean;
}) {
  const editor = useEditorState(initial, data.companyId);
  const { state, change } = editor;
  const navigate = useNavigate();
  const online = useOnline();
  const profile = useAtomValue(profileAtom);
  const customer = useMemo(
    () => data.customers.find((c) => c.accountNumber === state.form.accountNumber) ?? null,
    [data.customers, state.form.accountNumber],
  );
  // A list from the device's own checks shrinks as the user fixes the form; the server's stays until the next try.
  const [shown, setShown] = useState<{ list: string[]; live: boolean }>({ list: [], live: false });
  const setErrors = useCallback<SetErrors>((list, live = false) => setShown({ list, live }), []);
  const errors = useMemo(
    () =>
      shown.live && shown.list.length
        ? documentErrors(state.kind, state.form, checkInputs(data, customer), false)
        : shown.list,
    [shown, state.kind, state.form, data, customer],
  );
  const pdf = usePdfDialog();
  const outbox = useBusinessDocumentOutbox(state.docKey, state.docId);
  // A save refused because the draft was saved elsewhere: the user chooses (decision 010).
  const conflictRef = useRef<() => void>(() => undefined);
  const onConflict = useCallback(() => conflictRef.current(), []);
  const saving = useSaveActions({ editor, data, customer, pdf, setErrors, onConflict });
  const conflict = useDraftConflict({ editor, companyId: data.companyId, persist: saving.persist });
  // The saves and the conflict need each other: the ref bridges them, set after each commit (a
  // conflict is only ever reported by a save that finished, never during a render).
  useLayoutEffect(() => {
    conflictRef.current = conflict.open;
  });
  const actions = useBusinessDocumentActions({ editor, data, customer, pdf, persist: saving.persist });
  // Validated invoice: status, payments, credit notes, history (decision 011).
  const follow = useInvoiceFollowUp(state, data.companyId);
  useCreditBasis(
    data.companyId,
    state.kind === 'invoice' && !state.validated && state.form.type === 'Avoir' ? state.form.correctedInvoiceId : null,
  );

  const can = editorCan(profile, state, follow);
  const readOnly =
    state.validated ||
    (state.kind === 'quote' && state.state !== null && state.state !== 'En cours' && state.state !== 'Accepté');

  const { livePreview, liveModel } = useLiveModel(state, data, customer);
  const setDiscount = useCallback((discount: Discount | null) => change((f) => ({ ...f, discount })), [change]);
  const barTotals = useMemo(
    () => computeTotals(state.form.lines, state.form.discount),
    [state.form.lines, state.form.discount],
  );

  async function discard() {
    await deleteDrafts(data.companyId, state.kind, [state.slot]);
    onReload();
  }

  return (
    <Stack gap="md">
      <PageHeader title={titleOf(state)} />
      <EditorBadges state={state} follow={follow} fetchedAt={data.fetchedAt} />
      <EditorNotices
        state={state}
        outbox={outbox}
        restored={restored}
        fromCache={fromCache}
        onDiscard={() => void discard()}
      />
      <ErrorsAlert title={errorsTitle(state.kind)} errors={errors} onClose={() => setErrors([])} />
      {follow && (
        <InvoiceFollowUpSection follow={follow} companyId={data.companyId} canPay={can.edit} payOnOpen={payOnOpen} />
      )}
      {readOnly ? (
        <ReadOnlyBusinessDocument state={state} customer={customer} />
      ) : (
        <SideBySide preview={livePreview && <LivePreview model={liveModel} title={titleOf(state)} />}>
          <BusinessDocumentFieldset state={state} change={change} data={data} customer={customer} />
          <LinesEditor
            lines={state.form.lines}
            change={change}
            articles={data.articles}
            vatRates={data.vatRates}
            units={data.units}
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Paper withBorder p="md" radius="md">
              <VatClauseField form={state.form} change={change} clauses={data.vatClauses} />
            </Paper>
            <TotalsCard lines={state.form.lines} discount={state.form.discount} onDiscount={setDiscount} />
          </SimpleGrid>
        </SideBySide>
      )}
      <ActionBar totals={readOnly ? null : barTotals}>
        <EditorActions
          state={state}
          can={can}
          busy={saving.busy ?? actions.busy}
          online={online}
          validationPending={outbox.validationPending}
          onPreview={() => void actions.preview()}
          onSave={() => void saving.save()}
          onValidate={() => void saving.validate()}
          onOpenPdf={() => void actions.openValidatedPdf()}
          onDownload={(format) => void actions.download(format)}
          onSend={() => void actions.sendDocument()}
          onCreditNote={() =>
            void navigate({ to: '/mes-factures/ajouter-facture', search: { avoir: searchId(state.docId) } })
          }
          onState={(s) => void actions.changeState(s)}
          onConvert={() => void actions.convert()}
        />
      </ActionBar>
      <DraftConflictModal conflict={conflict} />
      <PdfDialog
        opened={pdf.dialog.opened}
        onClose={pdf.close}
        file={pdf.dialog.file}
        fileName={pdf.dialog.fileName}
        loading={pdf.dialog.loading}
        error={pdf.dialog.error}
        canSend={pdf.dialog.sendable && can.send}
        onSend={() => void actions.send(pdf.dialog.fileName)}
        sending={actions.busy === 'send'}
      />
    </Stack>
  );
}

/** What the user may do with this document (their rights on its list), a credit note only while something is left to credit. */
function editorCan(
  profile: Parameters<typeof userCan>[0],
  state: EditorState,
  follow: ReturnType<typeof useInvoiceFollowUp>,
): EditorCan {
  const child = state.kind === 'invoice' ? 'listeFactures' : 'listeDevis';
  const has = (child: Child, p: Permission) => userCan(profile, p, { menu: 'mesFactures', child });
  return {
    save: has(child, state.docId === null ? 'create' : 'edit'),
    edit: has(child, 'edit'),
    validate: has('listeFactures', 'edit'),
    send: has('listeFactures', 'edit'),
    // A fully credited invoice gets no further credit note (decision 011); the server refuses it too.
    createInvoice: has('listeFactures', 'create') && (follow?.followUp.creditable ?? 1) > 0,
    transform: userCan(profile, 'convertQuote'),
  };
}

/** Wide screens (≥ 1600 px): the document as it prints, beside the form. */
function useLiveModel(state: EditorState, data: EditorData, customer: Customer | null) {
  const livePreview = useMediaQuery('(min-width: 100em)') === true;
  const liveModel = useMemo(
    () =>
      livePreview && data.company
        ? previewModel({
            kind: state.kind,
            form: state.form,
            number: state.number,
            company: data.company,
            logo: data.logo,
            customer,
            correctedInvoiceNumber: state.correctedInvoiceNumber,
            estimateNumber: state.estimate?.number ?? null,
          })
        : null,
    [
      livePreview,
      data.company,
      data.logo,
      state.kind,
      state.form,
      state.number,
      state.correctedInvoiceNumber,
      state.estimate,
      customer,
    ],
  );
  return { livePreview, liveModel };
}

/** The document's statuses (or « Validée »), a quote's state, the quote an invoice came from, the data's age. */
function EditorBadges({
  state,
  follow,
  fetchedAt,
}: {
  state: EditorState;
  follow: ReturnType<typeof useInvoiceFollowUp>;
  fetchedAt: EditorData['fetchedAt'];
}) {
  return (
    <Group gap="sm" mt={-12}>
      {follow ? (
        <StatusBadges statuses={follow.statuses} />
      ) : (
        state.validated && (
          <Badge color="#1e6b34" variant="filled" size="lg">
            Validée
          </Badge>
        )
      )}
      {/* Decision 088: its transmission to the company's platform (« En attente de transmission », « Transmise »…). */}
      {state.kind === 'invoice' && state.validated && typeof state.docId === 'number' && (
        <InvoiceTransmissionBadge invoiceId={state.docId} />
      )}
      {state.kind === 'quote' && state.state && state.number && (
        <Badge color="#1c4f8c" variant="filled" size="lg">
          {state.state}
        </Badge>
      )}
      {state.estimate && (
        <Anchor
          size="sm"
          renderRoot={(props) => (
            <Link {...props} to="/mes-factures/modifier-devis" search={{ id: state.estimate!.id }} />
          )}
        >
          Issue du devis n° {state.estimate.number}
        </Anchor>
      )}
      <DataAge fetchedAt={fetchedAt} />
    </Group>
  );
}
