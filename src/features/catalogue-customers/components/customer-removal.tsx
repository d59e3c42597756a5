import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-modal';
import { archiveCustomer, deleteCustomer } from '../api/customer-mutations';
import { customerFeedback, isUsedRefusal } from '../customer-feedback';
import { accountNumberText, customerName, type CustomerRow } from '../customer-model';
import { showFeedback } from './show-feedback';

/** Why archiving, in the dialog that offers it after a refused delete (decision 046, retention). */
export const ARCHIVE_INSTEAD =
  'Ce client reste conservé avec ses factures validées (10 ans). Archivez-le : il ne sera plus proposé dans les factures et devis, et pourra être rétabli.';

type Step =
  | { step: 'confirm'; customer: CustomerRow; busy: boolean }
  | { step: 'refused'; customer: CustomerRow; message: string; busy: boolean }
  | null;

/**
 * Deleting a customer, or archiving it instead when the server refuses (409: named on an invoice),
 * and archiving or restoring it from the screens. onDone: after a delete or an archive settled.
 */
export function useCustomerRemoval(companyId: number, onDone?: (what: 'delete' | 'archive' | 'restore') => void) {
  const [step, setStep] = useState<Step>(null);

  async function remove() {
    if (step?.step !== 'confirm') return;
    const customer = step.customer;
    setStep({ ...step, busy: true });
    const outcome = await deleteCustomer(companyId, customer);
    if (isUsedRefusal(outcome) && outcome.status === 'failed') {
      setStep({ step: 'refused', customer, message: outcome.message, busy: false });
      return;
    }
    const feedback = customerFeedback('delete', outcome);
    showFeedback(feedback);
    setStep(feedback.settled ? null : { step: 'confirm', customer, busy: false });
    if (feedback.settled) onDone?.('delete');
  }

  async function setArchived(customer: CustomerRow, archived: boolean) {
    if (step) setStep({ ...step, busy: true });
    const feedback = customerFeedback(
      archived ? 'archive' : 'restore',
      await archiveCustomer(companyId, customer, archived),
    );
    showFeedback(feedback);
    setStep(null);
    if (feedback.settled) onDone?.(archived ? 'archive' : 'restore');
  }

  const modals = (
    <>
      <ConfirmDeleteModal
        opened={step?.step === 'confirm'}
        title="Supprimer le client"
        message={
          step
            ? `Voulez-vous vraiment supprimer le client ${customerName(step.customer)} (${accountNumberText(step.customer.accountNumber)}) ? Cette action est définitive.`
            : ''
        }
        busy={step?.busy ?? false}
        onConfirm={() => void remove()}
        onCancel={() => setStep(null)}
      />
      <Modal
        opened={step?.step === 'refused'}
        onClose={() => setStep(null)}
        title="Suppression impossible"
        centered
        closeButtonProps={{ 'aria-label': 'Fermer' }}
      >
        {step?.step === 'refused' && (
          <Stack>
            <Text fw={600}>{step.message}</Text>
            <Text size="sm">{ARCHIVE_INSTEAD}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setStep(null)} mih={44}>
                Fermer
              </Button>
              <Button
                leftSection={<IconArchive size={18} />}
                loading={step.busy}
                onClick={() => void setArchived(step.customer, true)}
                mih={44}
              >
                Archiver
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );

  return {
    askDelete: (customer: CustomerRow) => setStep({ step: 'confirm', customer, busy: false }),
    setArchived,
    modals,
  };
}
