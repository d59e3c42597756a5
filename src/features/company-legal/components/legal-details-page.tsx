import {
  Alert,
  Button,
  Fieldset,
  Group,
  List,
  Skeleton,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCloudOff, IconDeviceFloppy } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { PageHeader } from '../../../components/page/page-header';
import { environmentData } from '../../../data/datasets';
import { refreshTable } from '../../../data/sync/tables';
import { useServerEnvironment } from '../../../data/sync/use-server-rows';
import { NO_PARAMS } from '../../../data/sync/server-data';
import { useServerData } from '../../../data/sync/use-server-data';
import { missingLegalDetails, type LegalDetailsFields } from '../../../domain/legal-details';
import { can } from '../../../domain/rights';
import { readApiError } from '../../../lib/http';
import { useOnline } from '../../../lib/online';
import { currentCompanyAtom, profileAtom } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { saveLegalDetails, type LegalDetails } from '../api/legal-details-api';
import { legalDetailsData } from '../legal-details-data';
import { bodyOf, formOf, formProblems, judged, type LegalForm, type TextField } from '../legal-details-model';
import { LEGAL_TEXTS } from '../texts';
import { focusFirstInvalidSoon } from '../../../lib/focus-first-invalid';

/** /mes-factures/mentions-legales (decision 046): the seller's legal details, checked as typed, saved online. */
export function LegalDetailsPage() {
  const companyId = useAtomValue(currentCompanyAtom)?.id ?? 0;
  const profile = useAtomValue(profileAtom);
  const editable = can(profile, 'edit', { menu: 'mesFactures', child: 'listeFactures' });
  const online = useOnline();
  const read = useServerData(legalDetailsData, NO_PARAMS);
  const { environment } = useServerEnvironment();
  // Offline (or the server unreachable): what the invoicing environment keeps on this device.
  const kept = environment?.company as (LegalDetailsFields & { label?: string }) | undefined;
  const fallback: LegalDetails | undefined =
    !read.data && kept && (read.status === 'offline' || read.status === 'error')
      ? ({ ...formOf(undefined), ...(kept as object), missing: missingLegalDetails(kept) } as LegalDetails)
      : undefined;
  const details = read.data ?? fallback;

  return (
    <Stack gap="md">
      <PageHeader title={LEGAL_TEXTS.title} description={LEGAL_TEXTS.description} />
      {!online && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconCloudOff size={18} aria-hidden />}
          title={LEGAL_TEXTS.offlineTitle}
          role="status"
        >
          {LEGAL_TEXTS.offline}
        </Alert>
      )}
      {!details ? (
        read.status === 'error' || read.status === 'offline' ? (
          <Alert color="orange" title={LEGAL_TEXTS.loadError}>
            {read.error?.message ?? 'Réessayez avec une connexion au serveur.'}
          </Alert>
        ) : (
          <Stack gap="md" aria-busy="true" aria-label="Chargement des mentions légales">
            <Skeleton height={80} radius="md" />
            <Skeleton height={260} radius="md" />
          </Stack>
        )
      ) : (
        // Started once from the first answer; a save replaces it with the server's.
        <LegalDetailsForm
          initial={details}
          editable={editable}
          online={online}
          onSaved={(answer) => {
            read.patch(answer);
            // The editors' preview and checks read the environment kept on the device: bring it up to date.
            void refreshTable(environmentData, companyId);
          }}
          companyId={companyId}
        />
      )}
    </Stack>
  );
}

