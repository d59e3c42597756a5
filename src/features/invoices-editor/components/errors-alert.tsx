import { Alert, Anchor, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { isLegalDetailsRefusal, LEGAL_DETAILS_PATH } from '../../company-legal';

/** Every failing check, together, above the form (the same list as the toast). */
export function ErrorsAlert({ title, errors, onClose }: { title: string; errors: string[]; onClose: () => void }) {
  if (errors.length === 0) return null;
  return (
    <Alert
      color="red"
      title={title}
      icon={<IconAlertTriangle size={20} />}
      withCloseButton
      closeButtonLabel="Masquer les erreurs"
      onClose={onClose}
      role="alert"
    >
      <List size="sm" spacing={2}>
        {errors.map((e) => (
          <List.Item key={e}>
            {e}
            {/* Decision 046: the seller's missing legal details are filled on their own screen. */}
            {isLegalDetailsRefusal(e) && (
              <>
                {' '}
                <Anchor size="sm" fw={600} renderRoot={(props) => <Link {...props} to={LEGAL_DETAILS_PATH} />}>
                  Compléter les mentions légales
                </Anchor>
              </>
            )}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
