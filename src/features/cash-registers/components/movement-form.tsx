import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { MovementCategory, MovementEntry, MovementType } from '../../../contract/cash-registers';
import { formatBytes, formatDateLong, formatMoney } from '../../../domain/format';
import { formatInputNumber } from '../../../domain/format';
import { checkAmount, lineLabel, typeLabel, typesOf, type QueuedMovement } from '../cash-model';
import { receiptFromPhoto, type ReceiptPhoto } from '../receipt-photo';
import classes from './receipt-input.module.css';
import { focusFirstInvalidSoon } from '../../../lib/focus-first-invalid';

/** The kinds of entry the form offers, each over one or more movement types. */
export const ENTRY_KINDS = [
  { value: 'sales', label: 'Ventes' },
  { value: 'revenues', label: 'Encaissements' },
  { value: 'expenses', label: 'Dépense' },
  { value: 'bankDeposit', label: 'Remise en banque' },
  { value: 'initialDeposit', label: 'Fond de caisse' },
] as const satisfies ReadonlyArray<{ value: MovementCategory; label: string }>;
type EntryKind = (typeof ENTRY_KINDS)[number]['value'];

/** A line to correct: the form then enters its opposite, linked to it (idTypeMouvLie). */
export interface Correction {
  entry: Pick<MovementEntry, 'id' | 'idTypeMouv' | 'amount' | 'label'>;
}

const newId = () => crypto.randomUUID();
const FIELD = { size: 'lg' as const, inputMode: 'decimal' as const, autoComplete: 'off' };

/**
 * Movements of an open day, for a finger on a tablet: one field per VAT rate or means of payment,
 * an expense with its label and receipt photo, a bank deposit, an opening float; or the correction
 * of a line. Checks in French before anything is sent; `onSubmit` gets movements with their uuid.
 */
