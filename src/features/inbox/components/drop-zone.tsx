import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useRef, useState, type DragEvent } from 'react';
import { UPLOAD_ACCEPT, UPLOAD_ALLOWED_LABEL } from '../../../domain/uploads';

/**
 * Drag-and-drop zone with a real file input behind a button, so the keyboard and screen readers
 * get the same thing as a mouse drop (Mantine's Dropzone is not part of the stack).
 */
export function DropZone({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const depth = useRef(0);

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
          {over ? 'Relâchez pour ajouter les fichiers' : 'Glissez-déposez vos fichiers ici'}
        </Text>
        <Text c="dimmed" size="sm">
          ou
        </Text>
        <Button size="md" variant="light" disabled={disabled} onClick={() => input.current?.click()}>
          Choisir des fichiers
        </Button>
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
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])];
          e.currentTarget.value = ''; // choosing the same file again must fire change again
          if (files.length) onFiles(files);
        }}
      />
    </Paper>
  );
}
