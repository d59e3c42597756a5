import { ActionIcon } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

/**
 * The edit and delete buttons of a list row or card (44 px touch targets). A `title` rather than a
 * Tooltip per row: a tooltip's floating machinery on every row costs frames while scrolling.
 * `subject` completes the accessible names: « Modifier l’article Pain de campagne ».
 */
export function EditDeleteActions(props: {
  subject: string;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      {props.canEdit && (
        <ActionIcon
          variant="subtle"
          size={44}
          title="Modifier"
          aria-label={`Modifier ${props.subject}`}
          onClick={props.onEdit}
        >
          <IconPencil size={20} />
        </ActionIcon>
      )}
      {props.canDelete && (
        <ActionIcon
          variant="subtle"
          color="red"
          size={44}
          title="Supprimer"
          aria-label={`Supprimer ${props.subject}`}
          onClick={props.onDelete}
        >
          <IconTrash size={20} />
        </ActionIcon>
      )}
    </>
  );
}
