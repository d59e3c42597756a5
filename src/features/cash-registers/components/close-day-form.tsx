import {
  ActionIcon,
  Alert,
  Button,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { formatDateLong, formatMoney } from '../../../domain/format';
import {
  cashDifference,
  checkAmount,
  countDetail,
  countProblem,
  countTotal,
  DENOMINATIONS,
  denominationLabel,
  differenceText,
  type CountDetail,
  type Denomination,
} from '../cash-model';

const TABULAR = { fontVariantNumeric: 'tabular-nums' } as const;

/**
 * « Clôturer la journée »: the drawer counted by notes and coins (or as a total), the theoretical
 * balance and the écart shown as the count changes. `onSubmit` answers the server's French refusal,
 * or null once the closing is recorded or waiting in the outbox.
 */
export function CloseDayForm({
  day,
  theoretical,
  onSubmit,
  onCancel,
}: {
  day: string;
  theoretical: number;
  onSubmit: (counted: { total: number; detail: CountDetail | null }) => Promise<string | null>;
  onCancel: () => void;
}) {
  const [mode, setMode] = useState<'detail' | 'total'>('detail');
  const [counts, setCounts] = useState<Record<string, string>>({});
  const [totalText, setTotalText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const detail: CountDetail = Object.fromEntries(
    DENOMINATIONS.map((d) => [d.key, countProblem(counts[d.key] ?? '0') ? 0 : Number(counts[d.key] ?? 0)]),
  );
  const totalCheck = checkAmount(totalText, { required: false });
  const counted = mode === 'detail' ? countTotal(detail) : totalCheck.ok ? totalCheck.amount : null;
  const diff = counted === null ? null : cashDifference(counted, theoretical);
  const problems = DENOMINATIONS.map((d) => [d.key, counts[d.key] ? countProblem(counts[d.key]) : null] as const);
  const hasProblem = mode === 'detail' ? problems.some(([, p]) => p) : !totalCheck.ok || totalText.trim() === '';

  const step = (d: Denomination, by: number) =>
    setCounts((c) => ({ ...c, [d.key]: String(Math.max(0, (Number(c[d.key]) || 0) + by)) }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (mode === 'total' && totalText.trim() === '') return setError('Saisissez le montant compté dans le tiroir.');
    if (hasProblem || counted === null) return setError('Corrigez les quantités signalées.');
    setError(null);
    setBusy(true);
    try {
      const refused = await onSubmit({ total: counted, detail: mode === 'detail' ? countDetail(detail) : null });
      if (refused) setError(refused);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Clôture de la journée">
      <Stack gap="md">
        <Text c="dimmed">Journée du {formatDateLong(day)}</Text>
        <SegmentedControl
          aria-label="Mode de comptage"
          data={[
            { value: 'detail', label: 'Billets et pièces' },
            { value: 'total', label: 'Montant total' },
          ]}
          value={mode}
          onChange={(v) => setMode(v as 'detail' | 'total')}
          fullWidth
          size="md"
          styles={{ label: { minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center' } }}
        />
        {mode === 'detail' ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
            {DENOMINATIONS.map((d) => {
              const problem = problems.find(([k]) => k === d.key)?.[1] ?? null;
              const name = denominationLabel(d);
              return (
                <Group key={d.key} gap={6} wrap="nowrap" align="flex-end">
                  <ActionIcon
                    size={44}
                    variant="default"
                    aria-label={`Retirer : ${name}`}
                    onClick={() => step(d, -1)}
                    mb={problem ? 22 : 0}
                  >
                    <IconMinus size={18} />
                  </ActionIcon>
                  <TextInput
                    label={name}
                    inputMode="numeric"
                    autoComplete="off"
                    size="md"
                    styles={{ input: { minHeight: 44, textAlign: 'center', ...TABULAR } }}
                    style={{ flex: 1 }}
                    value={counts[d.key] ?? ''}
                    placeholder="0"
                    onChange={(e) => {
                      const value = e.currentTarget.value.trim();
                      setCounts((c) => ({ ...c, [d.key]: value }));
                    }}
                    error={problem}
                  />
                  <ActionIcon
                    size={44}
                    variant="default"
                    aria-label={`Ajouter : ${name}`}
                    onClick={() => step(d, 1)}
                    mb={problem ? 22 : 0}
                  >
                    <IconPlus size={18} />
                  </ActionIcon>
                </Group>
              );
            })}
          </SimpleGrid>
        ) : (
          <TextInput
            size="lg"
            label="Montant compté dans le tiroir"
            inputMode="decimal"
            autoComplete="off"
            rightSection="€"
            value={totalText}
            onChange={(e) => setTotalText(e.currentTarget.value)}
            error={totalText.trim() && !totalCheck.ok ? totalCheck.message : undefined}
            placeholder="0,00"
          />
        )}
        <DifferenceSummary theoretical={theoretical} counted={counted} diff={diff} />
        {error && (
          <Alert color="red" role="alert" title="Clôture impossible">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="lg" onClick={onCancel}>
            Annuler
          </Button>
          <Button type="submit" size="lg" color="red" loading={busy}>
            Clôturer la journée
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Une journée clôturée ne peut plus être modifiée : une erreur se corrige ensuite par un mouvement opposé sur
          une journée ouverte.
        </Text>
      </Stack>
    </form>
  );
}

/** The theoretical balance, what was counted, the difference and what it means, said as they change. */
function DifferenceSummary({
  theoretical,
  counted,
  diff,
}: {
  theoretical: number;
  counted: number | null;
  diff: number | null;
}) {
  return (
    <Stack gap={4} aria-live="polite" p="md" bg="gray.0" style={{ borderRadius: 8 }}>
      <Title order={3} size="h5">
        Écart de caisse
      </Title>
      <Table variant="vertical" layout="fixed" withRowBorders={false} style={TABULAR}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w="60%">Solde théorique</Table.Th>
            <Table.Td ta="right">{formatMoney(theoretical)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Compté</Table.Th>
            <Table.Td ta="right" data-testid="counted-total">
              {counted === null ? '—' : formatMoney(counted)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Écart</Table.Th>
            <Table.Td ta="right" fw={700} c={diff ? 'red.8' : undefined} data-testid="difference">
              {diff === null ? '—' : formatMoney(diff)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {diff !== null && <Text size="sm">{differenceText(diff)}</Text>}
    </Stack>
  );
}
