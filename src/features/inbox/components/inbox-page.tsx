import { Button, Stack, Tabs } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { PageHeader } from '../../../components/page/page-header';
import { can } from '../../../domain/rights';
import { profileAtom } from '../../../lib/session';
import { DepositsPanel } from './deposits-panel';
import { QueuedDeposits } from './queued-deposits';

/** /ma-bannette: files deposited for the firm and their processing status; the history. */
export function InboxPage() {
  const canCreate = can(useAtomValue(profileAtom), 'create', { menu: 'maBannette' });
  const [tab, setTab] = useState<string | null>('pending');
  return (
    <Stack>
      <PageHeader
        title="Consulter ma bannette"
        description="Les fichiers déposés pour votre cabinet et l’avancement de leur traitement."
        actions={
          canCreate && (
            <Button component={Link} to="/ma-bannette/deposer" size="md" leftSection={<IconUpload size={18} />}>
              Déposer des fichiers
            </Button>
          )
        }
      />
      <QueuedDeposits />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="pending" style={{ minHeight: 44 }}>
            En cours
          </Tabs.Tab>
          <Tabs.Tab value="history" style={{ minHeight: 44 }}>
            Historique
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pending">
          <DepositsPanel
            kind="inbox"
            emptyText="Aucun fichier en attente : les fichiers que vous déposez apparaissent ici jusqu’à leur classement."
          />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <DepositsPanel kind="history" emptyText="Aucun dépôt pour le moment." />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
