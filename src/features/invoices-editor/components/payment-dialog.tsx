import { Alert, Button, Group, List, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { todayInParis } from '../../../domain/dates';
import {
  PAYMENT_MEANS,
  meansFromPaymentMode,
  paymentErrors,
  type PaymentMeans,
  type SettlementFacts,
  amountDueCents,
} from '../../../domain/invoice-status';
import { toCents } from '../../../domain/money';
import { FrDateInput } from './fr-date-input';
import { FrenchNumberInput } from './french-number-input';
import { formatMoney } from '../../../domain/format';

interface Props {
  opened: boolean;
  onClose: () => void;
  facts: SettlementFacts & { createdAt: string | null; paymentMode: string };
  busy: boolean;
  /** Resolves to the server's refusal (French sentences) or null when recorded or queued. */
  onSubmit: (p: { date: string; means: PaymentMeans; amount: number }) => Promise<string[] | null>;
}

/**
 * "Marquer payée": date, means and amount of a payment, the whole rest due by default; a smaller
 * amount is a partial payment and the rest due after it is shown. The rulebook's checks run here
 * first (offline too); the server runs the same ones.
 */
export function PaymentDialog({ opened, onClose, facts, busy, onSubmit }: Props) {
  const due = amountDueCents(facts) / 100;
  const today = todayInParis(new Date());
  const [date, setDate] = useState<string | null>(today);
  const [means, setMeans] = useState<PaymentMeans>(() => meansFromPaymentMode(facts.paymentMode));
  const [amount, setAmount] = useState(due);
  const [errors, setErrors] = useState<string[]>([]);
  const restAfter = Math.max(0, toCents(due) - toCents(amount)) / 100;

  async function submit() {
    const local = paymentErrors({ date: date ?? '', means, amount }, facts, today, formatMoney);
    if (local.length) return setErrors(local);
    const refused = await onSubmit({ date: date as string, means, amount });
    if (refused) setErrors(refused);
    else onClose();
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Enregistrer un paiement" centered>
      <Stack gap="sm">
        <Text size="sm">
          Reste à payer : <strong>{formatMoney(due)}</strong>
        </Text>
        <FrDateInput
          label="Date du paiement"
          value={date}
          onChange={(v) => setDate(v as string | null)}
          maxDate={today}
          required
          data-autofocus
        />
        <Select
          label="Moyen de paiement"
          data={PAYMENT_MEANS.map((m) => ({ value: m.value, label: m.label }))}
          value={means}
          allowDeselect={false}
          onChange={(v) => v && setMeans(v as PaymentMeans)}
          comboboxProps={{ withinPortal: true }}
        />
        <FrenchNumberInput label="Montant reçu (TTC)" value={amount} onValue={setAmount} rightSection="€" />
        <Text size="sm" c="dimmed" aria-live="polite">
          {restAfter > 0
            ? `Paiement partiel : il restera ${formatMoney(restAfter)} à payer.`
            : 'La facture sera entièrement payée.'}
        </Text>
        {errors.length > 0 && (
          <Alert color="red" title="Le paiement n’a pas pu être enregistré." role="alert">
            <List size="sm">
              {errors.map((e) => (
                <List.Item key={e}>{e}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" mih={44} onClick={onClose}>
            Annuler
          </Button>
          <Button mih={44} loading={busy} onClick={() => void submit()}>
            Enregistrer le paiement
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
