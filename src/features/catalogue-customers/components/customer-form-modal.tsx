import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useServerEnvironment } from '../../../data/sync/use-server-rows';
import { validateCustomer } from '../../../domain/customers';
import type { Customer } from '../../../domain/types';
import { isTempId } from '../../../data/temp-ids';
import { createCustomer, updateCustomer } from '../api/customer-mutations';
import { customerFeedback } from '../customer-feedback';
import {
  customerBody,
  customerFieldErrors,
  customerFromRow,
  delayText,
  emptyCustomer,
  liveFieldErrors,
  parseDelay,
  type CustomerField,
  type CustomerRow,
} from '../customer-model';
import { CustomerFormFields } from './customer-form-fields';
import { showFeedback } from './show-feedback';
import { focusFirstInvalidSoon } from '../../../lib/focus-first-invalid';
import { useOnChange } from '../../../lib/use-on-change';

interface Props {
  opened: boolean;
  /** null: a new customer. */
  row: CustomerRow | null;
  companyId: number;
  onClose: () => void;
  /** The customer as saved (or kept on the device), e.g. to follow a renumbering. */
  onSaved?: (customer: Customer) => void;
}

export function CustomerFormModal({ opened, row, companyId, onClose, onSaved }: Props) {
  const [customer, setCustomer] = useState<Customer>(emptyCustomer);
  const [delay, setDelay] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [left, setLeft] = useState<Partial<Record<CustomerField, boolean>>>({});
  const [saving, setSaving] = useState(false);
  const { environment } = useServerEnvironment();

  // Each opening (or another row while open) starts from the row, or an empty customer.
  useOnChange([opened, row], () => {
    if (!opened) return;
    const start = row ? customerFromRow(row) : emptyCustomer();
    // Created offline, not numbered yet: the field stays blank (the server numbers it).
    if (isTempId(start.accountNumber)) start.accountNumber = '';
    setCustomer(start);
    setDelay(delayText(start.paymentDelay));
    setShowErrors(false);
    setLeft({});
  });

  const draft: Customer = { ...customer, paymentDelay: parseDelay(delay) };
  // A blank account number is filled on saving, so it is no error here.
  const errors = validateCustomer({ ...draft, accountNumber: draft.accountNumber.trim() || 'C' });
  // Decision 046: the SIREN and VAT number are checked as they are typed; every rule on saving.
  const fieldErrors = showErrors ? customerFieldErrors(errors) : liveFieldErrors(draft, errors, left);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (errors.length) {
      setShowErrors(true);
      focusFirstInvalidSoon(e.currentTarget as HTMLFormElement);
      return;
    }
    setSaving(true);
    try {
      const body = customerBody(draft);
      const outcome = row
        ? await updateCustomer(companyId, row.accountNumber, body)
        : await createCustomer(companyId, body);
      const feedback = customerFeedback(row ? 'update' : 'create', outcome);
      showFeedback(feedback);
      if (feedback.settled) {
        onSaved?.(outcome.status === 'done' ? outcome.response : body);
        onClose();
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={row ? `Modifier le client ${row.socialReason || row.accountNumber}` : 'Nouveau client'}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <CustomerFormFields
            customer={customer}
            delay={delay}
            errors={fieldErrors}
            environment={environment}
            onChange={(patch) => setCustomer((c) => ({ ...c, ...patch }))}
            onDelayChange={setDelay}
            onLeave={(field) => setLeft((l) => (l[field] ? l : { ...l, [field]: true }))}
          />
          {showErrors && errors.length > 0 && (
            <Alert color="red" title="Le client contient des erreurs." role="alert">
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {errors.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} mih={44}>
              Annuler
            </Button>
            <Button type="submit" loading={saving} mih={44}>
              {row ? 'Enregistrer' : 'Créer le client'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
