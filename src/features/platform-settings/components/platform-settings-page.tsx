import {
  Alert,
  Badge,
  Button,
  Fieldset,
  Group,
  PasswordInput,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCircleCheck, IconDeviceFloppy, IconPlugConnected } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { PageHeader } from '../../../components/page/page-header';
import { NO_PARAMS } from '../../../data/sync/server-data';
import { useServerData } from '../../../data/sync/use-server-data';
import { readApiError } from '../../../lib/http';
import { useOnline } from '../../../lib/online';
import { currentCompanyAtom } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { savePlatformSettings, testPlatformConnection, type PlatformSettings } from '../api/platform-api';
import { platformSettingsData } from '../platform-data';

// Decision 088: « Plateforme agréée » — the Flow Service's address and credentials as its security
// schemes say (OAuth2 client credentials, or a bearer token). A saved secret is never shown again:
// « enregistré » stands in its place, and an empty field keeps it.

const SAVED = 'enregistré — laissez vide pour le garder';

/** /mes-factures/plateforme: the firm's or the company's user administrator's screen. */
export function PlatformSettingsPage() {
  const read = useServerData(platformSettingsData, NO_PARAMS);
  return (
    <Stack gap="md">
      <PageHeader
        title="Plateforme agréée"
        description="La plateforme agréée (PA) envoie les factures électroniques de la société et reçoit celles de ses fournisseurs, par l’API AFNOR Flow Service."
      />
      {read.data ? (
        <PlatformForm initial={read.data} onSaved={read.patch} />
      ) : read.status === 'error' || read.status === 'offline' ? (
        <Alert color="orange" title="Réglages indisponibles">
          {read.error?.message ?? 'Réessayez avec une connexion au serveur.'}
        </Alert>
      ) : (
        <Skeleton height={320} radius="md" aria-label="Chargement des réglages de la plateforme" />
      )}
    </Stack>
  );
}

