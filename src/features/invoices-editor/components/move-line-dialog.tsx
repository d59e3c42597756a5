import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { EditorLine } from '../types';
import { lineName } from './line-rows';

interface Props {
  /** The line to move and where it is now (0 for the first); null when the dialog is closed. */
  moving: { line: EditorLine; index: number } | null;
  count: number;
  onMove: (line: EditorLine, position: number) => void;
  onClose: () => void;
}

/**
 * « Déplacer vers… »: the line's new position typed once, instead of « Monter » pressed line after
 * line in a long quote. The field starts at the line's own position and accepts 1 to the count.
 */
export function MoveLineDialog({ moving, count, onMove, onClose }: Props) {
  return (
    <Modal
      opened={moving !== null}
      onClose={onClose}
      title="Déplacer la ligne"
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      {moving && (
        <MoveForm key={String(moving.line.id)} moving={moving} count={count} onMove={onMove} onClose={onClose} />
      )}
    </Modal>
  );
}

function MoveForm({ moving, count, onMove, onClose }: Props & { moving: NonNullable<Props['moving']> }) {
  const [position, setPosition] = useState<number | string>(moving.index + 1);
  const valid = typeof position === 'number' && Number.isInteger(position) && position >= 1 && position <= count;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onMove(moving.line, position);
      }}
    >
      <Stack gap="sm">
        <Text size="sm">La {lineName(moving.line, moving.index)} ira à la position choisie.</Text>
        <NumberInput
          label="Nouvelle position"
          description={`De 1 (en haut) à ${count} (en bas)`}
          min={1}
          max={count}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          // No 14 px steppers for a finger (the arrow keys still step); a phone shows its digit pad.
          hideControls
          inputMode="numeric"
          value={position}
          onChange={setPosition}
          error={position !== '' && !valid ? `Saisissez un nombre entre 1 et ${count}.` : undefined}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" mih={44} onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" mih={44} disabled={!valid}>
            Déplacer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
