import { Text } from '@mantine/core';

/** A cell of a grid of rights or categories where there is nothing to grant: a dash, silent for screen readers. */
export function NotOffered() {
  return (
    <Text c="dimmed" aria-hidden>
      –
    </Text>
  );
}
