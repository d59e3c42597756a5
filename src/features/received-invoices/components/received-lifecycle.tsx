import { Alert, Button, Card, Group, List, Modal, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { LifecycleBadge, LifecycleTrail } from './lifecycle-trail';
import { api } from '../../../contract/index';
import type { ReceivedInvoiceDetail } from '../../../contract/received-invoices';
import { call } from '../../../data/api-call';
import { readApiError } from '../../../lib/http';
import { useOnline } from '../../../lib/online';
import { toastError, toastSuccess } from '../../../lib/toast';

// Decision 089 (LC-2, LC-3): the buyer's answer to a received invoice — « Approuver », « Contester »
// (En litige, with a reason), « Refuser » (with a reason from the list, required) or « Paiement
// transmis » — each sent to the supplier through the platform; then the invoice's lifecycle trail.
// Online only: the answer is the server's, with the trail it now holds.

type Action = NonNullable<ReceivedInvoiceDetail['lifecycleActions']>[number];

const BUTTONS: Record<Action['code'], { text: string; color: string; variant: 'filled' | 'subtle' | 'default' }> = {
  // Colours that keep a 4.5:1 contrast (axe): the brand's filled button, the red of « Supprimer ».
  '205': { text: 'Approuver', color: 'brand', variant: 'filled' },
  '207': { text: 'Contester', color: 'gray', variant: 'default' },
  '210': { text: 'Refuser', color: 'red', variant: 'subtle' },
  '211': { text: 'Paiement transmis', color: 'gray', variant: 'default' },
};

const DONE: Record<Action['code'], string> = {
  '205': 'Facture approuvée',
  '207': 'Facture contestée',
  '210': 'Facture refusée',
  '211': 'Paiement transmis',
};

export function ReceivedLifecycle({
  invoice,
  companyId,
  onChanged,
}: {
  invoice: ReceivedInvoiceDetail;
  companyId: number;
  onChanged: (detail: ReceivedInvoiceDetail) => void;
}) {
  const online = useOnline();
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const trail = invoice.lifecycle ?? [];
  const actions = invoice.lifecycleActions ?? [];

  async function send(action: Action, reasonCode?: string, reasonText?: string): Promise<string[] | null> {
    setBusy(true);
    try {
      const detail = await call(api.receivedInvoices.setReceivedInvoiceStatus, {
        params: { id: invoice.id },
        body: { code: action.code, reasonCode, reasonText: reasonText?.trim() || undefined },
        companyId,
      });
      toastSuccess(DONE[action.code], 'Le statut est transmis au fournisseur par votre plateforme agréée.');
      setAsking(null);
      onChanged(detail);
      return null;
    } catch (error) {
      const e = await readApiError(error);
      if (e.status === 422) return e.errors.length ? e.errors : [e.message ?? 'Statut refusé.'];
      toastError('Statut non transmis', e.message ?? 'Le serveur n’a pas pu enregistrer ce statut.');
      return null;
    } finally {
      setBusy(false);
    }
  }

  if (!trail.length && !actions.length) return null;
  const last = trail.at(-1);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="cycle-de-vie">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h4" id="cycle-de-vie">
          Réponse au fournisseur
        </Title>
        <LifecycleBadge status={last} />
      </Group>
      <Stack gap="sm">
        {actions.length > 0 && (
          <Group gap="sm" wrap="wrap">
            {actions.map((a) => (
              <Button
                key={a.code}
                mih={44}
                color={BUTTONS[a.code].color}
                variant={BUTTONS[a.code].variant}
                disabled={!online || busy}
                loading={busy && asking === null}
                onClick={() => (a.reasons.length ? setAsking(a) : void send(a))}
              >
                {BUTTONS[a.code].text}
              </Button>
            ))}
          </Group>
        )}
        {!online && actions.length > 0 && (
          <Text size="sm" c="dimmed">
            Hors ligne : la réponse au fournisseur attend le retour du réseau.
          </Text>
        )}
        <LifecycleTrail events={trail} />
      </Stack>
      {asking && (
        <ReasonDialog
          action={asking}
          busy={busy}
          onClose={() => setAsking(null)}
          onSubmit={(c, t) => send(asking, c, t)}
        />
      )}
    </Card>
  );
}

function ReasonDialog({
  action,
  busy,
  onClose,
  onSubmit,
}: {
  action: Action;
  busy: boolean;
  onClose: () => void;
  onSubmit: (reasonCode: string | undefined, reasonText: string) => Promise<string[] | null>;
}) {
  const [reason, setReason] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const title = action.code === '210' ? 'Refuser la facture' : 'Contester la facture';

  async function submit() {
    if (action.reasonRequired && !reason) {
      setErrors([`Le statut « ${action.label} » demande un motif : choisissez-le dans la liste.`]);
      return;
    }
    const problems = await onSubmit(reason ?? undefined, text);
    if (problems) setErrors(problems);
  }

  return (
    <Modal opened onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Fermer' }}>
      <Stack>
        <Text size="sm">
          {action.code === '210'
            ? 'Le refus est définitif : aucun autre statut ne pourra suivre. Le fournisseur et l’administration fiscale en sont informés.'
            : 'Le fournisseur est informé du litige et de son motif.'}
        </Text>
        <Select
          label="Motif"
          placeholder="Choisissez le motif"
          required={action.reasonRequired}
          data={action.reasons.map((r) => ({ value: r.code, label: r.label }))}
          value={reason}
          onChange={setReason}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label="Précision pour le fournisseur (facultatif)"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={1000}
          autosize
          minRows={2}
        />
        {errors.length > 0 && (
          <Alert color="red" role="alert" title="Statut refusé">
            <List size="sm">
              {errors.map((e) => (
                <List.Item key={e}>{e}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} mih={44}>
            Annuler
          </Button>
          <Button
            color={action.code === '210' ? 'red' : 'orange'}
            onClick={() => void submit()}
            loading={busy}
            mih={44}
          >
            {action.code === '210' ? 'Refuser' : 'Contester'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
