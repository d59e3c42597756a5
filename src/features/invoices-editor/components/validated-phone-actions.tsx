import { Button, Group, Menu } from '@mantine/core';
import { IconDots, IconDownload, IconFileMinus, IconSend } from '@tabler/icons-react';

/** A validated invoice's actions, on a phone or beside the form. */
export interface ValidatedActionsProps {
  online: boolean;
  busy: string | null;
  canSend: boolean;
  canCreditNote: boolean;
  onOpenPdf: () => void;
  onDownload: (format: 'facturx' | 'ubl') => void;
  onSend: () => void;
  onCreditNote: () => void;
}

/**
 * A validated invoice's actions on a phone: « Voir le PDF » and the others in a menu, on one line.
 * Five buttons stacked in the bar stuck to the bottom hid a third of the screen.
 */
export function ValidatedPhoneActions(p: ValidatedActionsProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button variant="default" mih={44} onClick={p.onOpenPdf} disabled={!p.online}>
        Voir le PDF
      </Button>
      <Menu position="top-start" withinPortal>
        <Menu.Target>
          <Button variant="default" mih={44} leftSection={<IconDots size={18} />}>
            Autres actions
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconDownload size={16} />}
            disabled={!p.online}
            onClick={() => p.onDownload('facturx')}
          >
            Télécharger la Factur-X (PDF)
          </Menu.Item>
          <Menu.Item leftSection={<IconDownload size={16} />} disabled={!p.online} onClick={() => p.onDownload('ubl')}>
            Télécharger en UBL (XML)
          </Menu.Item>
          {p.canSend && (
            <Menu.Item leftSection={<IconSend size={16} />} disabled={p.busy !== null} onClick={p.onSend}>
              Envoyer au client
            </Menu.Item>
          )}
          {p.canCreditNote && (
            <Menu.Item leftSection={<IconFileMinus size={16} />} onClick={p.onCreditNote}>
              Établir un avoir
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