export function MovementForm({
  types,
  day,
  correction,
  onSubmit,
  onCancel,
}: {
  types: readonly MovementType[];
  day: string;
  correction?: Correction | null;
  onSubmit: (movements: QueuedMovement[]) => Promise<string | null>;
  onCancel: () => void;
}) {
  const [kind, setKind] = useState<EntryKind>('sales');
  const [values, setValues] = useState<Record<number, string>>(() =>
    correction ? { [correction.entry.idTypeMouv]: formatInputNumber(-correction.entry.amount, { decimals: 2 }) } : {},
  );
  const [label, setLabel] = useState(correction?.entry.label ?? '');
  const [photo, setPhoto] = useState<ReceiptPhoto | null>(null);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const shown: MovementType[] = correction
    ? types.filter((t) => t.id === correction.entry.idTypeMouv)
    : typesOf(types, kind);
  const isExpense = !correction && kind === 'expenses';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    const movements: QueuedMovement[] = [];
    for (const t of shown) {
      const check = checkAmount(values[t.id] ?? '', {
        required: !!correction || isExpense || shown.length === 1,
        allowNegative: !!correction,
      });
      if (!check.ok) next[`amount-${t.id}`] = check.message;
      else if (check.amount !== 0)
        movements.push({
          id: newId(),
          idTypeMouv: t.id,
          amount: check.amount,
          ...(correction ? { idTypeMouvLie: correction.entry.id } : {}),
          ...((isExpense || correction) && label.trim() ? { label: label.trim() } : {}),
          ...(isExpense && photo ? { receipt: photo.receipt } : {}),
        });
    }
    if (isExpense && !label.trim()) next.label = 'Saisissez le libellé de la dépense.';
    setErrors(next);
    if (Object.keys(next).length) {
      focusFirstInvalidSoon(e.currentTarget as HTMLFormElement);
      return;
    }
    if (movements.length === 0) {
      setFormError('Saisissez au moins un montant.');
      return;
    }
    setFormError(null);
    setBusy(true);
    try {
      const refused = await onSubmit(movements);
      if (refused) setFormError(refused);
      else {
        setValues({});
        setLabel('');
        setPhoto(null);
      }
    } finally {
      setBusy(false);
    }
  };

  const choosePhoto = async (file: File | undefined) => {
    setPhotoProblem(null);
    if (!file) return setPhoto(null);
    try {
      setPhoto(await receiptFromPhoto(file));
    } catch (error) {
      setPhoto(null);
      setPhotoProblem((error as Error).message);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Saisie des mouvements">
      <Stack gap="md">
        <Text c="dimmed">Journée du {formatDateLong(day)}</Text>
        {correction ? (
          <Alert color="blue" title="Correction">
            {`${lineLabel(correction.entry, types)} : ${formatMoney(correction.entry.amount)}. Le montant opposé est proposé ; il sera lié à la ligne corrigée.`}
          </Alert>
        ) : (
          <EntryKindPicker
            kind={kind}
            onChange={(k) => {
              setKind(k);
              setErrors({});
              setFormError(null);
            }}
          />
        )}
        {shown.length === 0 && <Text c="dimmed">Aucun type de mouvement de cette sorte pour cette caisse.</Text>}
        {shown.map((t) => (
          <TextInput
            key={t.id}
            {...FIELD}
            label={typeLabel(t)}
            rightSection="€"
            value={values[t.id] ?? ''}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setValues((v) => ({ ...v, [t.id]: value }));
              setErrors(({ [`amount-${t.id}`]: _, ...rest }) => rest);
            }}
            error={errors[`amount-${t.id}`]}
            placeholder="0,00"
          />
        ))}
        {(isExpense || correction) && (
          <TextInput
            size="lg"
            label={correction ? 'Motif de la correction' : 'Libellé de la dépense'}
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
            error={errors.label}
            maxLength={200}
          />
        )}
        {isExpense && (
          <ReceiptPhotoField photo={photo} problem={photoProblem} onFile={(file) => void choosePhoto(file)} />
        )}
        {formError && (
          <Alert color="red" role="alert" title="Mouvements non enregistrés">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="lg" onClick={onCancel}>
            Annuler
          </Button>
          <Button type="submit" size="lg" loading={busy}>
            {correction ? 'Enregistrer la correction' : 'Enregistrer'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What is entered: sales, revenues, an expense, a bank deposit or an opening float (ENTRY_KINDS). */
function EntryKindPicker({ kind, onChange }: { kind: EntryKind; onChange: (kind: EntryKind) => void }) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, sm: 5 }} spacing={6} role="group" aria-label="Type de saisie">
      {ENTRY_KINDS.map((k) => (
        <Button
          key={k.value}
          variant={kind === k.value ? 'filled' : 'default'}
          aria-pressed={kind === k.value}
          onClick={() => onChange(k.value)}
          h="auto"
          mih={44}
          px={8}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.2 } }}
        >
          {k.label}
        </Button>
      ))}
    </SimpleGrid>
  );
}

/** An expense's receipt: taken with the camera (or chosen), shown small with its weight; why it was refused. */
function ReceiptPhotoField({
  photo,
  problem,
  onFile,
}: {
  photo: ReceiptPhoto | null;
  problem: string | null;
  onFile: (file: File | undefined) => void;
}) {
  return (
    <Stack gap={6}>
      <input
        id="receipt-photo"
        className={classes.input}
        type="file"
        accept="image/*"
        capture="environment"
        onChange={(e) => onFile(e.currentTarget.files?.[0])}
      />
      <Button
        component="label"
        htmlFor="receipt-photo"
        variant="default"
        size="lg"
        leftSection={<IconCamera size={20} />}
        style={{ alignSelf: 'flex-start' }}
      >
        {photo ? 'Reprendre la photo du justificatif' : 'Photo du justificatif (facultative)'}
      </Button>
      {photo && (
        <Group gap="sm">
          <img
            src={photo.preview}
            alt="Aperçu du justificatif"
            style={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 6 }}
          />
          <Text size="sm" c="dimmed">
            {`Photo prête (${formatBytes(photo.bytes)})`}
          </Text>
        </Group>
      )}
      {problem && (
        <Text size="sm" c="red.8" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
