import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChartBar, IconNotebook } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { DataAge } from '../../../components/offline/data-age';
import { PageHeader } from '../../../components/page/page-header';
import { NO_PARAMS } from '../../../data/sync/server-data';
import { useServerData } from '../../../data/sync/use-server-data';
import { formatDate, formatDateLong, formatDateTime, formatMoney } from '../../../domain/format';
import { useOnline } from '../../../lib/online';
import type { Register } from '../api/cash-registers-api';
import { registersData } from '../cash-registers-data';
import { JOURNALS_PATH } from './paths';

/** /mes-caisses: the company's registers, each with today's state and the days left open. */
export function RegistersPage() {
  const online = useOnline();
  const read = useServerData(registersData, NO_PARAMS);
  const registers = read.data;
  const fromDevice = !online || read.status === 'offline' || read.status === 'error';
  return (
    <Stack gap="md">
      <PageHeader
        title="Mes caisses"
        description="L’état du jour de chaque caisse, ses ventes et son solde d’espèces."
        actions={
          <>
            {fromDevice && registers ? <DataAge fetchedAt={read.fetchedAt} always /> : null}
            <Button
              component={Link}
              to="/mes-caisses/dashboard"
              variant="default"
              leftSection={<IconChartBar size={18} />}
            >
              Tableau de bord
            </Button>
          </>
        }
      />
      {read.loading ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} aria-busy>
          {[0, 1].map((i) => (
            <Skeleton key={i} height={220} radius="md" />
          ))}
        </SimpleGrid>
      ) : !registers ? (
        <Alert color="red" title="Impossible de charger les caisses">
          {read.error?.message ?? 'Vérifiez votre connexion puis réessayez.'}
          <Group mt="sm">
            <Button variant="default" onClick={() => void read.refresh()}>
              Réessayer
            </Button>
          </Group>
        </Alert>
      ) : registers.length === 0 ? (
        <Card withBorder padding="xl" radius="md">
          <Text fw={600} ta="center">
            Aucune caisse pour cette société.
          </Text>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {registers.map((r) => (
            <RegisterCard key={r.uuid} register={r} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function RegisterCard({ register: r }: { register: Register }) {
  const today = r.today;
  const closed = today.registerDetails.closed;
  const salesOfDay = today.salesByVatRate.reduce((s, v) => s + v.amount, 0);
  const titleId = `caisse-${r.uuid}`;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Title order={2} size="h3" id={titleId}>
            {r.label}
          </Title>
          {r.location && (
            <Text size="sm" c="dimmed">
              {r.location}
            </Text>
          )}
        </Stack>
        <Badge color={closed ? 'gray.7' : 'green.9'} size="lg" style={{ flexShrink: 0 }}>
          {closed ? 'Clôturée' : 'Ouverte'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mt="xs">
        {closed && today.closedAt
          ? `Journée du ${formatDateLong(today.day)}, clôturée le ${formatDateTime(today.closedAt)}`
          : `Journée du ${formatDateLong(today.day)}`}
      </Text>
      <SimpleGrid cols={2} mt="md" spacing="sm">
        <Figure label="Ventes du jour" value={formatMoney(salesOfDay)} />
        <Figure label="Solde d’espèces" value={formatMoney(today.registerDetails.balanceFinal)} />
      </SimpleGrid>
      {r.lastClosedDay && !closed && (
        <Text size="sm" c="dimmed" mt="sm">
          {`Dernière journée clôturée : ${formatDate(r.lastClosedDay)}`}
        </Text>
      )}
      {r.openDays.length > 0 && (
        <Alert mt="md" color="orange" icon={<IconAlertTriangle size={18} />} title="Journées à clôturer">
          <Stack gap={6}>
            {r.openDays.map((d) => (
              <Anchor
                key={d}
                component={Link}
                to={JOURNALS_PATH}
                search={{ caisse: r.uuid, jour: d, panel: 'cloture' } as never}
                style={{ minHeight: 44, display: 'inline-flex', alignItems: 'center' }}
              >
                Clôturer la journée du {formatDate(d)}
              </Anchor>
            ))}
          </Stack>
        </Alert>
      )}
      <Group mt="md" gap="sm">
        <Button
          component={Link}
          to={JOURNALS_PATH}
          search={{ caisse: r.uuid, jour: r.currentDay } as never}
          leftSection={<IconNotebook size={18} />}
          size="md"
        >
          Voir la journée
        </Button>
        <Button
          component={Link}
          to={JOURNALS_PATH}
          search={{ caisse: r.uuid, panel: 'integrite' } as never}
          variant="default"
          size="md"
        >
          Vérifier l’intégrité
        </Button>
      </Group>
    </Card>
  );
}

export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Stack>
  );
}
