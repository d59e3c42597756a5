import { Button } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import { PageHeader } from '../../../components/page/page-header';
import { QUOTE_STATES } from '../../../domain/quote-states';
import { can } from '../../../domain/rights';
import type { QuotePayload, QuoteStateLabel } from '../../../domain/types';
import { readApiError } from '../../../lib/http';
import { useOnline } from '../../../lib/online';
import { currentCompanyAtom, profileAtom } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { fetchQuotePage } from '../api/list-api';
import { changeQuoteState, convertQuote, downloadPdf } from '../api/row-actions';
import {
  countLabel,
  EMPTY_QUOTE_FILTERS,
  filterQuotes,
  quoteQuery,
  type QuoteFilters,
  type QuoteListRow,
} from '../list-model';
import { editorTarget, NEW_QUOTE_PATH } from '../paths';
import { localQuoteRow } from '../pending-rows';
import { ROW_TOASTS, rowFeedback } from '../row-feedback';
import { useSearchFilters } from '../../../lib/use-search-filters';
import { useBusinessDocumentList } from '../use-business-document-list';
import { useCustomerDirectory, usePendingDocuments } from '../use-list-context';
import { useOpen } from './cells';
import { ConfirmModal } from '../../../components/confirm-modal';
import { BusinessDocumentTable } from './business-document-table';
import { FilterSelect, ListFilters } from './list-filters';
import { ListFrame } from './list-frame';
import { quoteColumns } from './quote-columns';
import { showFeedback } from './show-feedback';

const STATES = QUOTE_STATES.map((s) => ({ value: s, label: s }));

/** /mes-factures/liste-des-devis: quotes, number descending, state changes and conversion. */
export function QuoteListPage() {
  const companyId = useAtomValue(currentCompanyAtom)?.id ?? 0;
  const profile = useAtomValue(profileAtom);
  const canEdit = can(profile, 'edit', { menu: 'mesFactures', child: 'listeDevis' });
  const canConvert = can(profile, 'convertQuote');
  const canCreate = can(profile, 'create', { menu: 'mesFactures', child: 'listeDevis' });
  const online = useOnline();
  const open = useOpen();
  const navigate = useNavigate();
  // Filters live in the URL (decision 022): linked, reloaded, restored by the back button.
  const [filters, patch, reset] = useSearchFilters('/app/mes-factures/liste-des-devis', EMPTY_QUOTE_FILTERS);
  const [q] = useDebouncedValue(filters.q, 250);
  const query = useMemo(() => quoteQuery({ ...filters, q }), [filters, q]);
  const { options, lookup } = useCustomerDirectory();
  const pending = usePendingDocuments<QuotePayload>('estimates');
  const localRows = useMemo(
    () => pending.created.map((c) => localQuoteRow(c.tempId, c.payload, lookup)),
    [pending.created, lookup],
  );
  const filterLocal = useCallback(
    (rows: readonly QuoteListRow[], qy: typeof query | null) => filterQuotes(rows, qy ?? {}),
    [],
  );
  const list = useBusinessDocumentList({ dataset: 'quotes', query, fetchPage: fetchQuotePage, filterLocal, localRows });
  const { patchRow } = list;
  const [toCancel, setToCancel] = useState<QuoteListRow | null>(null);
  const [busy, setBusy] = useState(false);

  const applyState = useCallback(
    async (row: QuoteListRow, state: QuoteStateLabel) => {
      const outcome = await changeQuoteState(companyId, row, state);
      showFeedback(rowFeedback(outcome, ROW_TOASTS.quoteState(row.number), ROW_TOASTS.quoteStateError));
      if (outcome.status !== 'failed') patchRow(row.id, (r) => ({ ...r, state }));
    },
    [companyId, patchRow],
  );
  const onState = useCallback(
    (row: QuoteListRow, state: QuoteStateLabel) => {
      if (state === 'Annulé') setToCancel(row);
      else void applyState(row, state);
    },
    [applyState],
  );
  const onConvert = useCallback(
    (row: QuoteListRow) => {
      void convertQuote(companyId, row).then((outcome) => {
        if (outcome.status === 'done') {
          const target = editorTarget('invoice', outcome.response.id);
          void navigate({ to: target.to as '/', search: target.search as never });
        } else showFeedback(rowFeedback(outcome, '', ROW_TOASTS.convertError, ROW_TOASTS.convertQueued));
      });
    },
    [companyId, navigate],
  );
  const onDownload = useCallback((row: QuoteListRow) => {
    downloadPdf('estimates', row.id, `Devis_${row.number ?? ''}.pdf`).catch(async (e: unknown) =>
      toastError(ROW_TOASTS.downloadError, (await readApiError(e)).message ?? undefined),
    );
  }, []);

  const columns = useMemo(
    () => quoteColumns({ pending: pending.ids, online, canEdit, canConvert, open, onDownload, onState, onConvert }),
    [pending.ids, online, canEdit, canConvert, open, onDownload, onState, onConvert],
  );
  const active = JSON.stringify(filters) !== JSON.stringify(EMPTY_QUOTE_FILTERS);
  const createButton = canCreate && (
    <Button
      component="a"
      href={NEW_QUOTE_PATH}
      onClick={open(NEW_QUOTE_PATH)}
      leftSection={<IconPlus size={18} />}
      mih={44}
    >
      Nouveau devis
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Mes devis"
        description="Vos devis, du numéro le plus récent au plus ancien."
        actions={createButton}
      />
      <ListFrame
        list={list}
        countText={countLabel(list.total, 'devis', 'devis')}
        filtersActive={active}
        onReset={reset}
        emptyTitle="Aucun devis pour le moment."
        emptyText="Créez votre premier devis : il apparaîtra ici."
        noMatch="Aucun devis ne correspond à ces critères."
        createButton={createButton}
        filters={
          <ListFilters
            filters={filters}
            onChange={patch}
            onReset={reset}
            active={active}
            searchLabel="Rechercher un devis"
            customers={options}
          >
            <FilterSelect
              label="État"
              placeholder="Tous"
              data={STATES}
              value={filters.state}
              onChange={(v) => patch({ state: v as QuoteFilters['state'] })}
            />
          </ListFilters>
        }
        table={
          <BusinessDocumentTable
            label="Devis"
            rows={list.rows}
            columns={columns}
            stale={list.stale}
            loadingMore={list.loadingMore}
            onRange={list.onRange}
          />
        }
      />
      <ConfirmModal
        opened={toCancel !== null}
        title="Annuler le devis"
        message={
          toCancel
            ? `Voulez-vous vraiment passer ${toCancel.number ? `le devis n°${toCancel.number}` : 'ce devis'} à l’état « Annulé » ? Un devis annulé ne peut plus être modifié ni transformé en facture.`
            : ''
        }
        confirm="Annuler le devis"
        cancel="Retour"
        busy={busy}
        onCancel={() => setToCancel(null)}
        onConfirm={() => {
          if (!toCancel) return;
          setBusy(true);
          void applyState(toCancel, 'Annulé').finally(() => {
            setBusy(false);
            setToCancel(null);
          });
        }}
      />
    </>
  );
}
