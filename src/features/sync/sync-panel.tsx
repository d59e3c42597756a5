import { Drawer } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { LIST_SKELETON } from './list-skeleton';

// The panel's content (the queue, its actions, their confirmations) comes when the panel is first
// opened, not with the home (decision 064, the signed-in layer's bytes); the list inside it comes later
// still, when there is one to show. The service worker keeps both: the panel opens offline too.
const SyncPanelBody = lazy(() => import('./sync-panel-body').then((m) => ({ default: m.SyncPanelBody })));

/** The list of changes not yet on the server (pending and refused), with Réessayer / Modifier / Abandonner. */
export function SyncPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title="Synchronisation"
      closeButtonProps={{ 'aria-label': 'Fermer la synchronisation' }}
    >
      {/* Mounted only while open: a closed panel must not re-read a long queue on every change. */}
      {opened && (
        <Suspense fallback={LIST_SKELETON}>
          <SyncPanelBody onClose={onClose} />
        </Suspense>
      )}
    </Drawer>
  );
}
