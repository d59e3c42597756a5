import { ActionIcon, Menu } from '@mantine/core';
import { IconCash, IconCashOff, IconDownload, IconEye, IconPencil } from '@tabler/icons-react';
import { amountDue } from '../../../domain/invoice-status';
import { customerLabel, invoiceBadges, settlementOf, type InvoiceListRow } from '../list-model';
import { editorTarget } from '../paths';
import { Amount, Badges, CellText, CustomerCell, NumberCell, RowActions, type Open } from './cells';
import type { Column } from './business-document-table';
import { formatDate, formatMoney } from '../../../domain/format';

export interface InvoiceColumnDeps {
  today: string;
  pending: ReadonlySet<string>;
  online: boolean;
  canEdit: boolean;
  open: Open;
  /** 'pdf': the stored PDF (a Factur-X once validated); 'ubl': the validated invoice in UBL (decision 046). */
  onDownload: (row: InvoiceListRow, format?: 'pdf' | 'ubl') => void;
  onPaid: (row: InvoiceListRow, paid: boolean) => void;
}

/** 'la facture F2026-0003', 'l’avoir AV2026-0001', 'la facture brouillon de Hôtel du Parc'. */
export function invoiceName(row: InvoiceListRow): string {
  const word = row.type === 'Avoir' ? 'l’avoir' : 'la facture';
  return row.number
    ? `${word} ${row.number}`
    : `${word} brouillon${row.customer ? ` de ${customerLabel(row.customer)}` : ''}`;
}

const downloadLabel = (label: string, online: boolean) => (online ? label : `${label} (en ligne uniquement)`);

export function invoiceColumns({
  today,
  pending,
  online,
  canEdit,
  open,
  onDownload,
  onPaid,
}: InvoiceColumnDeps): Column<InvoiceListRow>[] {
  return [
    {
      key: 'number',
      header: 'Numéro',
      width: '124px',
      render: (r) => (
        <NumberCell
          number={r.number}
          target={editorTarget('invoice', r.id)}
          pending={!!r.local || pending.has(String(r.id))}
          open={open}
        />
      ),
    },
    {
      key: 'date',
      header: 'Date',
      width: '104px',
      render: (r) => <CellText>{formatDate(r.invoice.createdAt)}</CellText>,
    },
    {
      key: 'customer',
      header: 'Client',
      width: 'minmax(150px, 1fr)',
      render: (r) => (
        <CustomerCell customer={r.customer} extra={r.estimate ? `Devis ${r.estimate.number}` : undefined} />
      ),
    },
    { key: 'type', header: 'Type', width: '70px', wideOnly: true, render: (r) => <CellText>{r.type}</CellText> },
    {
      key: 'due',
      header: 'Échéance',
      width: '104px',
      wideOnly: true,
      render: (r) => <CellText>{formatDate(r.invoice.dueDate)}</CellText>,
    },
    {
      key: 'ht',
      header: 'Total HT',
      width: '104px',
      align: 'right',
      wideOnly: true,
      render: (r) => <Amount value={r.invoice.ht} format={formatMoney} />,
    },
    {
      key: 'ttc',
      header: 'Total TTC',
      width: '104px',
      align: 'right',
      render: (r) => <Amount value={r.invoice.ttc} format={formatMoney} />,
    },
    { key: 'status', header: 'Statut', width: '164px', render: (r) => <Badges badges={invoiceBadges(r, today)} /> },
    {
      key: 'actions',
      header: 'Actions',
      width: '106px',
      render: (r) => {
        const name = invoiceName(r);
        const editable = !r.invoice.validated && canEdit;
        const target = editorTarget('invoice', r.id);
        const payable = r.invoice.validated && r.type === 'Facture' && canEdit;
        const openButton = (
          <ActionIcon
            component="a"
            href={target.href}
            onClick={open(target.to, target.search)}
            variant="subtle"
            size={44}
            aria-label={`${editable ? 'Modifier' : 'Voir'} ${name}`}
            title={editable ? 'Modifier' : 'Voir'}
          >
            {editable ? <IconPencil size={20} /> : <IconEye size={20} />}
          </ActionIcon>
        );
        const more = r.local ? null : (
          <>
            <Menu.Item leftSection={<IconDownload size={18} />} disabled={!online} onClick={() => onDownload(r)}>
              {downloadLabel(r.invoice.validated ? 'Télécharger la Factur-X (PDF)' : 'Télécharger le PDF', online)}
            </Menu.Item>
            {r.invoice.validated && (
              <Menu.Item
                leftSection={<IconDownload size={18} />}
                disabled={!online}
                onClick={() => onDownload(r, 'ubl')}
              >
                {downloadLabel('Télécharger en UBL (XML)', online)}
              </Menu.Item>
            )}
            {/* "Marquer payée" opens the payment dialog on the invoice page (date, means, amount; decision 011). */}
            {payable && amountDue(settlementOf(r)) > 0 && (
              <Menu.Item leftSection={<IconCash size={18} />} onClick={() => onPaid(r, true)}>
                Marquer payée
              </Menu.Item>
            )}
            {payable && (r.invoice.paidAt || (r.invoice.amountPaid ?? 0) > 0) && (
              <Menu.Item leftSection={<IconCashOff size={18} />} onClick={() => onPaid(r, false)}>
                Marquer non payée
              </Menu.Item>
            )}
          </>
        );
        return <RowActions open={openButton} more={more} moreLabel={`Autres actions pour ${name}`} />;
      },
    },
  ];
}
