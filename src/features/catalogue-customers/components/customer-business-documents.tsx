import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type { CustomerInvoiceRow } from '../api/customer-api';
import type { BusinessDocumentsState } from '../use-customer-sheet';
import { CARD } from '../../../components/phone-card-list';
import { usePhone } from '../../../components/use-phone';
import { formatDate, formatMoney } from '../../../domain/format';

const FIRST = 20;

function invoiceStatus(row: CustomerInvoiceRow): { label: string; color: string } {
  if (!row.invoice?.validated) return { label: 'Brouillon', color: 'gray' };
  if (row.invoice.paidAt) return { label: 'Payée', color: 'green' };
  if (row.invoice.overdue) return { label: 'En retard', color: 'red' };
  return { label: 'Validée', color: 'blue' };
}

/** A list longer than 20 shows its 20 most recent rows first. */
function Limited<T>({
  rows,
  render,
  card,
  head,
  caption,
  empty,
}: {
  rows: T[];
  render: (row: T) => ReactNode;
  card: (row: T) => ReactNode;
  head: ReactNode;
  caption: string;
  empty: string;
}) {
  const [all, setAll] = useState(false);
  const phone = usePhone();
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  const shown = all ? rows : rows.slice(0, FIRST);
  return (
    <Stack gap="xs">
      {/* On a phone, one card per document rather than six columns cut off (decision 013). */}
      {phone ? (
        <ul
          role="list"
          aria-label={caption}
          style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}
        >
          {shown.map(card)}
        </ul>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="xs" aria-label={caption}>
            <Table.Thead>{head}</Table.Thead>
            <Table.Tbody>{shown.map(render)}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {!all && rows.length > FIRST && (
        <Button variant="subtle" onClick={() => setAll(true)} mih={44} style={{ alignSelf: 'flex-start' }}>
          Afficher les {rows.length - FIRST} autres
        </Button>
      )}
    </Stack>
  );
}

/** Each row opens its document in the editor (a draft has no number yet: "Brouillon"). */
function DocumentLink({ kind, id, number }: { kind: 'invoice' | 'quote'; id: number | string; number: string | null }) {
  const to = kind === 'invoice' ? '/mes-factures/modifier-facture' : '/mes-factures/modifier-devis';
  return (
    <Anchor
      size="sm"
      fw={600}
      fs={number ? undefined : 'italic'}
      renderRoot={(props) => <Link {...props} to={to} search={{ id }} />}
    >
      {number || 'Brouillon'}
    </Anchor>
  );
}

/** A document on a phone: number and amount, then date and status. */
function DocumentCard({
  link,
  amount,
  date,
  badge,
}: {
  link: ReactNode;
  amount: string;
  date: string;
  badge: ReactNode;
}) {
  return (
    <li style={{ ...CARD, flexDirection: 'column', gap: 4, padding: '8px 12px' }}>
      <Group justify="space-between" wrap="nowrap" w="100%">
        {link}
        <Text size="sm" fw={600} style={num}>
          {amount}
        </Text>
      </Group>
      <Group gap="sm">
        <Text size="sm">{date}</Text>
        {badge}
      </Group>
    </li>
  );
}

const num = { textAlign: 'right' as const, whiteSpace: 'nowrap' as const, fontVariantNumeric: 'tabular-nums' };

/** The customer's quotes and invoices; nothing but a discreet line when there is none to show. */
export function CustomerBusinessDocuments({ state }: { state: BusinessDocumentsState }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="sm">
        Documents
      </Title>
      {state.status === 'loading' && (
        <Stack gap="xs">
          <Skeleton height={18} />
          <Skeleton height={18} />
          <Skeleton height={18} />
        </Stack>
      )}
      {state.status === 'none' && (
        <Text size="sm" c="dimmed">
          Aucun document à afficher pour ce client.
        </Text>
      )}
      {state.status === 'ok' && (
        <Stack gap="lg">
          {state.local && (
            <Text size="sm" c="dimmed">
              Hors ligne : documents enregistrés sur cet appareil.
            </Text>
          )}
          <Stack gap="xs">
            <Title order={3} size="h5">
              Factures
            </Title>
            <Limited
              rows={state.documents.invoices}
              caption="Factures du client"
              empty="Aucune facture pour ce client."
              head={
                <Table.Tr>
                  <Table.Th>Numéro</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Échéance</Table.Th>
                  <Table.Th style={num}>Montant TTC</Table.Th>
                  <Table.Th>Statut</Table.Th>
                </Table.Tr>
              }
              card={(row) => (
                <DocumentCard
                  key={row.id}
                  link={<DocumentLink kind="invoice" id={row.id} number={row.number} />}
                  amount={formatMoney(row.invoice?.ttc)}
                  date={`${row.type} du ${formatDate(row.invoice?.createdAt)}`}
                  badge={
                    <Badge variant="light" color={invoiceStatus(row).color} style={{ textTransform: 'none' }}>
                      {invoiceStatus(row).label}
                    </Badge>
                  }
                />
              )}
              render={(row) => {
                const status = invoiceStatus(row);
                return (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <DocumentLink kind="invoice" id={row.id} number={row.number} />
                    </Table.Td>
                    <Table.Td>{row.type}</Table.Td>
                    <Table.Td>{formatDate(row.invoice?.createdAt)}</Table.Td>
                    <Table.Td>{formatDate(row.invoice?.dueDate)}</Table.Td>
                    <Table.Td style={num}>{formatMoney(row.invoice?.ttc)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={status.color} style={{ textTransform: 'none' }}>
                        {status.label}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                );
              }}
            />
          </Stack>
          <Stack gap="xs">
            <Title order={3} size="h5">
              Devis
            </Title>
            <Limited
              rows={state.documents.quotes}
              caption="Devis du client"
              empty="Aucun devis pour ce client."
              head={
                <Table.Tr>
                  <Table.Th>Numéro</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Validité</Table.Th>
                  <Table.Th style={num}>Montant TTC</Table.Th>
                  <Table.Th>État</Table.Th>
                </Table.Tr>
              }
              card={(row) => (
                <DocumentCard
                  key={row.id}
                  link={<DocumentLink kind="quote" id={row.id} number={row.number} />}
                  amount={formatMoney(row.ttc)}
                  date={`Devis du ${formatDate(row.createdAt)}`}
                  badge={
                    <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
                      {row.state}
                    </Badge>
                  }
                />
              )}
              render={(row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <DocumentLink kind="quote" id={row.id} number={row.number} />
                  </Table.Td>
                  <Table.Td>{formatDate(row.createdAt)}</Table.Td>
                  <Table.Td>{formatDate(row.validatedAt)}</Table.Td>
                  <Table.Td style={num}>{formatMoney(row.ttc)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
                      {row.state}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              )}
            />
          </Stack>
        </Stack>
      )}
    </Card>
  );
}
