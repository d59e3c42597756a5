import { Group, Text } from '@mantine/core';
import type { FirmInvoice } from '../../../contract/my-account';
import { CARD, CARD_LIST } from '../../../components/phone-card-list';
import { formatDate, formatMoney } from '../../../domain/format';
import { StatusBadge, TABULAR } from './account-ui';
import { InvoiceActions, type InvoiceActionProps } from './invoice-actions';

/**
 * On a phone, one card per invoice instead of a table scrolled sideways: « Payer par carte » was
 * past the screen's right edge. A firm bills a company monthly, so the list stays short (a year is
 * a dozen cards) and is drawn whole.
 */
export function InvoiceCards({ invoices, ...actions }: InvoiceActionProps & { invoices: FirmInvoice[] }) {
  return (
    <ul role="list" aria-label="Factures du cabinet" style={CARD_LIST}>
      {invoices.map((invoice) => (
        <li key={invoice.id} style={{ ...CARD, flexDirection: 'column', gap: 4, ...TABULAR }}>
          <Group justify="space-between" wrap="nowrap" w="100%">
            <Text fw={600}>{invoice.number}</Text>
            <StatusBadge invoice={invoice} />
          </Group>
          <Text size="sm" c="dimmed">
            {formatDate(invoice.date)} · {invoice.dueDate ? `échéance ${formatDate(invoice.dueDate)}` : 'sans échéance'}
          </Text>
          <Text size="sm">
            {formatMoney(invoice.ttc)} TTC{' '}
            <Text span size="xs" c="dimmed">
              (HT {formatMoney(invoice.ht)}, TVA {formatMoney(invoice.tva)})
            </Text>
          </Text>
          <Text size="sm">
            Reste à payer :{' '}
            <Text span fw={invoice.remaining > 0 ? 600 : undefined} inherit>
              {formatMoney(invoice.remaining)}
            </Text>
          </Text>
          <InvoiceActions invoice={invoice} {...actions} />
        </li>
      ))}
    </ul>
  );
}
