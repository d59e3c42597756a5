import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { todayInParis } from '../../../domain/dates';
import {
  amountDue,
  invoiceStatuses,
  STATUS_COLORS,
  type InvoiceStatus,
  type PaymentMeans,
  type SettlementFacts,
} from '../../../domain/invoice-status';
import { recordPayment, type FollowUp } from '../api/follow-up';
import { useFollowUp } from '../hooks/use-follow-up';
import type { EditorState } from '../types';
import { showFeedback } from './show-feedback';
import { PaymentDialog } from './payment-dialog';
import { formatDate, formatDateTime, formatMoney } from '../../../domain/format';
import { LifecycleTrail } from '../../received-invoices';

// The invoice page's follow-up (decision 011): status, rest due, payments ("Marquer payée"), the
// credit notes that correct it (or the invoice a credit note corrects), and its history.

export interface InvoiceFollowUpState {
  followUp: FollowUp;
  fromCache: boolean;
  facts: SettlementFacts & { createdAt: string | null; paymentMode: string };
  statuses: InvoiceStatus[];
  reload: () => void;
}

/** For a validated invoice or credit note with a server id; null otherwise (drafts, quotes). */
export function useInvoiceFollowUp(state: EditorState, companyId: number): InvoiceFollowUpState | null {
  const id = state.kind === 'invoice' && state.validated && typeof state.docId === 'number' ? state.docId : null;
  const { loaded, reload } = useFollowUp(companyId, id);
  return useMemo(() => {
    if (id === null || !loaded) return null;
    const f = loaded.data;
    const facts = {
      type: state.form.type,
      validated: true,
      dueDate: state.form.dueDate,
      ttc: f.ttc,
      paid: f.amountPaid,
      credited: f.amountCredited,
      sentAt: f.history.find((h) => h.kind === 'sent')?.at ?? null,
      createdAt: state.form.createdAt || null,
      paymentMode: state.form.paymentMode,
    };
    return {
      followUp: f,
      fromCache: loaded.fromCache,
      facts,
      statuses: invoiceStatuses(facts, todayInParis(new Date())),
      reload,
    };
  }, [id, loaded, reload, state.form]);
}

export function StatusBadges({ statuses }: { statuses: InvoiceStatus[] }) {
  return (
    <Group gap={6} data-testid="invoice-status">
      {statuses.map((s) => (
        <Badge key={s} color={STATUS_COLORS[s]} variant={s === statuses[0] ? 'filled' : 'light'} size="lg">
          {s}
        </Badge>
      ))}
    </Group>
  );
}

const invoiceLink = (id: number, label: string) => (
  <Anchor renderRoot={(props) => <Link {...props} to="/mes-factures/modifier-facture" search={{ id }} />}>
    {label}
  </Anchor>
);

export function InvoiceFollowUpSection({
  follow,
  companyId,
  canPay,
  payOnOpen,
}: {
  follow: InvoiceFollowUpState;
  companyId: number;
  canPay: boolean;
  /** Opened from the invoice list's « Enregistrer un paiement » (?payer=1). */
  payOnOpen: boolean;
}) {
  const { followUp: f, facts } = follow;
  const isInvoice = facts.type === 'Facture';
  const due = amountDue(facts);
  const [paying, setPaying] = useState(() => isInvoice && canPay && due > 0 && payOnOpen);
  const [busy, setBusy] = useState(false);

  async function pay(p: { date: string; means: PaymentMeans; amount: number }): Promise<string[] | null> {
    setBusy(true);
    try {
      const outcome = await recordPayment(companyId, { id: f.invoiceId, number: f.number }, p);
      if (outcome.status === 'failed') return outcome.errors.length ? outcome.errors : [outcome.message];
      showFeedback(
        outcome.status === 'done'
          ? { tone: 'success', title: 'Paiement enregistré', sub: `Paiement de ${formatMoney(p.amount)} enregistré.` }
          : { tone: 'info', title: 'Paiement enregistré sur cet appareil', sub: 'Il sera envoyé au retour du réseau.' },
      );
      follow.reload();
      return null;
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="follow-up-title">
      <Group justify="space-between" mb="sm">
        <Title id="follow-up-title" order={2} size="h4">
          Suivi
        </Title>
        {isInvoice && canPay && due > 0 && (
          <Button mih={44} leftSection={<IconCash size={18} />} onClick={() => setPaying(true)}>
            Marquer payée
          </Button>
        )}
      </Group>
      <Stack gap="md">
        {isInvoice && (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
            <Figure label="Total TTC" value={formatMoney(f.ttc)} />
            <Figure label="Payé" value={formatMoney(f.amountPaid)} />
            <Figure label="Avoirs" value={formatMoney(f.amountCredited)} />
            <Figure label="Reste à payer" value={formatMoney(due)} testId="amount-due" />
          </SimpleGrid>
        )}
        {f.correctedInvoice && (
          <Text size="sm">
            Avoir sur la facture {invoiceLink(f.correctedInvoice.id, f.correctedInvoice.number ?? 'corrigée')}
          </Text>
        )}
        {isInvoice && f.creditNotes.length > 0 && (
          <div>
            <Text size="sm" fw={600}>
              Avoirs liés
            </Text>
            <Stack gap={2}>
              {f.creditNotes.map((c) => (
                <Text key={c.id} size="sm">
                  {invoiceLink(c.id, c.number ? `Avoir ${c.number}` : 'Avoir brouillon')} — {formatMoney(c.ttc)} TTC
                  {c.validated ? '' : ' (brouillon)'}
                </Text>
              ))}
            </Stack>
          </div>
        )}
        {f.payments.length > 0 && (
          <Table.ScrollContainer minWidth={300}>
            <Table verticalSpacing={6} aria-label="Paiements reçus" style={{ fontVariantNumeric: 'tabular-nums' }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Moyen</Table.Th>
                  <Table.Th ta="right">Montant</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {f.payments.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{formatDate(p.date)}</Table.Td>
                    <Table.Td>
                      {p.meansLabel}
                      {p.pending ? ' (en attente d’envoi)' : ''}
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(p.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {/* Decision 089: the statuses the platform and the buyer sent back, and our « Encaissée ». */}
        <LifecycleTrail events={f.lifecycle ?? []} />
        <div>
          <Text size="sm" fw={600} mb={6}>
            Historique
          </Text>
          <Timeline bulletSize={12} lineWidth={2} active={f.history.length - 1}>
            {f.history.map((h, i) => (
              <Timeline.Item key={`${h.kind}-${i}`} title={<Text size="sm">{h.label}</Text>}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(h.at)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </div>
      </Stack>
      {paying && <PaymentDialog opened onClose={() => setPaying(false)} facts={facts} busy={busy} onSubmit={pay} />}
    </Paper>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}
