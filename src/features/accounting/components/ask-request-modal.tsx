import { Button, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { formatDate, formatMoney } from '../../../domain/format';
import { readApiError } from '../../../lib/http';
import { toastError, toastSuccess } from '../../../lib/toast';
import { REQUEST_KIND_LABELS, type RequestKind } from '../accounting-model';
import { createRequest, type EntryLine } from '../api/accounting-api';

/** The firm asks the company for a document or an explanation on one entry line (online only). */
export function AskRequestModal({
  line,
  companyId,
  onClose,
}: {
  line: EntryLine;
  companyId: number;
  onClose: () => void;
}) {
  const [kind, setKind] = useState<RequestKind>('document');
  const [question, setQuestion] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function send() {
    if (!question.trim()) return setError('La question est obligatoire.');
    setSending(true);
    try {
      await createRequest(companyId, { lineId: line.id, kind, question: question.trim() });
      toastSuccess('Demande envoyée', 'La société est prévenue par une notification.');
      onClose();
    } catch (e) {
      toastError('La demande n’a pas été envoyée.', (await readApiError(e)).message ?? undefined);
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title="Demander une information"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <Stack gap="sm">
        <Text size="sm">
          {formatDate(line.date)} · journal {line.journal} · pièce {line.piece || '—'} · {line.label} ·{' '}
          {formatMoney(line.debit || line.credit)}
        </Text>
        <SegmentedControl
          aria-label="Nature de la demande"
          data={(Object.keys(REQUEST_KIND_LABELS) as RequestKind[]).map((k) => ({
            value: k,
            label: REQUEST_KIND_LABELS[k],
          }))}
          value={kind}
          onChange={(v) => setKind(v as RequestKind)}
        />
        <Textarea
          label="Question"
          autosize
          minRows={3}
          maxLength={2000}
          value={question}
          onChange={(e) => {
            setQuestion(e.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Annuler
          </Button>
          <Button loading={sending} onClick={() => void send()}>
            Envoyer la demande
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