function PlatformForm({ initial, onSaved }: { initial: PlatformSettings; onSaved: (s: PlatformSettings) => void }) {
  const companyId = useAtomValue(currentCompanyAtom)?.id ?? 0;
  const online = useOnline();
  const [baseUrl, setBaseUrl] = useState(initial.baseUrl ?? initial.defaultBaseUrl ?? '');
  const [authKind, setAuthKind] = useState<'oauth2' | 'bearer'>(initial.authKind ?? 'oauth2');
  const [tokenUrl, setTokenUrl] = useState(initial.tokenUrl ?? '');
  const [clientId, setClientId] = useState(initial.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [bearerToken, setBearerToken] = useState('');
  const [saved, setSaved] = useState(initial);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const [check, setCheck] = useState<{ ok: boolean; message: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy('save');
    setErrors([]);
    try {
      const answer = await savePlatformSettings(companyId, {
        baseUrl,
        authKind,
        tokenUrl: authKind === 'oauth2' ? tokenUrl : null,
        clientId: authKind === 'oauth2' ? clientId : null,
        ...(clientSecret ? { clientSecret } : {}),
        ...(bearerToken ? { bearerToken } : {}),
      });
      setSaved(answer);
      onSaved(answer);
      setClientSecret('');
      setBearerToken('');
      toastSuccess('Plateforme agréée enregistrée');
    } catch (error) {
      const { message, errors: list } = await readApiError(error);
      setErrors(list.length ? list : [message ?? 'L’enregistrement a échoué.']);
      toastError(message ?? 'L’enregistrement a échoué.');
    } finally {
      setBusy(null);
    }
  };

  const test = async () => {
    setBusy('test');
    try {
      setCheck(await testPlatformConnection(companyId));
    } catch (error) {
      const { message } = await readApiError(error);
      setCheck({ ok: false, message: message ?? 'Le test a échoué.' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        {saved.configured && (
          <Group gap="xs">
            <Badge color="green" variant="light">
              Enregistrée
            </Badge>
            <Badge color={saved.webhookSubscribed ? 'green' : 'gray'} variant="light">
              {saved.webhookSubscribed ? 'Notifications reçues (webhook)' : 'Relève périodique seulement'}
            </Badge>
          </Group>
        )}
        <Fieldset legend="Adresse">
          <TextInput
            label="Adresse du Flow Service"
            description="Par exemple https://api.ma-plateforme.fr/flow-service"
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.currentTarget.value)}
            required
          />
        </Fieldset>
        <CredentialsFields
          saved={saved}
          authKind={authKind}
          setAuthKind={setAuthKind}
          tokenUrl={tokenUrl}
          setTokenUrl={setTokenUrl}
          clientId={clientId}
          setClientId={setClientId}
          clientSecret={clientSecret}
          setClientSecret={setClientSecret}
          bearerToken={bearerToken}
          setBearerToken={setBearerToken}
        />
        {errors.length > 0 && (
          <Alert color="red" title="La plateforme n’a pas été enregistrée" role="alert">
            {errors.map((m) => (
              <Text key={m} size="sm">
                {m}
              </Text>
            ))}
          </Alert>
        )}
        {check && (
          <Alert
            color={check.ok ? 'green' : 'orange'}
            icon={check.ok ? <IconCircleCheck size={18} aria-hidden /> : undefined}
            role="status"
          >
            {check.message}
          </Alert>
        )}
        <Group>
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={18} />}
            loading={busy === 'save'}
            disabled={!online || busy !== null}
          >
            Enregistrer
          </Button>
          <Button
            variant="light"
            leftSection={<IconPlugConnected size={18} />}
            onClick={() => void test()}
            loading={busy === 'test'}
            disabled={!online || !saved.configured || busy !== null}
          >
            Tester la connexion
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface CredentialsProps {
  saved: PlatformSettings;
  authKind: 'oauth2' | 'bearer';
  setAuthKind: (v: 'oauth2' | 'bearer') => void;
  tokenUrl: string;
  setTokenUrl: (v: string) => void;
  clientId: string;
  setClientId: (v: string) => void;
  clientSecret: string;
  setClientSecret: (v: string) => void;
  bearerToken: string;
  setBearerToken: (v: string) => void;
}

/** The Flow Service's two security schemes: OAuth2 client credentials, or a bearer token. */
function CredentialsFields(p: CredentialsProps) {
  const {
    saved,
    authKind,
    setAuthKind,
    tokenUrl,
    setTokenUrl,
    clientId,
    setClientId,
    clientSecret,
    setClientSecret,
    bearerToken,
    setBearerToken,
  } = p;
  return (
    <Fieldset legend="Identifiants">
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Mode d’authentification"
          value={authKind}
          onChange={(v) => setAuthKind(v as 'oauth2' | 'bearer')}
          data={[
            { value: 'oauth2', label: 'OAuth2 (identifiant et secret client)' },
            { value: 'bearer', label: 'Jeton d’accès' },
          ]}
        />
        {authKind === 'oauth2' ? (
          <>
            <TextInput
              label="Adresse du jeton (token URL)"
              value={tokenUrl}
              onChange={(e) => setTokenUrl(e.currentTarget.value)}
              required
            />
            <TextInput
              label="Identifiant client (client id)"
              value={clientId}
              onChange={(e) => setClientId(e.currentTarget.value)}
              required
            />
            <PasswordInput
              label="Secret client (client secret)"
              placeholder={saved.clientSecretSaved ? SAVED : ''}
              description={saved.clientSecretSaved ? 'Secret enregistré' : undefined}
              value={clientSecret}
              onChange={(e) => setClientSecret(e.currentTarget.value)}
              autoComplete="off"
            />
          </>
        ) : (
          <PasswordInput
            label="Jeton d’accès (bearer)"
            placeholder={saved.bearerTokenSaved ? SAVED : ''}
            description={saved.bearerTokenSaved ? 'Jeton enregistré' : undefined}
            value={bearerToken}
            onChange={(e) => setBearerToken(e.currentTarget.value)}
            autoComplete="off"
          />
        )}
      </Stack>
    </Fieldset>
  );
}
