import {
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  type ComboboxItem,
  type OptionsFilter,
} from '@mantine/core';
import { IconCloudOff, IconLink, IconPencil } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useId, useMemo, useState } from 'react';
import { NO_PARAMS } from '../../../data/sync/server-data';
import { useServerData } from '../../../data/sync/use-server-data';
import { searchKey } from '../../../domain/search-text';
import { readApiError } from '../../../lib/http';
import { useOnline } from '../../../lib/online';
import { currentCompanyAtom, profileAtom } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { saveLink, type FirmLink } from '../api/my-account-api';
import { firmCustomersData, firmLinkData } from '../my-account-data';
import { customerOptionLabel } from '../my-account-model';

export const LINK_ERROR = 'Le compte n’a pas été lié';
const OFFLINE = 'Nécessite une connexion';
const CUSTOMER_LIMIT = 50;

interface Company {
  id: number;
  label: string;
}

/**
 * « Compte client » (decision 043), for the firm's staff only (the page checks
 * can(profile, 'firm')): links the current company to the firm company's customer record that
 * represents it, whose invoices « Mon compte » then shows. Online only (the contract's
 * 'online-only'): offline the buttons are disabled and say why.
 *
 * listFirm: the invoice list's `firm` (undefined while it is not loaded): says whether the company
 * is linked until the link itself is read.
 */
export function FirmLinkCard({
  listFirm,
  onLinked,
}: {
  listFirm: { label: string } | null | undefined;
  onLinked: () => void;
}) {
  const profile = useAtomValue(profileAtom);
  const company = useAtomValue(currentCompanyAtom);
  const online = useOnline();
  const read = useServerData(firmLinkData, company ? { company: company.id } : null);
  const [editing, setEditing] = useState(false);
  const offlineId = useId();
  const titleId = useId();
  if (!company || !profile) return null;

  const link = read.data?.link;
  const linked = read.data ? read.data.link !== null : listFirm === undefined ? undefined : listFirm !== null;
  const firmLabel = (id: number) => profile.userCompanies.find((c) => c.id === id)?.label ?? listFirm?.label ?? null;
  const saved = (next: FirmLink) => {
    read.patch({ link: next });
    setEditing(false);
    onLinked();
  };

  let body;
  if (linked === undefined) {
    body =
      read.status === 'error' || read.status === 'offline' ? (
        <Text role="alert">{read.error?.message ?? 'Le lien de cette société n’a pas pu être lu.'}</Text>
      ) : (
        <Stack gap="xs" aria-busy="true" aria-label="Chargement du compte client">
          <Skeleton height={44} />
        </Stack>
      );
  } else if (!linked || editing) {
    body = (
      <LinkForm
        key={link ? `${link.firmCompanyId}-${link.customerId}` : 'new'}
        company={company}
        candidates={profile.userCompanies.filter((c) => c.id !== company.id)}
        link={link ?? null}
        title={linked ? 'Modifier le compte de cette société' : 'Ouvrir le compte de cette société'}
        onSaved={saved}
        onCancel={linked ? () => setEditing(false) : undefined}
      />
    );
  } else {
    const firm = link ? firmLabel(link.firmCompanyId) : (listFirm?.label ?? null);
    body = (
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text>
          {link ? (
            <>
              Lié à la fiche client <strong>{link.customerLabel}</strong>
              {firm && (
                <>
                  {' '}
                  de <strong>{firm}</strong>
                </>
              )}
            </>
          ) : (
            <>
              Lié à <strong>{firm}</strong>
            </>
          )}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {!online && (
            <Text id={offlineId} size="sm" c="dimmed">
              <IconCloudOff size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> {OFFLINE}
            </Text>
          )}
          <Button
            variant="default"
            mih={44}
            leftSection={<IconPencil size={18} aria-hidden />}
            disabled={!online}
            aria-describedby={online ? undefined : offlineId}
            onClick={() => setEditing(true)}
          >
            Modifier
          </Button>
        </Group>
      </Group>
    );
  }

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Title id={titleId} order={2} size="h4" mb="xs">
        Compte client
      </Title>
      {body}
    </Card>
  );
}

