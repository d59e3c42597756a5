import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { getBranding } from '../../lib/branding';

export const BANNER_FLAG = 'invoice-banner-dismissed';
export const ANNOUNCEMENT_FLAG = 'facturation-announcement-dismissed';
const SESSION_HIDE = 'workplace.announcement-hidden';
const PRESENTATION = '/mes-factures/presentation';

const flag = (key: string) => localStorage.getItem(key) === 'true';

/**
 * NAV-11: the dismissible e-invoicing banner; 'true' in invoice-banner-dismissed hides it. `platform`
 * says which approved platform sends and receives for the company, or what to do (decision 088).
 */
export function InvoiceBanner({ platform }: { platform?: ReactNode }) {
  const [hidden, setHidden] = useState(() => flag(BANNER_FLAG));
  if (hidden) return null;
  return (
    // A region, not role="alert": a screen reader would announce it again on every page.
    <Alert
      role="region"
      aria-label="Facturation électronique"
      variant="light"
      color="blue"
      icon={<IconFileInvoice size={20} />}
      withCloseButton
      closeButtonLabel="Masquer ce bandeau"
      mb="sm"
      py={6}
      // A 32 px close button (Mantine's is 20 px), its margin keeping the banner's height.
      styles={{ icon: { marginTop: 2 }, closeButton: { width: 32, height: 32, minWidth: 32, margin: -6 } }}
      onClose={() => {
        localStorage.setItem(BANNER_FLAG, 'true');
        setHidden(true);
      }}
    >
      <Text size="sm" lh={1.4}>
        <strong>Facturation électronique :</strong> depuis le 1er septembre 2026, toutes les entreprises doivent pouvoir
        recevoir des factures électroniques. Préparez-vous avec Mes factures, gratuit pour nos clients.{' '}
        <Anchor component={Link} to={PRESENTATION} fw={600} inherit>
          Découvrir le module
        </Anchor>
        {platform ? <> {platform}</> : null}
      </Text>
    </Alert>
  );
}

/** NAV-22: persistent announcement modal (width 600) until dismissed for good. */
export function AnnouncementModal() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(() => !flag(ANNOUNCEMENT_FLAG) && sessionStorage.getItem(SESSION_HIDE) !== 'true');
  const phone = getBranding().supportPhone;
  const dismiss = () => {
    localStorage.setItem(ANNOUNCEMENT_FLAG, 'true');
    setOpen(false);
  };

  return (
    <Modal
      opened={open}
      size={600}
      centered
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={
        <Text fw={700} size="lg">
          Le module de facturation est gratuit
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Fermer pour cette session' }}
      onClose={() => {
        sessionStorage.setItem(SESSION_HIDE, 'true');
        setOpen(false);
      }}
    >
      <Stack>
        <Text>
          Le module <strong>Mes factures</strong> (devis, factures, avoirs, clients et articles) est gratuit pour tous
          nos clients.
        </Text>
        <Text>
          Pour l’activer, contactez le support au <strong>{phone}</strong>.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={dismiss}>
            Ne plus me montrer
          </Button>
          <Button
            onClick={() => {
              dismiss();
              void navigate({ to: PRESENTATION });
            }}
          >
            En savoir plus
          </Button>
        </Group>
        <Group gap="md" justify="center" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Text size="sm" c="dimmed">
            Suivez-nous :
          </Text>
          <Anchor size="sm" href="https://www.linkedin.com/" target="_blank" rel="noreferrer">
            LinkedIn
          </Anchor>
          <Anchor size="sm" href="https://www.facebook.com/" target="_blank" rel="noreferrer">
            Facebook
          </Anchor>
          <Anchor size="sm" href="https://www.youtube.com/" target="_blank" rel="noreferrer">
            YouTube
          </Anchor>
        </Group>
      </Stack>
    </Modal>
  );
}
