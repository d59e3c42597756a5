import { Table, Text } from '@mantine/core';
import type { Statement } from '../../../contract/my-account';
import { PHONE_FIGURES, usePhone } from '../../../components/use-phone';
import { formatDate, formatMoney } from '../../../domain/format';
import { TABULAR } from './account-ui';

const HEADERS = ['Date', 'Libellé', 'Référence', 'Débit', 'Crédit', 'Solde'];
/** A phone's four columns: the reference under the label, the debit or credit in one column. */
const PHONE_HEADERS = ['Date', 'Libellé', 'Montant', 'Solde'];
const NUMERIC = new Set(['Débit', 'Crédit', 'Montant', 'Solde']);
/** Zero amounts stay blank: a statement line is either a debit or a credit. */
const amount = (n: number) => (n ? formatMoney(n) : '');
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * The statement as the firm's letter would print it: opening balance, the lines with their running
 * balance, the totals and the closing balance. A few hundred lines at most: one plain table. On a
 * phone, four columns that fit its width: six scrolled sideways, the balance out of sight.
 */
export function StatementTable({ statement }: { statement: Statement }) {
  const phone = usePhone();
  const headers = phone ? PHONE_HEADERS : HEADERS;
  return (
    <Table.ScrollContainer minWidth={phone ? 0 : 720}>
      <Table
        aria-label="Extrait de compte"
        style={TABULAR}
        striped
        verticalSpacing="sm"
        {...(phone ? PHONE_FIGURES : {})}
      >
        <Table.Thead>
          <Table.Tr>
            {headers.map((h) => (
              <Table.Th key={h} ta={NUMERIC.has(h) ? 'right' : undefined}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>{formatDate(statement.dateStart)}</Table.Td>
            <Table.Td colSpan={headers.length - 2}>
              <Text fw={600} size={phone ? 'xs' : 'sm'}>
                Solde d’ouverture
              </Text>
            </Table.Td>
            <Table.Td ta="right" fw={600}>
              {formatMoney(statement.openingBalance)}
            </Table.Td>
          </Table.Tr>
          {statement.lines.map((line, i) =>
            phone ? (
              <Table.Tr key={`${line.reference}-${i}`}>
                <Table.Td>{formatDate(line.date)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {line.label}
                  {line.reference && !line.label.includes(line.reference) && (
                    <Text size="xs" c="dimmed">
                      {line.reference}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  {formatMoney(line.debit || line.credit)}
                  <Text size="xs" c="dimmed">
                    {line.debit ? 'débit' : 'crédit'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  {formatMoney(line.balance)}
                </Table.Td>
              </Table.Tr>
            ) : (
              <Table.Tr key={`${line.reference}-${i}`}>
                <Table.Td>{formatDate(line.date)}</Table.Td>
                <Table.Td>{line.label}</Table.Td>
                <Table.Td>{line.reference}</Table.Td>
                <Table.Td ta="right">{amount(line.debit)}</Table.Td>
                <Table.Td ta="right">{amount(line.credit)}</Table.Td>
                <Table.Td ta="right">{formatMoney(line.balance)}</Table.Td>
              </Table.Tr>
            ),
          )}
        </Table.Tbody>
        <Table.Tfoot>
          {phone ? (
            <Table.Tr>
              <Table.Th colSpan={2}>Totaux de la période</Table.Th>
              <Table.Th ta="right" style={NOWRAP}>
                {formatMoney(statement.totalDebit)}
                <Text size="xs" c="dimmed">
                  débit
                </Text>
                {formatMoney(statement.totalCredit)}
                <Text size="xs" c="dimmed">
                  crédit
                </Text>
              </Table.Th>
              <Table.Td />
            </Table.Tr>
          ) : (
            <Table.Tr>
              <Table.Th colSpan={3}>Totaux de la période</Table.Th>
              <Table.Th ta="right">{formatMoney(statement.totalDebit)}</Table.Th>
              <Table.Th ta="right">{formatMoney(statement.totalCredit)}</Table.Th>
              <Table.Td />
            </Table.Tr>
          )}
          <Table.Tr>
            <Table.Th colSpan={headers.length - 1}>Solde de clôture au {formatDate(statement.dateEnd)}</Table.Th>
            <Table.Th ta="right">{formatMoney(statement.closingBalance)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