function MissingAlert({ missing }: { missing: string[] }) {
  if (missing.length === 0)
    return (
      <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
        {LEGAL_TEXTS.complete}
      </Alert>
    );
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={LEGAL_TEXTS.missingTitle}
      role="status"
      // The light orange's own title colour is too pale to read on its background (axe: contrast).
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <List size="sm" spacing={2}>
        {missing.map((m) => (
          <List.Item key={m}>{m.charAt(0).toUpperCase() + m.slice(1)}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

interface FormProps {
  initial: LegalDetails;
  editable: boolean;
  online: boolean;
  companyId: number;
  onSaved: (answer: LegalDetails) => void;
}

function LegalDetailsForm({ initial, editable, online, companyId, onSaved }: FormProps) {
  const [form, setForm] = useState<LegalForm>(() => formOf(initial));
  const [missing, setMissing] = useState<string[]>(initial.missing);
  const [left, setLeft] = useState<Partial<Record<TextField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const problems = formProblems(form);
  const errorOf = (f: TextField) =>
    problems.byField[f] && (submitted || judged(f, form[f], left[f] === true)) ? problems.byField[f] : undefined;

  const text = (field: TextField) => ({
    value: form[field],
    readOnly: !editable,
    error: errorOf(field),
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setForm((f) => ({ ...f, [field]: value }));
    },
    onBlur: () => setLeft((l) => ({ ...l, [field]: true })),
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!editable || !online) return;
    setSubmitted(true);
    if (problems.all.length) {
      focusFirstInvalidSoon(e.currentTarget as HTMLFormElement);
      return;
    }
    setSaving(true);
    try {
      const answer = await saveLegalDetails(companyId, bodyOf(form));
      setForm(formOf(answer));
      setMissing(answer.missing);
      setServerErrors([]);
      setSubmitted(false);
      onSaved(answer);
      toastSuccess(LEGAL_TEXTS.saved, LEGAL_TEXTS.savedSub);
    } catch (error) {
      const api = await readApiError(error);
      const message = api.status === null ? 'Le serveur est injoignable. Réessayez dans un instant.' : api.message;
      setServerErrors(api.errors);
      toastError(LEGAL_TEXTS.saveError, api.errors.length ? api.errors : (message ?? undefined));
    } finally {
      setSaving(false);
    }
  }

  const shownErrors = submitted && problems.all.length ? problems.all : serverErrors;
  return (
    <form onSubmit={submit} noValidate aria-label={LEGAL_TEXTS.title}>
      <Stack gap="md">
        <MissingAlert missing={missing} />
        {!editable && (
          <Text size="sm" c="dimmed">
            {LEGAL_TEXTS.readOnly}
          </Text>
        )}
        <IdentityFieldset form={form} setForm={setForm} editable={editable} text={text} />
        <Fieldset legend="Siège social">
          <Stack gap="sm">
            <Textarea label="Adresse" autosize minRows={2} maxRows={4} maxLength={500} {...text('address')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Code postal" maxLength={20} autoComplete="postal-code" {...text('postalCode')} />
              <TextInput label="Ville" maxLength={100} {...text('city')} />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend="Immatriculation">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="SIREN" inputMode="numeric" placeholder="123 456 789" maxLength={20} {...text('siren')} />
            <TextInput
              label="SIRET"
              inputMode="numeric"
              placeholder="123 456 789 00012"
              maxLength={30}
              {...text('siret')}
            />
            <TextInput label="RCS ou RM (ville)" placeholder="RCS Lyon" maxLength={100} {...text('rcs')} />
            <TextInput
              label="Numéro de TVA intracommunautaire"
              placeholder="FR12345678901"
              maxLength={30}
              {...text('vatNumber')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Contact">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="E-mail" type="email" maxLength={254} autoComplete="email" {...text('email')} />
            <TextInput label="Téléphone" type="tel" maxLength={40} autoComplete="tel" {...text('phone')} />
          </SimpleGrid>
        </Fieldset>
        <InvoiceTermsFieldset form={form} setForm={setForm} editable={editable} text={text} />
        {shownErrors.length > 0 && (
          <Alert color="red" title={LEGAL_TEXTS.formErrors} role="alert">
            <List size="sm" spacing={2}>
              {shownErrors.map((m) => (
                <List.Item key={m}>{m}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {editable && (
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={saving}
              disabled={!online}
              leftSection={<IconDeviceFloppy size={18} />}
              mih={44}
            >
              {online ? 'Enregistrer' : 'Enregistrer (en ligne uniquement)'}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

interface FieldsetProps {
  form: LegalForm;
  setForm: (update: (form: LegalForm) => LegalForm) => void;
  editable: boolean;
  /** A text field's value, read-only state, error and handlers. */
  text: (field: TextField) => {
    value: string;
    readOnly: boolean;
    error: string | undefined;
    onChange: (e: { currentTarget: { value: string } }) => void;
    onBlur: () => void;
  };
}

/** The company's name, legal form and share capital, or « EI » for a sole trader. */
function IdentityFieldset({ form, setForm, editable, text }: FieldsetProps) {
  return (
    <Fieldset legend="Identité de la société">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Raison sociale" required maxLength={200} autoComplete="organization" {...text('label')} />
        <TextInput
          label="Forme juridique"
          placeholder="SARL, SAS, EURL…"
          maxLength={60}
          disabled={form.soleTrader}
          description={form.soleTrader ? 'Un entrepreneur individuel imprime « EI » après son nom.' : undefined}
          {...text('legalForm')}
        />
        <TextInput
          label="Capital social"
          placeholder="10 000 €"
          maxLength={40}
          disabled={form.soleTrader}
          {...text('shareCapital')}
        />
        <Stack justify="flex-end">
          <Switch
            size="md"
            label="Entrepreneur individuel (EI)"
            checked={form.soleTrader}
            disabled={!editable}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setForm((f) => ({ ...f, soleTrader: checked }));
            }}
          />
        </Stack>
      </SimpleGrid>
    </Fieldset>
  );
}

/** The late penalties' rate and the option for VAT on debits, printed on the invoices. */
function InvoiceTermsFieldset({ form, setForm, editable, text }: FieldsetProps) {
  return (
    <Fieldset legend="Conditions imprimées sur les factures">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Taux des pénalités de retard"
          placeholder="3 fois le taux d’intérêt légal"
          description="Laissé vide : 3 fois le taux d’intérêt légal."
          maxLength={100}
          {...text('latePenaltyRate')}
        />
        <Stack justify="flex-end">
          <Switch
            size="md"
            label="Option pour le paiement de la TVA d’après les débits"
            checked={form.vatOnDebits}
            disabled={!editable}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setForm((f) => ({ ...f, vatOnDebits: checked }));
            }}
          />
        </Stack>
      </SimpleGrid>
    </Fieldset>
  );
}
