import { Alert, Badge, Button, Group, Modal, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconChevronLeft,
  IconChevronRight,
  IconLock,
  IconPlus,
  IconShieldCheck,
} from '@tabler/icons-react';
import { DatePickerInput } from '../../../components/dates';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useMemo, useRef, useState } from 'react';
import { DataAge } from '../../../components/offline/data-age';
import { PageHeader } from '../../../components/page/page-header';
import { useOutboxEntries } from '../../../data/outbox-hooks';
import { NO_PARAMS } from '../../../data/sync/server-data';
import { useServerData } from '../../../data/sync/use-server-data';
import { compareDates, endOfMonth, todayInParis } from '../../../domain/dates';
import { formatDate, formatDateLong } from '../../../domain/format';
import { useOnline } from '../../../lib/online';
import { currentCompanyAtom } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toast';
import { submitClosing, submitMovements, type Journal, type MovementEntry } from '../api/cash-registers-api';
import {
  balanceWithPending,
  canEnter,
  dayNavigation,
  hasActivity,
  journalOf,
  pendingOfDay,
  validDay,
  type CountDetail,
  type QueuedMovement,
} from '../cash-model';
import { movementTypesData, olderDaysData, recentDaysData, registersData } from '../cash-registers-data';
import { CloseDayForm } from './close-day-form';
import { IntegrityPanel } from './integrity-panel';
import { JournalLists, RegisterDetails } from './journal-view';
import { MovementForm, type Correction } from './movement-form';
import { JOURNALS_PATH } from './paths';

const route = getRouteApi('/app/mes-caisses/journées');

/** The route's validated search (validateSearch in src/routes). */
type Search = ReturnType<typeof route.useSearch>;

const SWIPE_PX = 60;

