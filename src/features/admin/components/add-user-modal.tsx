import { Alert, Button, Group, Modal, Stack, Stepper, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { toastSuccess } from '../../../lib/toast';
import { useOnChange } from '../../../lib/use-on-change';
import { createUser, type GrantableCompany, type ManagedUserProfile } from '../api/admin-api';
import { tryOnline } from '../feedback';
import {
  accessOf,
  emptyDraft,
  identityErrors,
  keepsOwnCategories,
  withOwnCategories,
  STEPS,
  stepError,
  toNewUser,
  type Draft,
  type IdentityErrors,
} from '../new-user-draft';
import { CategoriesTable } from './categories-table';
import { CompaniesStep } from './companies-step';
import { IdentityStep } from './identity-step';
import { PerCompany } from './per-company';
import { RightsTable } from './rights-table';
import { STICKY, useDialogSize } from './use-dialog-size';
import { SummaryStep } from './summary-step';

const TITLES = [
  'Qui est l’utilisateur ?',
  'À quelles sociétés a-t-il accès ?',
  'Quels droits dans chaque société ?',
  'Quelles catégories de documents ?',
  'Vérifiez avant de créer',
];

/**
 * « Ajouter un utilisateur » (decision 040): identity → companies → rights per company → document
 * categories → summary → « Créer l’utilisateur ». The manager only ever sees what they may grant
 * (`companies`: GET /me/admin/grantable). Closing keeps nothing: a half-made user is not a draft.
 */
export function AddUserModal({
  opened,
  companies,
  currentCompany,
  onClose,
  onCreated,
}: {
  opened: boolean;
  companies: readonly GrantableCompany[];
  currentCompany: number | undefined;
  onClose: () => void;
  onCreated: (user: ManagedUserProfile) => void;
}) {
  const dialog = useDialogSize();
  const start = () => emptyDraft(companies.some((c) => c.id === currentCompany) ? [currentCompany!] : []);
  const [draft, setDraft] = useState<Draft>(start);
  const [step, setStep] = useState(0);
  const [tried, setTried] = useState<number | null>(null);
  const [serverErrors, setServerErrors] = useState<IdentityErrors>({});
  const [failure, setFailure] = useState<{ message: string; errors: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // A fresh stepper each time it opens.
  useOnChange([opened], () => {
    if (!opened) return;
    setDraft(start());
    setStep(0);
    setTried(null);
    setServerErrors({});
    setFailure(null);
  });

  // A screen reader hears the new step's question, and Tab continues from there.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const chosen = companies.filter((c) => draft.companyIds.includes(c.id));
  const error = tried === step ? stepError(step, draft, companies) : null;
  const fieldErrors =
    tried !== null && step === 0 ? { ...identityErrors(draft.identity), ...serverErrors } : serverErrors;

  const next = () => {
    if (stepError(step, draft, companies)) return setTried(step);
    setTried(null);
    setStep((s) => Math.min(s + 1, STEPS.length - 1));
  };
  const setAccess = (company: GrantableCompany, change: Partial<ReturnType<typeof accessOf>>) =>
    setDraft((d) => ({ ...d, access: { ...d.access, [company.id]: { ...accessOf(d, company), ...change } } }));

  async function create() {
    setBusy(true);
    setFailure(null);
    const body = toNewUser(draft, companies);
    const answer = await tryOnline(() => createUser(currentCompany ?? body.companies[0].companyId, body));
    setBusy(false);
    if (answer.ok) {
      toastSuccess(
        'Utilisateur créé',
        `Un e-mail a été envoyé à ${body.email} pour qu’il choisisse son mot de passe.`,
        6000,
      );
      onCreated(answer.value);
      return;
    }
    if (answer.status === 409) {
      // The login is taken: back to the identity, the message on the field.
      setServerErrors({ username: answer.message });
      setTried(0);
      setStep(0);
      return;
    }
    setFailure({ message: answer.message, errors: answer.errors });
  }

  const panels = [
    <IdentityStep
      key="identity"
      value={draft.identity}
      errors={fieldErrors}
      onChange={(identity) => {
        if (identity.username !== draft.identity.username) setServerErrors({});
        setDraft((d) => ({ ...d, identity }));
      }}
    />,
    <CompaniesStep
      key="companies"
      companies={companies}
      value={draft.companyIds}
      onChange={(companyIds) => setDraft((d) => ({ ...d, companyIds }))}
    />,
    <PerCompany
      key="rights"
      companies={chosen}
      render={(c) => (
        <RightsTable
          company={c.label}
          limit={c.appRights}
          value={accessOf(draft, c).appRights}
          onChange={(appRights) => setAccess(c, { appRights: withOwnCategories(c, appRights) })}
          lockedOwnCategories={keepsOwnCategories(c)}
        />
      )}
    />,
    <CategoriesStep key="categories" chosen={chosen} draft={draft} setAccess={setAccess} />,
    <SummaryStep key="summary" draft={draft} companies={companies} />,
  ];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Ajouter un utilisateur"
      {...dialog}
      closeButtonProps={{ 'aria-label': 'Fermer' }}
      closeOnClickOutside={false}
    >
      <Stack gap="md">
        <Stepper active={step} onStepClick={setStep} allowNextStepsSelect={false} size="sm" wrap>
          {STEPS.map((label) => (
            <Stepper.Step key={label} label={label} />
          ))}
        </Stepper>
        <Stack gap="sm" component="section" aria-labelledby="admin-step-title">
          <Title order={2} size="h4" id="admin-step-title" ref={heading} tabIndex={-1}>
            {TITLES[step]}
          </Title>
          {panels[step]}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {failure && <CreateFailure failure={failure} />}
        </Stack>
        <Group justify="space-between" style={STICKY}>
          <Button variant="default" mih={44} onClick={step === 0 ? onClose : () => setStep((s) => s - 1)}>
            {step === 0 ? 'Annuler' : 'Précédent'}
          </Button>
          {step < STEPS.length - 1 ? (
            <Button mih={44} onClick={next}>
              Suivant
            </Button>
          ) : (
            <Button mih={44} onClick={() => void create()} loading={busy}>
              Créer l’utilisateur
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** Where the user's document categories are chosen, per company that chooses them (none: all they may see). */
function CategoriesStep({
  chosen,
  draft,
  setAccess,
}: {
  chosen: readonly GrantableCompany[];
  draft: Draft;
  setAccess: (company: GrantableCompany, change: Partial<ReturnType<typeof accessOf>>) => void;
}) {
  const ged = chosen.filter((c) => c.gedUserRight);
  return ged.length === 0 ? (
    <Text>
      {chosen.length > 1 ? 'Ces sociétés ne choisissent' : 'Cette société ne choisit'} pas les catégories par
      utilisateur : l’utilisateur consultera toutes les catégories de documents auxquelles ses droits donnent accès.
    </Text>
  ) : (
    <Stack gap="xs">
      <Text size="sm">
        Les catégories que l’utilisateur pourra consulter dans « Mes documents » et alimenter depuis « Ma bannette ». La
        consultation suit toujours ce choix, sauf s’il a « Mes documents » sans la permission « Catégories par
        utilisateur » : il consulte alors toutes les catégories.
      </Text>
      <PerCompany
        companies={ged}
        render={(c) => (
          <CategoriesTable
            company={c}
            value={accessOf(draft, c)}
            onChange={(v) => setAccess(c, { categories: v.categories, categoriesInbox: v.categoriesInbox })}
          />
        )}
      />
    </Stack>
  );
}

/** The server's refusal of the new user: its message, or each of its reasons. */
function CreateFailure({ failure }: { failure: { message: string; errors: string[] } }) {
  return (
    <Alert color="red" role="alert" title="L’utilisateur n’a pas été créé">
      {failure.errors.length === 0 && failure.message}
      {failure.errors.length > 0 && (
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {failure.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