function LinkForm({
  company,
  candidates,
  link,
  title,
  onSaved,
  onCancel,
}: {
  company: Company;
  /** The user's companies that could be the firm: every one but the current company. */
  candidates: Company[];
  link: FirmLink | null;
  title: string;
  onSaved: (link: FirmLink) => void;
  onCancel?: () => void;
}) {
  const online = useOnline();
  const offlineId = useId();
  const [firmId, setFirmId] = useState<number | null>(
    link?.firmCompanyId ?? (candidates.length === 1 ? candidates[0].id : null),
  );
  const [customerId, setCustomerId] = useState<number | null>(
    link && link.firmCompanyId === firmId ? link.customerId : null,
  );
  const [busy, setBusy] = useState(false);
  // The firm company's customers, read with the firm company as X-Company-Id.
  const customers = useServerData(firmCustomersData, firmId === null ? null : NO_PARAMS, firmId ?? undefined);
  const options = useMemo(
    () =>
      (customers.data ?? []).map((c) => {
        const label = customerOptionLabel(c);
        return { value: String(c.id), label, key: searchKey(`${label} ${c.name} ${c.city}`) };
      }),
    [customers.data],
  );
  const keys = useMemo(() => new Map(options.map((o) => [o.value, o.key])), [options]);
  // Accents and case ignored, every word anywhere (as the invoice editor's customer field).
  const filter: OptionsFilter = ({ options: all, search, limit }) => {
    const words = searchKey(search).split(' ').filter(Boolean);
    const out: ComboboxItem[] = [];
    for (const o of all as ComboboxItem[]) {
      if (words.every((w) => (keys.get(o.value) ?? '').includes(w))) out.push(o);
      if (out.length >= limit) break;
    }
    return out;
  };
  const customersFailed = customers.status === 'error' || customers.status === 'offline';

  const submit = async () => {
    if (firmId === null || customerId === null) return;
    setBusy(true);
    try {
      const answer = await saveLink(company.id, { firmCompanyId: firmId, customerId });
      const customer = options.find((o) => o.value === String(customerId))?.label;
      toastSuccess(
        'Compte lié',
        customer
          ? `« Mon compte » de ${company.label} montre désormais les factures de la fiche client ${customer}.`
          : undefined,
      );
      onSaved(answer.link);
    } catch (error) {
      const { message } = await readApiError(error);
      toastError(LINK_ERROR, message ?? 'Le serveur est injoignable, réessayez dans un instant.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text fw={600}>{title}</Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
        <Select
          label="Cabinet"
          description="La société du cabinet qui facture celle-ci"
          placeholder="Choisissez le cabinet"
          searchable
          nothingFoundMessage="Aucune société trouvée"
          data={candidates.map((c) => ({ value: String(c.id), label: c.label }))}
          value={firmId === null ? null : String(firmId)}
          onChange={(v) => {
            setFirmId(v ? Number(v) : null);
            setCustomerId(null);
          }}
          size="md"
        />
        <Select
          label="Fiche client"
          description="La fiche qui représente cette société chez le cabinet"
          placeholder={firmId === null ? 'Choisissez d’abord le cabinet' : 'Rechercher une fiche client'}
          searchable
          clearable
          disabled={firmId === null}
          nothingFoundMessage={customers.loading ? 'Chargement des fiches clients…' : 'Aucune fiche client trouvée'}
          data={options}
          filter={filter}
          limit={CUSTOMER_LIMIT}
          value={customerId === null ? null : String(customerId)}
          onChange={(v) => setCustomerId(v ? Number(v) : null)}
          rightSection={customers.loading ? <Loader size="xs" aria-hidden /> : undefined}
          error={
            customersFailed && !customers.data
              ? (customers.error?.message ??
                (customers.status === 'offline'
                  ? 'Les fiches clients se lisent en ligne.'
                  : 'Les fiches clients n’ont pas pu être chargées.'))
              : undefined
          }
          size="md"
        />
      </SimpleGrid>
      <Group gap="sm" wrap="wrap">
        <Button
          mih={44}
          leftSection={<IconLink size={18} aria-hidden />}
          loading={busy}
          disabled={!online || firmId === null || customerId === null}
          aria-describedby={online ? undefined : offlineId}
          onClick={() => void submit()}
        >
          Lier le compte
        </Button>
        {onCancel && (
          <Button mih={44} variant="default" onClick={onCancel} disabled={busy}>
            Annuler
          </Button>
        )}
        {!online && (
          <Text id={offlineId} size="sm" c="dimmed">
            <IconCloudOff size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> {OFFLINE}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
