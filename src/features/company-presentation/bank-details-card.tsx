import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { NO_PARAMS } from '../../data/sync/server-data';
import { useServerData } from '../../data/sync/use-server-data';
import { bankDetailsErrors, formatIban } from '../../domain/bank-details';
import { toastError, toastSuccess } from '../../lib/toast';
import { saveBankDetails, type BankDetails } from './api/bank-details';
import { bankDetails } from './company-presentation-data';

type FieldErrors = Partial<Record<'iban' | 'bic', string>>;

/**
 * The company's IBAN and BIC (decision 012): checked here with the rulebook (IBAN key, BIC format)
 * before the server checks them again; printed on invoices whose means of payment is a transfer.
 */
export function BankDetailsCard({ companyId, canEdit }: { companyId: number; canEdit: boolean }) {
  const read = useServerData(bankDetails, NO_PARAMS, companyId);
  // The form starts from the first answer; a later refresh does not overwrite what is being typed.
  if (read.data) return <BankDetailsForm key={companyId} companyId={companyId} canEdit={canEdit} initial={read.data} />;
  return (
    <BankDetailsForm
      key={`${companyId}-none`}
      companyId={companyId}
      canEdit={canEdit}
      initial={null}
      unavailable={!read.loading}
    />
  );
}

function BankDetailsForm({
  companyId,
  canEdit,
  initial,
  unavailable = false,
}: {
  companyId: number;
  canEdit: boolean;
  initial: BankDetails | null;
  unavailable?: boolean;
}) {
  const [iban, setIban] = useState(() => formatIban(initial?.iban ?? null));
  const [bic, setBic] = useState(initial?.bic ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const state = unavailable ? 'unavailable' : saving ? 'saving' : initial ? 'ready' : 'loading';

  const save = async () => {
    const found = bankDetailsErrors(iban, bic);
    setErrors(Object.fromEntries(found.map((e) => [e.field, e.message])));
    if (found.length) return;
    setSaving(true);
    const result = await saveBankDetails(companyId, { iban, bic });
    setSaving(false);
    if (result.status === 'failed') {
      if (result.field === 'iban' || result.field === 'bic')
        setErrors({ [result.field]: result.errors[0] ?? result.message });
      toastError(
        'Erreur lors de l’enregistrement des coordonnées bancaires',
        result.errors.length ? result.errors : result.message,
      );
      return;
    }
    setIban(formatIban(iban));
    toastSuccess(
      'Enregistrement effectué',
      result.status === 'queued'
        ? 'Vos coordonnées bancaires seront enregistrées au retour du réseau.'
        : 'Vos coordonnées bancaires figureront sur vos factures réglées par virement.',
    );
  };

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="xs">
        Coordonnées bancaires
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Imprimées sur vos factures dont le mode de paiement est le virement.
      </Text>
      {state === 'unavailable' ? (
        <Text size="sm">Les coordonnées bancaires ne peuvent pas être lues sans connexion.</Text>
      ) : (
        <Stack gap="sm">
          <TextInput
            label="IBAN"
            placeholder="FR76 3000 6000 0112 3456 7890 189"
            value={iban}
            maxLength={60}
            readOnly={!canEdit}
            error={errors.iban}
            onChange={(e) => setIban(e.currentTarget.value)}
            onBlur={() => setIban((v) => formatIban(v))}
            autoComplete="off"
            spellCheck={false}
            disabled={state === 'loading'}
          />
          <TextInput
            label="BIC"
            placeholder="BNPAFRPPXXX"
            value={bic}
            maxLength={30}
            readOnly={!canEdit}
            error={errors.bic}
            onChange={(e) => setBic(e.currentTarget.value.toUpperCase())}
            autoComplete="off"
            spellCheck={false}
            disabled={state === 'loading'}
          />
          {canEdit && (
            <Group justify="flex-end">
              <Button onClick={() => void save()} loading={state === 'saving'} disabled={state === 'loading'}>
                Enregistrer les coordonnées
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Card>
  );
}
