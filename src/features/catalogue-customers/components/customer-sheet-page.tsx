import { Alert, Badge, Button, Card, Skeleton, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { DataAge } from '../../../components/offline/data-age';
import { PageHeader } from '../../../components/page/page-header';
import { customersData } from '../../../data/datasets';
import { useServerRows } from '../../../data/sync/use-server-rows';
import { can } from '../../../domain/rights';
import { currentCompanyAtom, profileAtom } from '../../../lib/session';
import { customerName, isArchived, PENDING_ACCOUNT_LABEL } from '../customer-model';
import { isTempId } from '../../../data/temp-ids';
import { useResolvedAccount } from '../use-resolved-account';
import { useCustomerBusinessDocuments, useCustomerSheet } from '../use-customer-sheet';
import { CustomerBusinessDocuments } from './customer-business-documents';
import { CustomerFormModal } from './customer-form-modal';
import { useCustomerRemoval } from './customer-removal';
import { CustomerSheetCards } from './customer-sheet-cards';

const route = getRouteApi('/app/mes-factures/mes-clients/ficheClient');

const backButton = (
  <Button
    component={Link}
    to="/mes-factures/mes-clients"
    variant="default"
    leftSection={<IconArrowLeft size={18} />}
    mih={44}
  >
    Mes clients
  </Button>
);

/** /mes-factures/mes-clients/ficheClient?accountNumber=…: identity, addresses, payment terms and documents. */
export function CustomerSheetPage() {
  const { accountNumber = '' } = route.useSearch();
  const navigate = useNavigate();
  // Created offline: once the server has numbered it, the sheet moves to its real number.
  useResolvedAccount(
    accountNumber,
    (real) =>
      void navigate({ to: '/mes-factures/mes-clients/ficheClient', search: { accountNumber: real }, replace: true }),
  );
  const companyId = useAtomValue(currentCompanyAtom)?.id ?? 0;
  const profile = useAtomValue(profileAtom);
  const allows = (p: 'edit' | 'delete') => can(profile, p, { menu: 'mesFactures', child: 'gestionClients' });
  const { customer, status, refresh } = useCustomerSheet(accountNumber);
  const documents = useCustomerBusinessDocuments(accountNumber);
  const { fetchedAt } = useServerRows<{ accountNumber: string }>(customersData);
  const [editing, setEditing] = useState(false);
  const removal = useCustomerRemoval(companyId, (what) => {
    if (what === 'delete') void navigate({ to: '/mes-factures/mes-clients' });
    else refresh();
  });

  if (!customer) {
    return (
      <Stack gap="md">
        <PageHeader title="Fiche client" actions={backButton} />
        {status === 'loading' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {Array.from({ length: 4 }, (_, i) => (
              <Card key={i} withBorder padding="lg">
                <Skeleton height={18} mb="sm" width="40%" />
                <Skeleton height={14} mb={6} />
                <Skeleton height={14} />
              </Card>
            ))}
          </SimpleGrid>
        ) : (
          <Alert
            color={status === 'offline' ? 'gray' : 'orange'}
            title={status === 'offline' ? 'Client indisponible hors ligne' : 'Client introuvable'}
          >
            {status === 'offline'
              ? 'Ce client n’est pas enregistré sur cet appareil. Il s’affichera au retour du réseau.'
              : 'Ce client n’existe pas ou plus dans cette société. Retrouvez vos clients dans la liste.'}
          </Alert>
        )}
      </Stack>
    );
  }

  const archived = isArchived(customer);
  return (
    <Stack gap="md">
      <PageHeader
        title={customerName(customer)}
        description={
          <>
            {isTempId(customer.accountNumber)
              ? `Client créé sur cet appareil : ${PENDING_ACCOUNT_LABEL.toLowerCase()}`
              : `Client n° ${customer.accountNumber}`}
            {archived && (
              <Badge component="span" ml="sm" variant="light" color="gray.8" style={{ textTransform: 'none' }}>
                Archivé
              </Badge>
            )}
          </>
        }
        actions={
          <>
            {backButton}
            {allows('edit') && (
              <Button leftSection={<IconPencil size={18} />} onClick={() => setEditing(true)} mih={44}>
                Modifier
              </Button>
            )}
            {/* Decision 046: archived, it is no longer offered in the invoices and quotes. */}
            {allows('edit') && !isTempId(customer.accountNumber) && (
              <Button
                variant="default"
                leftSection={archived ? <IconArchiveOff size={18} /> : <IconArchive size={18} />}
                onClick={() => void removal.setArchived(customer, !archived)}
                mih={44}
              >
                {archived ? 'Rétablir' : 'Archiver'}
              </Button>
            )}
            {allows('delete') && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={18} />}
                onClick={() => removal.askDelete(customer)}
                mih={44}
              >
                Supprimer
              </Button>
            )}
          </>
        }
      />
      {status === 'offline' && <DataAge fetchedAt={fetchedAt} always />}
      {status === 'error' && (
        <Text size="sm" c="dimmed">
          Dernière version enregistrée sur cet appareil.
        </Text>
      )}
      <CustomerSheetCards customer={customer} />
      <CustomerBusinessDocuments state={documents} />
      <CustomerFormModal
        opened={editing}
        row={customer}
        companyId={companyId}
        onClose={() => setEditing(false)}
        onSaved={(saved) => {
          if (saved.accountNumber !== accountNumber)
            void navigate({
              to: '/mes-factures/mes-clients/ficheClient',
              search: { accountNumber: saved.accountNumber },
              replace: true,
            });
          else {
            refresh();
            documents.refresh();
          }
        }}
      />
      {removal.modals}
    </Stack>
  );
}
