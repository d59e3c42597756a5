import { Table, Text } from '@mantine/core';
import type { Statement } from '../../../contract/my-account';
import { formatDate, formatMoney } from '../../../domain/format';
import { TABULAR } from './account-ui';

const HEADERS = ['Date', 'Libellé', 'Référence', 'Débit', 'Crédit', 'Solde'];
const NUMERIC = new Set(['Débit', 'Crédit', 'Solde']);
/** Zero amounts stay blank: a statement line is either a debit or a credit. */
const amount = (n: number) => (n ? formatMoney(n) : '');

/**
 * The statement as the firm's letter would print it: opening balance, the lines with their running
 * balance, the totals and the closing balance. A few hundred lines at most: one plain table.
 */
export function StatementTable({ statement }: { statement: Statement }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table aria-label="Extrait de compte" style={TABULAR} striped verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {HEADERS.map((h) => (
              <Table.Th key={h} ta={NUMERIC.has(h) ? 'right' : undefined}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>{formatDate(statement.dateStart)}</Table.Td>
            <Table.Td colSpan={4}>
              <Text fw={600} size="sm">
                Solde d’ouverture
              </Text>
            </Table.Td>
            <Table.Td ta="right" fw={600}>
              {formatMoney(statement.openingBalance)}
            </Table.Td>
          </Table.Tr>
          {statement.lines.map((line, i) => (
            <Table.Tr key={`${line.reference}-${i}`}>
              <Table.Td>{formatDate(line.date)}</Table.Td>
              <Table.Td>{line.label}</Table.Td>
              <Table.Td>{line.reference}</Table.Td>
              <Table.Td ta="right">{amount(line.debit)}</Table.Td>
              <Table.Td ta="right">{amount(line.credit)}</Table.Td>
              <Table.Td ta="right">{formatMoney(line.balance)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={3}>Totaux de la période</Table.Th>
            <Table.Th ta="right">{formatMoney(statement.totalDebit)}</Table.Th>
            <Table.Th ta="right">{formatMoney(statement.totalCredit)}</Table.Th>
            <Table.Td />
          </Table.Tr>
          <Table.Tr>
            <Table.Th colSpan={5}>Solde de clôture au {formatDate(statement.dateEnd)}</Table.Th>
            <Table.Th ta="right">{formatMoney(statement.closingBalance)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
