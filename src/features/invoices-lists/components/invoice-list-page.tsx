import { Button } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useCallback, useMemo } from 'react';
import { PageHeader } from '../../../components/page/page-header';
import { can } from '../../../domain/rights';
import type { InvoicePayload } from '../../../domain/types';
import { readApiError } from '../../../lib/http';
import { useOnline } from '../../../lib/online';
import { currentCompanyAtom, profileAtom } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { fetchInvoicePage } from '../api/list-api';
import { downloadPdf, downloadUbl, setInvoicePaid } from '../api/row-actions';
import {
  countLabel,
  EMPTY_INVOICE_FILTERS,
  LIFECYCLE_FILTER_OPTIONS,
  filterInvoices,
  INVOICE_STATUS_OPTIONS,
  invoiceQuery,
  type InvoiceFilters,
  type InvoiceListRow,
} from '../list-model';
import { editorTarget, NEW_INVOICE_PATH } from '../paths';
import { localInvoiceRow } from '../pending-rows';
import { ROW_TOASTS, rowFeedback } from '../row-feedback';
import { useSearchFilters } from '../../../lib/use-search-filters';
import { useBusinessDocumentList } from '../use-business-document-list';
import { useCustomerDirectory, usePendingDocuments, useToday } from '../use-list-context';
import { useOpen } from './cells';
import { BusinessDocumentTable } from './business-document-table';
import { invoiceColumns } from './invoice-columns';
import { ListFilters, FilterSelect } from './list-filters';
import { ListFrame } from './list-frame';
import { showFeedback } from './show-feedback';

const TYPES = [
  { value: 'Facture', label: 'Facture' },
  { value: 'Avoir', label: 'Avoir' },
];
const VALIDATION = [
  { value: 'true', label: 'Validées' },
  { value: 'false', label: 'Non validées' },
];

/** /mes-factures/liste-des-factures: invoices and credit notes, drafts first then number descending. */
export function InvoiceListPage() {
  const companyId = useAtomValue(currentCompanyAtom)?.id ?? 0;
  const profile = useAtomValue(profileAtom);
  const allows = (p: 'create' | 'edit') => can(profile, p, { menu: 'mesFactures', child: 'listeFactures' });
  const online = useOnline();
  const today = useToday();
  const open = useOpen();
  // Filters live in the URL (decision 022): linked, reloaded, restored by the back button.
  const [filters, patch, reset] = useSearchFilters('/app/mes-factures/liste-des-factures', EMPTY_INVOICE_FILTERS);
  const [q] = useDebouncedValue(filters.q, 250);
  const query = useMemo(() => invoiceQuery({ ...filters, q }), [filters, q]);
  const { options, lookup } = useCustomerDirectory();
  const pending = usePendingDocuments<InvoicePayload>('invoices');
  const localRows = useMemo(
    () => pending.created.map((c) => localInvoiceRow(c.tempId, c.payload, lookup)),
    [pending.created, lookup],
  );
  const filterLocal = useCallback(
    (rows: readonly InvoiceListRow[], qy: typeof query) => filterInvoices(rows, qy, today),
    [today],
  );
  const list = useBusinessDocumentList({
    dataset: 'invoices',
    query,
    fetchPage: fetchInvoicePage,
    filterLocal,
    localRows,
  });
  const { patchRow } = list;

  const onDownload = useCallback((row: InvoiceListRow, format: 'pdf' | 'ubl' = 'pdf') => {
    const base = `${row.type === 'Avoir' ? 'Avoir' : 'Facture'}_${row.number ?? 'brouillon'}`;
    const download =
      format === 'ubl' ? downloadUbl(row.id, `${base}.xml`) : downloadPdf('invoices', row.id, `${base}.pdf`);
    download.catch(async (e: unknown) =>
      toastError(ROW_TOASTS.downloadError, (await readApiError(e)).message ?? undefined),
    );
  }, []);
  const navigate = useNavigate();
  const onPaid = useCallback(
    (row: InvoiceListRow, paid: boolean) => {
      // Paying asks for the date, means and amount: the invoice page's dialog, opened at once.
      if (paid)
        return void navigate({ to: editorTarget('invoice', row.id).to, search: { id: row.id, payer: 1 } as never });
      void setInvoicePaid(companyId, row, paid).then((outcome) => {
        showFeedback(
          rowFeedback(
            outcome,
            paid ? ROW_TOASTS.paid(row.number) : ROW_TOASTS.unpaid(row.number),
            ROW_TOASTS.paymentError,
          ),
        );
        if (outcome.status !== 'failed')
          patchRow(row.id, (r) => ({
            ...r,
            invoice: { ...r.invoice, paidAt: paid ? today : null, ...(paid ? {} : { amountPaid: 0 }) },
          }));
      });
    },
    [companyId, patchRow, today, navigate],
  );

  const canEdit = allows('edit');
  const columns = useMemo(
    () => invoiceColumns({ today, pending: pending.ids, online, canEdit, open, onDownload, onPaid }),
    [today, pending.ids, online, canEdit, open, onDownload, onPaid],
  );
  const active = JSON.stringify(filters) !== JSON.stringify(EMPTY_INVOICE_FILTERS);
  const createButton = allows('create') && (
    <Button
      component="a"
      href={NEW_INVOICE_PATH}
      onClick={open(NEW_INVOICE_PATH)}
      leftSection={<IconPlus size={18} />}
      mih={44}
    >
      Nouvelle facture
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Mes factures"
        description="Vos factures et avoirs : brouillons d’abord, puis du numéro le plus récent au plus ancien."
        actions={createButton}
      />
      <ListFrame
        list={list}
        countText={countLabel(list.total, 'document')}
        filtersActive={active}
        onReset={reset}
        emptyTitle="Aucune facture pour le moment."
        emptyText="Créez votre première facture : elle apparaîtra ici."
        noMatch="Aucune facture ne correspond à ces critères."
        createButton={createButton}
        filters={
          <ListFilters
            filters={filters}
            onChange={patch}
            onReset={reset}
            active={active}
            searchLabel="Rechercher une facture"
            customers={options}
          >
            <FilterSelect
              label="Statut"
              placeholder="Tous"
              data={INVOICE_STATUS_OPTIONS}
              value={filters.status}
              onChange={(v) => patch({ status: v as InvoiceFilters['status'] })}
            />
            <FilterSelect
              label="Type"
              placeholder="Tous"
              data={TYPES}
              value={filters.type}
              onChange={(v) => patch({ type: v as InvoiceFilters['type'] })}
              w={130}
            />
            <FilterSelect
              label="Validation"
              placeholder="Toutes"
              data={VALIDATION}
              value={filters.validated}
              onChange={(v) => patch({ validated: v as InvoiceFilters['validated'] })}
              w={150}
            />
            <FilterSelect
              label="Cycle de vie"
              placeholder="Tous"
              data={LIFECYCLE_FILTER_OPTIONS}
              value={filters.lifecycle}
              onChange={(v) => patch({ lifecycle: v })}
              w={190}
            />
          </ListFilters>
        }
        table={
          <BusinessDocumentTable
            label="Factures"
            rows={list.rows}
            columns={columns}
            stale={list.stale}
            loadingMore={list.loadingMore}
            onRange={list.onRange}
          />
        }
      />
    </>
  );
}
