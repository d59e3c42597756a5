import { Alert, Anchor, Badge, Button, Card, FileInput, Group, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { ChoiceBar } from '../../../components/choice-bar';
import { IconCloudUpload, IconLock, IconPaperclip } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { DataAge } from '../../../components/offline/data-age';
import { PageHeader } from '../../../components/page/page-header';
import { useOutboxEntries } from '../../../data/outbox-hooks';
import { useServerData } from '../../../data/sync/use-server-data';
import { announcesRequest } from '../../../domain/information-requests';
import { can } from '../../../domain/rights';
import { formatBytes, formatCount, formatDate, formatDateTime, formatMoney } from '../../../domain/format';
import { saveBlob } from '../../../lib/download';
import { useKeptNotification } from '../../notifications';
import { useOnline } from '../../../lib/online';
import { currentCompanyAtom, profileAtom } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { REQUESTS_PAGE, requestsData } from '../accounting-data';
import {
  answerProblem,
  canAnswer,
  REQUEST_KIND_LABELS,
  REQUEST_STATUS_COLORS,
  REQUEST_STATUS_LABELS,
  type RequestStatus,
} from '../accounting-model';
import {
  answerRequest,
  closeRequest,
  fetchRequestFile,
  REQUEST_KIND,
  type RequiredDetail,
} from '../api/accounting-api';

const route = getRouteApi('/app/ma-comptabilite/demande-information');

const FILTERS = [
  { value: 'toutes', label: 'Toutes' },
  { value: 'open', label: 'En attente' },
  { value: 'answered', label: 'Répondues' },
  { value: 'closed', label: 'Clôturées' },
];

/** /ma-comptabilite/demande-information: the firm's questions on entries and the company's answers. */
export function RequestsPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const online = useOnline();
  const firm = can(useAtomValue(profileAtom), 'firm');
  const read = useServerData(requestsData, REQUESTS_PAGE);
  // A type 2 notification names its request through the notification's id (NOTIF-1).
  const byNotification = useServerData(
    requestsData,
    search.notification ? { notification: search.notification, page: 1, pageSize: 1 } : null,
  );
  // Offline the server cannot say which request it is: the device matches the notification it keeps
  // with the requests it keeps, as the server does (asked at the notification's time, on its entry).
  const unanswered = byNotification.status === 'offline' || byNotification.status === 'error';
  const kept = useKeptNotification(unanswered ? search.notification : undefined);
  const all = read.data?.items;
  const found =
    byNotification.data?.items[0]?.id ?? (kept ? all?.find((r) => announcesRequest(kept, r))?.id : undefined);
  useEffect(() => {
    if (found)
      void navigate({ to: '/ma-comptabilite/demande-information', search: { demande: found } as never, replace: true });
  }, [found, navigate]);

  const shown = (all ?? []).filter((r) => !search.statut || r.status === search.statut);
  const fromDevice = !online || read.status === 'offline' || read.status === 'error';
  const counts = (s: RequestStatus) => (all ?? []).filter((r) => r.status === s).length;

  return (
    <Stack gap="md" maw={980}>
      <PageHeader
        title="Demandes d’information"
        description={
          firm
            ? 'Les questions du cabinet sur les écritures de la société et les réponses reçues.'
            : 'Votre cabinet comptable vous demande un justificatif ou une explication sur certaines écritures.'
        }
        actions={fromDevice && read.data ? <DataAge fetchedAt={read.fetchedAt} always /> : undefined}
      />
      <ChoiceBar
        aria-label="Statut des demandes"
        data={FILTERS.map((f) => ({
          value: f.value,
          label: f.value === 'toutes' || !all ? f.label : `${f.label} (${counts(f.value as RequestStatus)})`,
        }))}
        value={search.statut ?? 'toutes'}
        onChange={(v) =>
          void navigate({
            to: '/ma-comptabilite/demande-information',
            search: { statut: v === 'toutes' ? undefined : v } as never,
            replace: true,
          })
        }
        size="md"
      />
      {read.loading && <Skeleton height={180} />}
      {all && shown.length === 0 && (
        <Text c="dimmed">
          {search.statut ? 'Aucune demande avec ce statut.' : 'Aucune demande d’information pour le moment.'}
        </Text>
      )}
      {shown.map((r) => (
        <RequestCard key={r.id} request={r} selected={search.demande === r.id} firm={firm} />
      ))}
    </Stack>
  );
}

/** What the request is about, in one line: « 12/03/2025 · VT · pièce F123 · Facture Dupont · 1 200,00 € ». */
export const entryLine = (r: RequiredDetail) =>
  `${formatDate(r.entry.date)} · journal ${r.entry.journal} · pièce ${r.entry.piece || '—'} · ${r.entry.label} · ${formatMoney(r.entry.amount)}`;