/** /mes-caisses/journées?caisse=<uuid>&jour=AAAA-MM-JJ: a register's journal, day by day. */
export function JournalPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const online = useOnline();
  const companyId = useAtomValue(currentCompanyAtom)?.id;
  const today = todayInParis(new Date());

  const registers = useServerData(registersData, NO_PARAMS);
  const register = registers.data?.find((r) => r.uuid === search.caisse) ?? registers.data?.[0];
  const day = validDay(search.jour ?? register?.currentDay, today);
  const types = useServerData(movementTypesData, register ? { id: register.id } : null);
  const recent = useServerData(recentDaysData, register ? { uuid: register.uuid } : null);
  const older =
    register && recent.data && compareDates(day, recent.data.dateStart) < 0
      ? { uuid: register.uuid, dateStart: `${day.slice(0, 8)}01`, dateEnd: endOfMonth(day) }
      : null;
  const olderDays = useServerData(olderDaysData, older);
  const entries = useOutboxEntries();

  const days: Journal[] = useMemo(() => {
    const byDay = new Map<string, Journal>();
    for (const j of olderDays.data?.days ?? []) byDay.set(j.day, j);
    for (const j of recent.data?.days ?? []) byDay.set(j.day, j);
    if (register && !byDay.has(register.today.day)) byDay.set(register.today.day, register.today);
    return [...byDay.values()].sort((a, b) => compareDates(a.day, b.day));
  }, [olderDays.data, recent.data, register]);

  const [correction, setCorrection] = useState<Correction | null>(null);
  const go = (patch: Partial<Search>, replace = false) =>
    void navigate({
      to: JOURNALS_PATH,
      search: { caisse: register?.uuid, jour: day, ...patch } as never,
      replace,
    });

  const touch = useRef<{ x: number; y: number } | null>(null);

  if (registers.loading || (register && (recent.loading || types.loading)) || (older && olderDays.loading)) {
    return (
      <Stack gap="md" aria-busy>
        <Skeleton height={48} width="40%" />
        <Skeleton height={120} radius="md" />
        <Skeleton height={320} radius="md" />
      </Stack>
    );
  }
  if (!register || companyId == null) {
    return (
      <Stack gap="md">
        <PageHeader title="Journées de caisse" />
        <Alert
          color={registers.data ? 'gray' : 'red'}
          title={registers.data ? 'Aucune caisse' : 'Caisses indisponibles'}
        >
          {registers.data
            ? 'Aucune caisse pour cette société.'
            : (registers.error?.message ?? 'Les caisses n’ont pas encore été chargées sur cet appareil.')}
        </Alert>
      </Stack>
    );
  }

  const typeList = types.data ?? [];
  // A day older than the 62 kept on the device, not read (offline, or its read failed).
  const unavailable = !!older && !olderDays.data;
  const journal = journalOf(days, day, register.id);
  const waiting = (entries ?? []).filter((e) => e.companyId === companyId);
  const pending = pendingOfDay(waiting, register.uuid, day);
  const closingPending = pending.closing !== null;
  const open = canEnter(journal, today, closingPending);
  const activeDays = [...days.filter(hasActivity).map((j) => j.day), ...register.openDays];
  const nav = dayNavigation(activeDays, day, today);
  const pendingBalance = pending.movements.length ? balanceWithPending(journal, pending.movements, typeList) : null;
  const fromDevice = !online || recent.status === 'offline' || recent.status === 'error';
  const panel = search.panel;
  const closePanel = () => {
    setCorrection(null);
    go({ panel: undefined }, true);
  };

  const replaceDay = (answer: Journal) => {
    if (!recent.data) return;
    const others = recent.data.days.filter((j) => j.day !== answer.day);
    recent.patch({ ...recent.data, days: [...others, answer] });
  };

  const saveMovements = async (movements: QueuedMovement[]) => {
    const target = correction ? register.currentDay : day;
    const result = await submitMovements(companyId, register, target, movements);
    if (result.status === 'failed')
      return [result.message, ...result.errors.filter((e) => e !== result.message)].join(' ');
    if (result.status === 'done') replaceDay(result.response);
    toastSuccess(
      movements.length > 1 ? 'Mouvements enregistrés' : 'Mouvement enregistré',
      result.status === 'queued' ? 'Enregistrés sur cet appareil : ils seront envoyés au retour du réseau.' : undefined,
    );
    closePanel();
    return null;
  };

  const close = async (counted: { total: number; detail: CountDetail | null }) => {
    const result = await submitClosing(companyId, register, day, counted);
    if (result.status === 'failed') return result.message;
    if (result.status === 'done') replaceDay(result.response);
    toastSuccess(
      'Journée clôturée',
      result.status === 'queued' ? 'La clôture sera envoyée au retour du réseau.' : undefined,
    );
    closePanel();
    return null;
  };

  const correct = (entry: MovementEntry) => {
    setCorrection({ entry });
    go({ jour: register.currentDay, panel: 'saisie' });
  };
  const correctionDay = correction ? register.currentDay : day;
  // Corrections go on the register's current day, while it is open.
  const currentOpen = canEnter(
    journalOf(days, register.currentDay, register.id),
    today,
    pendingOfDay(waiting, register.uuid, register.currentDay).closing !== null,
  );
  const correctionOpen = correction ? currentOpen : open;

  return (
    <Stack
      gap="md"
      onTouchStart={(e) => {
        const t = e.touches[0];
        touch.current = t ? { x: t.clientX, y: t.clientY } : null;
      }}
      onTouchEnd={(e) => {
        const start = touch.current;
        const t = e.changedTouches[0];
        touch.current = null;
        if (!start || !t || panel) return;
        const dx = t.clientX - start.x;
        if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < 2 * Math.abs(t.clientY - start.y)) return;
        const to = dx > 0 ? nav.previous : nav.next;
        if (to) go({ jour: to });
      }}
    >
      <PageHeader
        title="Journées de caisse"
        description={register.location ? `${register.label} — ${register.location}` : register.label}
        actions={
          <>
            {fromDevice && <DataAge fetchedAt={recent.fetchedAt} always />}
            <DatePickerInput
              label="Journée"
              size="md"
              valueFormat="DD/MM/YYYY"
              value={day}
              maxDate={today}
              onChange={(v) => v && go({ jour: String(v).slice(0, 10) })}
              w={160}
            />
            {registers.data && registers.data.length > 1 && (
              <Select
                label="Caisse"
                size="md"
                data={registers.data.map((r) => ({ value: r.uuid, label: r.label }))}
                value={register.uuid}
                allowDeselect={false}
                onChange={(v) => v && go({ caisse: v, jour: undefined })}
              />
            )}
          </>
        }
      />

      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <Title order={2} size="h3">
            Journée du {formatDateLong(day)}
          </Title>
          {journal.registerDetails.closed ? (
            <Badge color="gray.7" size="lg" leftSection={<IconLock size={14} />}>
              Clôturée
            </Badge>
          ) : pending.closing === 'pending' ? (
            <Badge color="orange.9" size="lg">
              Clôture en attente d’envoi
            </Badge>
          ) : (
            <Badge color="green.9" size="lg">
              Ouverte
            </Badge>
          )}
        </Group>
        <Group gap="xs" role="group" aria-label="Changer de journée">
          <Button
            variant="default"
            size="md"
            leftSection={<IconChevronLeft size={18} />}
            disabled={!nav.previous}
            onClick={() => nav.previous && go({ jour: nav.previous })}
            title={nav.previous ? `Journée du ${formatDate(nav.previous)}` : undefined}
          >
            Jour précédent
          </Button>
          <Button
            variant="default"
            size="md"
            leftSection={<IconCalendarEvent size={18} />}
            disabled={day === today}
            onClick={() => go({ jour: today })}
          >
            Aujourd’hui
          </Button>
          <Button
            variant="default"
            size="md"
            rightSection={<IconChevronRight size={18} />}
            disabled={!nav.next}
            onClick={() => nav.next && go({ jour: nav.next })}
            title={nav.next ? `Journée du ${formatDate(nav.next)}` : undefined}
          >
            Jour suivant
          </Button>
        </Group>
      </Group>

      {pending.closing === 'failed' && (
        <Alert color="red" title="Clôture refusée par le serveur">
          La raison est indiquée dans le panneau de synchronisation, où vous pouvez la corriger ou l’abandonner.
        </Alert>
      )}
      {register.openDays.some((d) => compareDates(d, day) < 0) && open && (
        <Alert color="orange" title="Journée antérieure non clôturée">
          {`La journée du ${formatDate(register.openDays[0])} n’est pas clôturée. `}
          <Button variant="subtle" size="compact-md" onClick={() => go({ jour: register.openDays[0] })}>
            Aller à cette journée
          </Button>
        </Alert>
      )}

      {unavailable ? (
        <Alert color="gray" title="Journée indisponible">
          {online
            ? (olderDays.error?.message ?? 'Cette journée n’a pas pu être chargée.')
            : 'Seuls les 62 derniers jours sont enregistrés sur cet appareil : cette journée se consulte en ligne.'}
        </Alert>
      ) : (
        <RegisterDetails journal={journal} pendingBalance={pendingBalance} />
      )}

      <Group gap="sm">
        {open && !unavailable && (
          <>
            <Button size="lg" leftSection={<IconPlus size={20} />} onClick={() => go({ panel: 'saisie' })}>
              Saisir des mouvements
            </Button>
            <Button
              size="lg"
              color="red"
              variant="outline"
              leftSection={<IconLock size={20} />}
              onClick={() => go({ panel: 'cloture' })}
            >
              Clôturer la journée
            </Button>
          </>
        )}
        <Button
          size="lg"
          variant="default"
          leftSection={<IconShieldCheck size={20} />}
          onClick={() => go({ panel: 'integrite' })}
        >
          Vérifier l’intégrité
        </Button>
      </Group>
      {!unavailable && !hasActivity(journal) && pending.movements.length === 0 && (
        <Text c="dimmed">Aucun mouvement ce jour-là.</Text>
      )}

      {!unavailable && (
        <JournalLists
          uuid={register.uuid}
          journal={journal}
          types={typeList}
          pending={pending.movements}
          onCorrect={currentOpen ? correct : null}
        />
      )}

      <Modal
        opened={panel === 'saisie'}
        onClose={closePanel}
        title={correction ? 'Corriger un mouvement' : 'Saisir des mouvements'}
        size="xl"
        closeButtonProps={{ 'aria-label': 'Fermer' }}
      >
        {panel === 'saisie' &&
          (correctionOpen ? (
            <MovementForm
              key={correction?.entry.id ?? 'new'}
              types={typeList}
              day={correctionDay}
              correction={correction}
              onSubmit={saveMovements}
              onCancel={closePanel}
            />
          ) : (
            <Text>Cette journée est clôturée : aucun mouvement ne peut y être ajouté.</Text>
          ))}
      </Modal>
      <Modal
        opened={panel === 'cloture'}
        onClose={closePanel}
        title="Clôturer la journée"
        size="xl"
        closeButtonProps={{ 'aria-label': 'Fermer' }}
      >
        {panel === 'cloture' &&
          (open ? (
            <CloseDayForm
              day={day}
              theoretical={pendingBalance ?? journal.registerDetails.balanceFinal}
              onSubmit={close}
              onCancel={closePanel}
            />
          ) : (
            <Text>Cette journée est déjà clôturée.</Text>
          ))}
      </Modal>
      <Modal
        opened={panel === 'integrite'}
        onClose={closePanel}
        title={`Vérifier l’intégrité — ${register.label}`}
        size="xl"
        closeButtonProps={{ 'aria-label': 'Fermer' }}
      >
        {panel === 'integrite' && <IntegrityPanel companyId={companyId} register={register} today={today} />}
      </Modal>
    </Stack>
  );
}
