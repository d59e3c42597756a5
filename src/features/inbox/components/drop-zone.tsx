import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCamera, IconCloudUpload } from '@tabler/icons-react';
import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { UPLOAD_ACCEPT, UPLOAD_ALLOWED_LABEL } from '../../../domain/uploads';
import { namePhotos } from '../photo-name';

/**
 * Drag-and-drop zone with a real file input behind a button, so the keyboard and screen readers
 * get the same thing as a mouse drop (Mantine's Dropzone is not part of the stack). On a touch
 * screen, where nothing is dragged, a second button opens the camera for a receipt.
 */
export function DropZone({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const touch = useMediaQuery('(pointer: coarse)', false, { getInitialValueInEffect: false });
  const [over, setOver] = useState(false);
  const depth = useRef(0);

  const chosen = (e: ChangeEvent<HTMLInputElement>, rename: (files: File[]) => File[]) => {
    const files = [...(e.currentTarget.files ?? [])];
    e.currentTarget.value = ''; // choosing the same file again must fire change again
    if (files.length) onFiles(rename(files));
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    depth.current = 0;
    setOver(false);
    if (!disabled && e.dataTransfer.files.length) onFiles([...e.dataTransfer.files]);
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="xl"
      role="group"
      aria-label="Zone de dépôt de fichiers"
      onDragEnter={(e) => {
        e.preventDefault();
        depth.current++;
        setOver(true);
      }}
      onDragOver={(e) => e.preventDefault()}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={onDrop}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: over ? 'var(--mantine-color-blue-6)' : undefined,
        background: over ? 'var(--mantine-color-blue-light)' : undefined,
        transition: 'background 120ms',
      }}
    >
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconCloudUpload size={30} />
        </ThemeIcon>
        <Text fw={600} size="lg">
          {over
            ? 'Relâchez pour ajouter les fichiers'
            : touch
              ? 'Photographiez un justificatif ou choisissez vos fichiers'
              : 'Glissez-déposez vos fichiers ici'}
        </Text>
        {!touch && (
          <Text c="dimmed" size="sm">
            ou
          </Text>
        )}
        <Group justify="center" gap="sm">
          {touch && (
            <Button
              size="md"
              disabled={disabled}
              leftSection={<IconCamera size={20} />}
              onClick={() => camera.current?.click()}
            >
              Prendre une photo
            </Button>
          )}
          <Button size="md" variant="light" disabled={disabled} onClick={() => input.current?.click()}>
            Choisir des fichiers
          </Button>
        </Group>
        <Text c="dimmed" size="sm">
          {UPLOAD_ALLOWED_LABEL} — 50 Mo maximum par fichier.
        </Text>
      </Stack>
      <input
        ref={input}
        type="file"
        multiple
        accept={UPLOAD_ACCEPT}
        aria-label="Fichiers à déposer"
        style={{ display: 'none' }}
        onChange={(e) => chosen(e, (files) => files)}
      />
      {touch && (
        <input
          ref={camera}
          type="file"
          accept="image/jpeg,image/png"
          capture="environment"
          aria-label="Photo à déposer"
          style={{ display: 'none' }}
          onChange={(e) => chosen(e, (files) => namePhotos(files, new Date()))}
        />
      )}
    </Paper>
  );
}