function RequestCard({ request: r, selected, firm }: { request: RequiredDetail; selected: boolean; firm: boolean }) {
  const companyId = useAtomValue(currentCompanyAtom)?.id;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView({ block: 'start' });
  }, [selected]);
  const entries = useOutboxEntries();
  const pending = (entries ?? []).filter(
    (e) => e.docKey === `requiredDetail:${r.id}` && e.kind.startsWith(REQUEST_KIND),
  );
  const title = `${REQUEST_KIND_LABELS[r.kind]} : ${r.entry.label}`;

  async function download(fileId: number, name: string) {
    if (!companyId) return;
    try {
      saveBlob(await fetchRequestFile(r.id, fileId, companyId), name);
    } catch {
      toastError('Le fichier n’a pas pu être téléchargé.');
    }
  }

  return (
    <Card
      ref={ref}
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-label={title}
      style={selected ? { borderColor: 'var(--mantine-color-blue-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700}>{title}</Text>
          <Badge color={REQUEST_STATUS_COLORS[r.status]} variant="filled">
            {REQUEST_STATUS_LABELS[r.status]}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {entryLine(r)}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{r.question}</Text>
        <Text size="xs" c="dimmed">
          Demandée par {r.askedBy.firstName} {r.askedBy.name} le {formatDateTime(r.askedAt)}
          {r.closedAt ? ` · clôturée le ${formatDateTime(r.closedAt)}` : ''}
        </Text>
        {r.answers.length > 0 && (
          <Stack gap={6} mt="xs" aria-label="Réponses" role="list">
            {r.answers.map((a) => (
              <Card key={a.id} withBorder padding="sm" radius="sm" bg="var(--mantine-color-gray-0)" role="listitem">
                {a.text && <Text style={{ whiteSpace: 'pre-wrap' }}>{a.text}</Text>}
                {a.files.map((f) => (
                  <Anchor
                    key={f.id}
                    component="button"
                    type="button"
                    size="sm"
                    onClick={() => void download(f.id, f.name)}
                    style={{ display: 'inline-flex', alignItems: 'center', gap: 4, marginRight: 12 }}
                  >
                    <IconPaperclip size={14} aria-hidden />
                    {f.name} ({formatBytes(f.size)})
                  </Anchor>
                ))}
                <Text size="xs" c="dimmed">
                  Réponse de {a.answeredBy.firstName} {a.answeredBy.name} le {formatDateTime(a.answeredAt)}
                </Text>
              </Card>
            ))}
          </Stack>
        )}
        {pending.length > 0 && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconCloudUpload size={18} aria-hidden />}
            title="En attente d’envoi"
          >
            {pending.some((e) => e.state === 'failed')
              ? 'Votre réponse a été refusée par le serveur : voyez le panneau de synchronisation.'
              : `${formatCount(pending.length, 'envoi')} de votre réponse attend le retour de la connexion.`}
          </Alert>
        )}
        {!firm && canAnswer(r.status) && companyId && <AnswerForm request={r} companyId={companyId} />}
        {firm && r.status !== 'closed' && companyId && (
          <Group>
            <Button
              variant="default"
              leftSection={<IconLock size={16} aria-hidden />}
              onClick={() =>
                void closeRequest(companyId, r.id, r.entry.label).then((res) =>
                  res.status === 'failed' ? toastError('La demande n’a pas été clôturée.', res.message) : undefined,
                )
              }
            >
              Clôturer la demande
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The client's answer: text and files, through the outbox (written offline, sent when back). */
function AnswerForm({ request, companyId }: { request: RequiredDetail; companyId: number }) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const id = `reponse-${request.id}`;

  async function send() {
    const p = answerProblem(text, files);
    if (p) return setProblem(p);
    setSending(true);
    try {
      const result = await answerRequest(companyId, { id: request.id, label: request.entry.label }, text.trim(), files);
      if (result.status === 'failed') toastError('La réponse n’a pas été envoyée.', result.message);
      else if (result.status === 'queued')
        toastSuccess('Réponse enregistrée', 'Elle sera envoyée dès le retour de la connexion.');
      else toastSuccess('Réponse envoyée', 'Votre cabinet comptable la voit dès maintenant.');
      if (result.status !== 'failed') {
        setText('');
        setFiles([]);
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <Stack
      gap="xs"
      mt="xs"
      component="form"
      aria-label="Répondre"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <Textarea
        id={id}
        label="Votre réponse"
        autosize
        minRows={2}
        maxLength={5000}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setProblem(null);
        }}
        error={problem}
      />
      <FileInput
        label="Justificatifs"
        description="PDF, images, documents bureautiques ; 50 Mo au plus par fichier"
        placeholder="Choisir des fichiers"
        multiple
        clearable
        clearButtonProps={{ 'aria-label': 'Retirer les fichiers' }}
        leftSection={<IconPaperclip size={16} aria-hidden />}
        value={files}
        onChange={(f) => {
          setFiles(f);
          setProblem(null);
        }}
      />
      <Group justify="flex-end">
        <Button type="submit" loading={sending}>
          Envoyer la réponse
        </Button>
      </Group>
    </Stack>
  );
}
