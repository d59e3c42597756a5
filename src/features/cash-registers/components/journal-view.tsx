import { Anchor, Badge, Button, Card, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import type { Journal, MovementCategory, MovementEntry, MovementType } from '../../../contract/cash-registers';
import { useServerData } from '../../../data/sync/use-server-data';
import { formatDateTime, formatMoney, formatPercent } from '../../../domain/format';
import { CATEGORY_TITLES, categoryOf, lineLabel, PAYMENT_METHOD_LABELS, type QueuedMovement } from '../cash-model';
import { receiptData } from '../cash-registers-data';
import { Figure } from './registers-page';

const TABULAR = { fontVariantNumeric: 'tabular-nums' } as const;
const LISTS: MovementCategory[] = ['sales', 'revenues', 'bankDeposit', 'initialDeposit', 'expenses', 'summary'];

export type PendingMovement = QueuedMovement & { failed: boolean };

/** Solde initial, Entrées, Sorties, Solde final of the day (registerDetails). */
export function RegisterDetails({ journal, pendingBalance }: { journal: Journal; pendingBalance: number | null }) {
  const d = journal.registerDetails;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Soldes de la journée">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Figure label="Solde initial" value={formatMoney(d.balanceInitial)} />
        <Figure label="Entrées" value={formatMoney(d.inflow)} />
        <Figure label="Sorties" value={formatMoney(d.outflow)} />
        <Figure label="Solde final" value={formatMoney(d.balanceFinal)} />
      </SimpleGrid>
      {pendingBalance !== null && pendingBalance !== d.balanceFinal && (
        <Text size="sm" c="orange.9" mt="sm">
          {`Solde après les mouvements en attente d’envoi : ${formatMoney(pendingBalance)}`}
        </Text>
      )}
      {d.closed && (
        <Text size="sm" mt="sm">
          {[
            journal.closedAt ? `Clôturée le ${formatDateTime(journal.closedAt)}` : 'Clôturée',
            // A name, not a bare user number.
            journal.closedBy && /\D/.test(journal.closedBy) ? `par ${journal.closedBy}` : null,
          ]
            .filter(Boolean)
            .join(' ')}
          {journal.counted
            ? ` — compté : ${formatMoney(journal.counted.total)}, écart : ${formatMoney(journal.difference ?? 0)}`
            : null}
        </Text>
      )}
    </Card>
  );
}

