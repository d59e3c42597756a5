import { Alert, Badge, Button, Group, Modal, Select, Text, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconChevronLeft,
  IconChevronRight,
  IconLock,
  IconPlus,
  IconShieldCheck,
} from '@tabler/icons-react';
import { DatePickerInput } from '../../../components/dates';
import { DataAge } from '../../../components/offline/data-age';
import { PageHeader } from '../../../components/page/page-header';
import { compareDates } from '../../../domain/dates';
import { formatDate, formatDateLong } from '../../../domain/format';
import type { MovementType, Register } from '../api/cash-registers-api';
import type { CountDetail, DayNav, QueuedMovement } from '../cash-model';
import { CloseDayForm } from './close-day-form';
import { IntegrityPanel } from './integrity-panel';
import { MovementForm, type Correction } from './movement-form';

/** Where the journal goes: another register, day or panel (the search params of the page). */
export type JournalGo = (
  patch: { caisse?: string; jour?: string; panel?: 'saisie' | 'cloture' | 'integrite' },
  replace?: boolean,
) => void;
type ClosingState = 'pending' | 'failed' | null;

/** The page's title, the data's age off line, the day picker and (several registers) the register picker. */
export function JournalHeader({
  register,
  registers,
  day,
  today,
  fetchedAt,
  fromDevice,
  go,
}: {
  register: Register;
  registers: readonly Register[] | undefined;
  day: string;
  today: string;
  fetchedAt: number | null;
  fromDevice: boolean;
  go: JournalGo;
}) {
  return (
    <PageHeader
      title="Journées de caisse"
      description={register.location ? `${register.label} — ${register.location}` : register.label}
      actions={
        <>
          {fromDevice && <DataAge fetchedAt={fetchedAt} always />}
          <DatePickerInput
            label="Journée"
            size="md"
            valueFormat="DD/MM/YYYY"
            value={day}
            maxDate={today}
            onChange={(v) => v && go({ jour: String(v).slice(0, 10) })}
            w={160}
          />
          {registers && registers.length > 1 && (
            <Select
              label="Caisse"
              size="md"
              data={registers.map((r) => ({ value: r.uuid, label: r.label }))}
              value={register.uuid}
              allowDeselect={false}
              onChange={(v) => v && go({ caisse: v, jour: undefined })}
            />
          )}
        </>
      }
    />
  );
}

function DayStatus({ closed, closing }: { closed: boolean; closing: ClosingState }) {
  if (closed)
    return (
      <Badge color="gray.7" size="lg" leftSection={<IconLock size={14} />}>
        Clôturée
      </Badge>
    );
  if (closing === 'pending')
    return (
      <Badge color="orange.9" size="lg">
        Clôture en attente d’envoi
      </Badge>
    );
  return (
    <Badge color="green.9" size="lg">
      Ouverte
    </Badge>
  );
}

/** The day's title and status, and the buttons to the previous day with activity, today, the next. */
export function DayBar({
  day,
  today,
  closed,
  closing,
  nav,
  go,
}: {
  day: string;
  today: string;
  closed: boolean;
  closing: ClosingState;
  nav: DayNav;
  go: JournalGo;
}) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm" wrap="wrap">
        <Title order={2} size="h3">
          Journée du {formatDateLong(day)}
        </Title>
        <DayStatus closed={closed} closing={closing} />
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
  );
}

/** A closing the server refused; an earlier day left open (while this one is open). */
export function DayAlerts({
  closing,
  openDays,
  day,
  open,
  go,
}: {
  closing: ClosingState;
  openDays: readonly string[];
  day: string;
  open: boolean;
  go: JournalGo;
}) {
  return (
    <>
      {closing === 'failed' && (
        <Alert color="red" title="Clôture refusée par le serveur">
          La raison est indiquée dans le panneau de synchronisation, où vous pouvez la corriger ou l’abandonner.
        </Alert>
      )}
      {openDays.some((d) => compareDates(d, day) < 0) && open && (
        <Alert color="orange" title="Journée antérieure non clôturée">
          {`La journée du ${formatDate(openDays[0])} n’est pas clôturée. `}
          <Button variant="subtle" size="compact-md" onClick={() => go({ jour: openDays[0] })}>
            Aller à cette journée
          </Button>
        </Alert>
      )}
    </>
  );
}

/** « Saisir des mouvements » and « Clôturer la journée » while the day is open; the integrity check always. */
export function DayActions({ canEnter, go }: { canEnter: boolean; go: JournalGo }) {
  return (
    <Group gap="sm">
      {canEnter && (
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
  );
}

/** The three panels of the day (search param `panel`): the movements' form, the closing, the integrity check. */
export function JournalPanels({
  panel,
  onClose,
  companyId,
  register,
  today,
  day,
  types,
  correction,
  correctionDay,
  correctionOpen,
  open,
  theoretical,
  onMovements,
  onClosing,
}: {
  panel: 'saisie' | 'cloture' | 'integrite' | undefined;
  onClose: () => void;
  companyId: number;
  register: Register;
  today: string;
  day: string;
  types: MovementType[];
  correction: Correction | null;
  correctionDay: string;
  correctionOpen: boolean;
  open: boolean;
  theoretical: number;
  onMovements: (movements: QueuedMovement[]) => Promise<string | null>;
  onClosing: (counted: { total: number; detail: CountDetail | null }) => Promise<string | null>;
}) {
  return (
    <>
      <Modal
        opened={panel === 'saisie'}
        onClose={onClose}
        title={correction ? 'Corriger un mouvement' : 'Saisir des mouvements'}
        size="xl"
        closeButtonProps={{ 'aria-label': 'Fermer' }}
      >
        {panel === 'saisie' &&
          (correctionOpen ? (
            <MovementForm
              key={correction?.entry.id ?? 'new'}
              types={types}
              day={correctionDay}
              correction={correction}
              onSubmit={onMovements}
              onCancel={onClose}
            />
          ) : (
            <Text>Cette journée est clôturée : aucun mouvement ne peut y être ajouté.</Text>
          ))}
      </Modal>
      <Modal
        opened={panel === 'cloture'}
        onClose={onClose}
        title="Clôturer la journée"
        size="xl"
        closeButtonProps={{ 'aria-label': 'Fermer' }}
      >
        {panel === 'cloture' &&
          (open ? (
            <CloseDayForm day={day} theoretical={theoretical} onSubmit={onClosing} onCancel={onClose} />
          ) : (
            <Text>Cette journée est déjà clôturée.</Text>
          ))}
      </Modal>
      <Modal
        opened={panel === 'integrite'}
        onClose={onClose}
        title={`Vérifier l’intégrité — ${register.label}`}
        size="xl"
        closeButtonProps={{ 'aria-label': 'Fermer' }}
      >
        {panel === 'integrite' && <IntegrityPanel companyId={companyId} register={register} today={today} />}
      </Modal>
    </>
  );
}
