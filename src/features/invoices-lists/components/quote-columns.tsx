import { ActionIcon, Menu } from '@mantine/core';
import { IconArrowRight, IconDownload, IconEye, IconFileInvoice, IconPencil } from '@tabler/icons-react';
import { isQuoteEditable, nextStates } from '../../../domain/quote-states';
import type { QuoteStateLabel } from '../../../domain/types';
import { customerLabel, quoteBadge, type QuoteListRow } from '../list-model';
import { editorTarget } from '../paths';
import { Amount, Badges, CellText, CustomerCell, NumberCell, RowActions, type Open } from './cells';
import type { Column } from './business-document-table';
import { formatDate, formatMoney } from '../../../domain/format';

export interface QuoteColumnDeps {
  pending: ReadonlySet<string>;
  online: boolean;
  canEdit: boolean;
  canConvert: boolean;
  open: Open;
  onDownload: (row: QuoteListRow) => void;
  onState: (row: QuoteListRow, state: QuoteStateLabel) => void;
  onConvert: (row: QuoteListRow) => void;
}

export const quoteName = (row: QuoteListRow) =>
  row.number ? `le devis ${row.number}` : `le nouveau devis${row.customer ? ` de ${customerLabel(row.customer)}` : ''}`;

/** 'Facturé' is reached by the conversion, which also creates the invoice: not offered as a bare state. */
export const offeredStates = (state: QuoteStateLabel) => nextStates(state).filter((s) => s !== 'Facturé');

export function quoteColumns({
  pending,
  online,
  canEdit,
  canConvert,
  open,
  onDownload,
  onState,
  onConvert,
}: QuoteColumnDeps): Column<QuoteListRow>[] {
  return [
    {
      key: 'number',
      header: 'Numéro',
      width: '124px',
      render: (r) => (
        <NumberCell
          number={r.number}
          target={editorTarget('quote', r.id)}
          pending={!!r.local || pending.has(String(r.id))}
          open={open}
        />
      ),
    },
    { key: 'date', header: 'Date', width: '104px', render: (r) => <CellText>{formatDate(r.createdAt)}</CellText> },
    {
      key: 'customer',
      header: 'Client',
      width: 'minmax(150px, 1fr)',
      render: (r) => <CustomerCell customer={r.customer} />,
    },
    {
      key: 'validity',
      header: 'Validité',
      width: '104px',
      wideOnly: true,
      render: (r) => <CellText>{formatDate(r.validatedAt)}</CellText>,
    },
    {
      key: 'ht',
      header: 'Total HT',
      width: '104px',
      align: 'right',
      wideOnly: true,
      render: (r) => <Amount value={r.ht} format={formatMoney} />,
    },
    {
      key: 'ttc',
      header: 'Total TTC',
      width: '104px',
      align: 'right',
      render: (r) => <Amount value={r.ttc} format={formatMoney} />,
    },
    { key: 'state', header: 'État', width: '104px', render: (r) => <Badges badges={[quoteBadge(r.state)]} /> },
    {
      key: 'actions',
      header: 'Actions',
      width: '106px',
      render: (r) => {
        const name = quoteName(r);
        const editable = isQuoteEditable(r.state) && canEdit;
        const target = editorTarget('quote', r.id);
        const states = canEdit ? offeredStates(r.state) : [];
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
              {online ? 'Télécharger le PDF' : 'Télécharger le PDF (en ligne uniquement)'}
            </Menu.Item>
            {states.length > 0 && <Menu.Label>Changer l’état</Menu.Label>}
            {states.map((s) => (
              <Menu.Item
                key={s}
                leftSection={<IconArrowRight size={18} />}
                color={s === 'Annulé' ? 'red' : undefined}
                onClick={() => onState(r, s)}
              >{`Passer à « ${s} »`}</Menu.Item>
            ))}
            {canConvert && r.state === 'Accepté' && (
              <Menu.Item leftSection={<IconFileInvoice size={18} />} disabled={!online} onClick={() => onConvert(r)}>
                {online ? 'Convertir en facture' : 'Convertir en facture (en ligne uniquement)'}
              </Menu.Item>
            )}
          </>
        );
        return <RowActions open={openButton} more={more} moreLabel={`Autres actions pour ${name}`} />;
      },
    },
  ];
}
