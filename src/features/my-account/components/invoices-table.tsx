import { Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FirmInvoice } from '../../../contract/my-account';
import { usePhone } from '../../../components/use-phone';
import { formatDate, formatMoney } from '../../../domain/format';
import { StatusBadge, TABULAR } from './account-ui';
import { InvoiceActions, type InvoiceActionProps } from './invoice-actions';
import { InvoiceCards } from './invoice-cards';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * The firm's invoices and credit notes, one row each, with their PDF and the card payment. Below
 * 1408 px (a tablet, 820 px, and a 1366 px laptop beside the drawer) the date and due date share a
 * cell, HT and TVA sit under the TTC and the status under what is left to pay, so that the row's
 * actions, « Payer par carte » first of all, stay on screen without scrolling sideways. On a phone,
 * cards.
 */
export function InvoicesTable({ invoices, ...actions }: InvoiceActionProps & { invoices: FirmInvoice[] }) {
  const wide = useMediaQuery('(min-width: 88em)', true, { getInitialValueInEffect: false });
  const phone = usePhone();
  if (phone) return <InvoiceCards invoices={invoices} {...actions} />;
  const headers: [string, 'right' | undefined][] = wide
    ? [
        ['Numéro', undefined],
        ['Date', undefined],
        ['Échéance', undefined],
        ['HT', 'right'],
        ['TVA', 'right'],
        ['TTC', 'right'],
        ['Reste à payer', 'right'],
        ['Statut', undefined],
        ['Actions', undefined],
      ]
    : [
        ['Numéro', undefined],
        ['Date et échéance', undefined],
        ['TTC', 'right'],
        ['Reste à payer et statut', 'right'],
        ['Actions', undefined],
      ];
  return (
    <Table.ScrollContainer minWidth={wide ? 1100 : 720}>
      <Table aria-label="Factures du cabinet" style={TABULAR} striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {headers.map(([h, ta]) => (
              // Headers may wrap: their cells, not their titles, decide the widths on a tablet.
              <Table.Th key={h} ta={ta}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((invoice) => (
            <Table.Tr key={invoice.id}>
              {/* A credit note says so in its status badge (« Avoir »). */}
              <Table.Td fw={600} style={NOWRAP}>
                {invoice.number}
              </Table.Td>
              {wide ? (
                <>
                  <Table.Td>{formatDate(invoice.date)}</Table.Td>
                  <Table.Td>{invoice.dueDate ? formatDate(invoice.dueDate) : '—'}</Table.Td>
                  <Table.Td ta="right" style={NOWRAP}>
                    {formatMoney(invoice.ht)}
                  </Table.Td>
                  <Table.Td ta="right" style={NOWRAP}>
                    {formatMoney(invoice.tva)}
                  </Table.Td>
                  <Table.Td ta="right" style={NOWRAP}>
                    {formatMoney(invoice.ttc)}
                  </Table.Td>
                </>
              ) : (
                <>
                  <Table.Td>
                    {formatDate(invoice.date)}
                    <Text size="xs" c="dimmed">
                      {invoice.dueDate ? `échéance ${formatDate(invoice.dueDate)}` : 'sans échéance'}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={NOWRAP}>
                    {formatMoney(invoice.ttc)}
                    <Text size="xs" c="dimmed">
                      HT {formatMoney(invoice.ht)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      TVA {formatMoney(invoice.tva)}
                    </Text>
                  </Table.Td>
                </>
              )}
              <Table.Td ta="right" style={NOWRAP}>
                <Text span fw={invoice.remaining > 0 ? 600 : undefined} size="sm">
                  {formatMoney(invoice.remaining)}
                </Text>
                {!wide && (
                  <div>
                    <StatusBadge invoice={invoice} />
                  </div>
                )}
              </Table.Td>
              {wide && (
                <Table.Td>
                  <StatusBadge invoice={invoice} />
                </Table.Td>
              )}
              <Table.Td>
                <InvoiceActions invoice={invoice} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
