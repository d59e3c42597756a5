import { Skeleton, Stack } from '@mantine/core';

/** What the sync panel shows while its code or the device's queue is read. */
export const LIST_SKELETON = (
  <Stack gap="xs">
    {[0, 1, 2].map((i) => (
      <Skeleton key={i} height={110} radius="md" />
    ))}
  </Stack>
);