/** The six lists of the day, each line named from the register's movement types. */
export function JournalLists({
  uuid,
  journal,
  types,
  pending,
  onCorrect,
}: {
  uuid: string;
  journal: Journal;
  types: readonly MovementType[];
  pending: readonly PendingMovement[];
  onCorrect: ((entry: MovementEntry) => void) | null;
}) {
  const recorded = useMemo(() => new Set(LISTS.flatMap((c) => journal[c].map((m) => m.id))), [journal]);
  const waiting = pending.filter((m) => !recorded.has(m.id));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      {LISTS.map((category) => {
        const lines = journal[category];
        const queued = waiting.filter((m) => categoryOf(m, types) === category);
        // The écart recorded at a closing is the server's line, not the user's to correct.
        const correctLine = category === 'summary' ? null : onCorrect;
        if (category === 'summary' && lines.length === 0 && journal.difference === null) return null;
        return (
          <Card
            key={category}
            withBorder
            radius="md"
            padding="md"
            component="section"
            aria-labelledby={`list-${category}`}
          >
            <Title order={2} size="h4" id={`list-${category}`} mb="xs">
              {CATEGORY_TITLES[category]}
            </Title>
            {lines.length === 0 && queued.length === 0 ? (
              category === 'summary' ? null : (
                <Text c="dimmed" size="sm">
                  Aucun mouvement.
                </Text>
              )
            ) : (
              <Table layout="fixed" verticalSpacing={6} style={TABULAR}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Libellé</Table.Th>
                    <Table.Th ta="right" w={120}>
                      Montant
                    </Table.Th>
                    {correctLine && (
                      <Table.Th w={112}>
                        <VisuallyHidden>Actions</VisuallyHidden>
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {lines.map((m) => (
                    <Table.Tr key={m.id}>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        <Stack gap={4}>
                          <Text size="sm">{lineLabel(m, types)}</Text>
                          {m.idTypeMouvLie && (
                            <Text size="xs" c="dimmed">
                              Correction
                            </Text>
                          )}
                          {m.receipt && <ReceiptThumb uuid={uuid} sha256={m.receipt.sha256} />}
                        </Stack>
                      </Table.Td>
                      <Table.Td ta="right">{formatMoney(m.amount)}</Table.Td>
                      {correctLine && (
                        <Table.Td>
                          <Button
                            variant="subtle"
                            size="sm"
                            h={44}
                            onClick={() => correctLine(m)}
                            aria-label={`Corriger : ${lineLabel(m, types)}, ${formatMoney(m.amount)}`}
                          >
                            Corriger
                          </Button>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                  {queued.map((m) => (
                    <Table.Tr key={m.id} data-pending>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        <Stack gap={4}>
                          <Text size="sm">{lineLabel({ idTypeMouv: m.idTypeMouv, label: m.label ?? '' }, types)}</Text>
                          <Badge color={m.failed ? 'red.9' : 'orange.9'} variant="outline" size="sm">
                            {m.failed ? 'Refusé par le serveur' : 'En attente d’envoi'}
                          </Badge>
                          {m.receipt && (
                            <img
                              src={`data:${m.receipt.contentType};base64,${m.receipt.base64}`}
                              alt="Justificatif (en attente d’envoi)"
                              style={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 4 }}
                            />
                          )}
                        </Stack>
                      </Table.Td>
                      <Table.Td ta="right">{formatMoney(m.amount)}</Table.Td>
                      {correctLine && <Table.Td />}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {category === 'sales' && journal.salesByVatRate.length > 0 && (
              <Totals
                caption="Ventes par taux de TVA"
                rows={journal.salesByVatRate.map((v) => [`TVA ${formatPercent(v.vatRate)}`, v.amount])}
              />
            )}
            {category === 'revenues' && journal.revenuesByPaymentMethod.length > 0 && (
              <Totals
                caption="Encaissements par moyen de paiement"
                rows={journal.revenuesByPaymentMethod.map((r) => [PAYMENT_METHOD_LABELS[r.paymentMethod], r.amount])}
              />
            )}
            {category === 'summary' && journal.difference !== null && (
              <Totals
                caption="Comptage à la clôture"
                rows={[
                  ['Compté', journal.counted?.total ?? 0],
                  ['Solde théorique', journal.registerDetails.balanceFinal - journal.difference],
                  ['Écart de caisse', journal.difference],
                ]}
              />
            )}
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

function Totals({ caption, rows }: { caption: string; rows: Array<[string, number]> }) {
  return (
    <>
      <Text size="sm" fw={600} c="dimmed" mt="sm">
        {caption}
      </Text>
      <Table layout="fixed" verticalSpacing={4} style={TABULAR} aria-label={caption}>
        <Table.Tbody>
          {rows.map(([label, amount]) => (
            <Table.Tr key={label}>
              <Table.Th fw={500}>{label}</Table.Th>
              <Table.Td ta="right" fw={600} w={120}>
                {formatMoney(amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}

/** The receipt photo of an expense: a thumbnail opening the full photo. */
function ReceiptThumb({ uuid, sha256 }: { uuid: string; sha256: string }) {
  const read = useServerData(receiptData, { uuid, sha256 });
  const url = useMemo(() => (read.data ? URL.createObjectURL(read.data) : null), [read.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!url)
    return (
      <Text size="xs" c="dimmed">
        {read.loading ? 'Justificatif…' : 'Justificatif indisponible hors ligne'}
      </Text>
    );
  return (
    <Anchor href={url} target="_blank" rel="noopener" aria-label="Ouvrir le justificatif">
      <img src={url} alt="Justificatif" style={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 4 }} />
    </Anchor>
  );
}
