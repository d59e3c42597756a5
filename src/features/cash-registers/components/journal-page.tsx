import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useRef, useState, type TouchEvent } from 'react';
import { PageHeader } from '../../../components/page/page-header';
import { todayInParis } from '../../../domain/dates';
import { useOnline } from '../../../lib/online';
import { currentCompanyAtom } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toast';
import {
  submitClosing,
  submitMovements,
  type Journal,
  type MovementEntry,
  type Register,
} from '../api/cash-registers-api';
import {
  balanceWithPending,
  canEnter,
  dayNavigation,
  hasActivity,
  journalOf,
  pendingOfDay,
  type CountDetail,
  type DayNav,
  type QueuedMovement,
} from '../cash-model';
import { DayActions, DayAlerts, DayBar, JournalHeader, JournalPanels, type JournalGo } from './journal-day-parts';
import { JournalLists, RegisterDetails } from './journal-view';
import type { Correction } from './movement-form';
import { JOURNALS_PATH } from './paths';
import { useJournalData, type JournalData } from './use-journal-data';

const route = getRouteApi('/app/mes-caisses/journées');

/** The route's validated search (validateSearch in src/routes). */
type Search = ReturnType<typeof route.useSearch>;

const SWIPE_PX = 60;

/** /mes-caisses/journées?caisse=<uuid>&jour=AAAA-MM-JJ: a register's journal, day by day. */
export function JournalPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const companyId = useAtomValue(currentCompanyAtom)?.id;
  const today = todayInParis(new Date());
  const data = useJournalData(search.caisse, search.jour, today);
  // Here, not in the day: a correction outlives the reads of the day it moves to.
  const [correction, setCorrection] = useState<Correction | null>(null);
  const go: JournalGo = (patch, replace = false) =>
    void navigate({
      to: JOURNALS_PATH,
      search: { caisse: data.register?.uuid, jour: data.day, ...patch } as never,
      replace,
    });

  if (data.loading) return <JournalSkeleton />;
  if (!data.register || companyId == null) return <NoRegister registers={data.registers} />;
  return (
    <JournalDay
      data={data}
      register={data.register}
      companyId={companyId}
      today={today}
      panel={search.panel}
      correction={correction}
      setCorrection={setCorrection}
      go={go}
    />
  );
}

function JournalSkeleton() {
  return (
    <Stack gap="md" aria-busy>
      <Skeleton height={48} width="40%" />
      <Skeleton height={120} radius="md" />
      <Skeleton height={320} radius="md" />
    </Stack>
  );
}

function NoRegister({ registers }: { registers: JournalData['registers'] }) {
  return (
    <Stack gap="md">
      <PageHeader title="Journées de caisse" />
      <Alert color={registers.data ? 'gray' : 'red'} title={registers.data ? 'Aucune caisse' : 'Caisses indisponibles'}>
        {registers.data
          ? 'Aucune caisse pour cette société.'
          : (registers.error?.message ?? 'Les caisses n’ont pas encore été chargées sur cet appareil.')}
      </Alert>
    </Stack>
  );
}

/** A swipe across the page (not while a panel is open) goes to the previous or next day. */
function useDaySwipe(nav: DayNav, disabled: boolean, go: JournalGo) {
  const touch = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart: (e: TouchEvent) => {
      const t = e.touches[0];
      touch.current = t ? { x: t.clientX, y: t.clientY } : null;
    },
    onTouchEnd: (e: TouchEvent) => {
      const start = touch.current;
      const t = e.changedTouches[0];
      touch.current = null;
      if (!start || !t || disabled) return;
      const dx = t.clientX - start.x;
      if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < 2 * Math.abs(t.clientY - start.y)) return;
      const to = dx > 0 ? nav.previous : nav.next;
      if (to) go({ jour: to });
    },
  };
}

interface DayProps {
  data: JournalData;
  register: Register;
  companyId: number;
  today: string;
  panel: Search['panel'];
  correction: Correction | null;
  setCorrection: (correction: Correction | null) => void;
  go: JournalGo;
}

/** What the day's journal offers: its movements sent (or kept on the device), its closing. */
function useDayActions({ data, register, companyId, correction, setCorrection, go }: DayProps) {
  const { recent, day } = data;
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
  return { closePanel, saveMovements, close, correct };
}

function JournalDay(props: DayProps) {
  const { data, register, companyId, today, panel, correction, go } = props;
  const { days, day, unavailable } = data;
  const online = useOnline();
  const typeList = data.types.data ?? [];
  const journal = journalOf(days, day, register.id);
  const waiting = (data.entries ?? []).filter((e) => e.companyId === companyId);
  const pending = pendingOfDay(waiting, register.uuid, day);
  const open = canEnter(journal, today, pending.closing !== null);
  const nav = dayNavigation([...days.filter(hasActivity).map((j) => j.day), ...register.openDays], day, today);
  const pendingBalance = pending.movements.length ? balanceWithPending(journal, pending.movements, typeList) : null;
  const fromDevice = !online || data.recent.status === 'offline' || data.recent.status === 'error';
  // Corrections go on the register's current day, while it is open.
  const currentOpen = canEnter(
    journalOf(days, register.currentDay, register.id),
    today,
    pendingOfDay(waiting, register.uuid, register.currentDay).closing !== null,
  );
  const actions = useDayActions(props);
  const swipe = useDaySwipe(nav, !!panel, go);

  return (
    <Stack gap="md" {...swipe}>
      <JournalHeader
        register={register}
        registers={data.registers.data}
        day={day}
        today={today}
        fetchedAt={data.recent.fetchedAt}
        fromDevice={fromDevice}
        go={go}
      />
      <DayBar
        day={day}
        today={today}
        closed={journal.registerDetails.closed}
        closing={pending.closing}
        nav={nav}
        go={go}
      />
      <DayAlerts closing={pending.closing} openDays={register.openDays} day={day} open={open} go={go} />
      {unavailable ? (
        <Alert color="gray" title="Journée indisponible">
          {online
            ? (data.olderDays.error?.message ?? 'Cette journée n’a pas pu être chargée.')
            : 'Seuls les 62 derniers jours sont enregistrés sur cet appareil : cette journée se consulte en ligne.'}
        </Alert>
      ) : (
        <RegisterDetails journal={journal} pendingBalance={pendingBalance} />
      )}
      <DayActions canEnter={open && !unavailable} go={go} />
      {!unavailable && !hasActivity(journal) && pending.movements.length === 0 && (
        <Text c="dimmed">Aucun mouvement ce jour-là.</Text>
      )}
      {!unavailable && (
        <JournalLists
          uuid={register.uuid}
          journal={journal}
          types={typeList}
          pending={pending.movements}
          onCorrect={currentOpen ? actions.correct : null}
        />
      )}
      <JournalPanels
        panel={panel}
        onClose={actions.closePanel}
        companyId={companyId}
        register={register}
        today={today}
        day={day}
        types={typeList}
        correction={correction}
        correctionDay={correction ? register.currentDay : day}
        correctionOpen={correction ? currentOpen : open}
        open={open}
        theoretical={pendingBalance ?? journal.registerDetails.balanceFinal}
        onMovements={actions.saveMovements}
        onClosing={actions.close}
      />
    </Stack>
  );
}
