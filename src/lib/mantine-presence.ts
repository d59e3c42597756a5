/**
 * How many Mantine roots (routes/mantine-root.tsx) are mounted. The plain sign-in form mounts its
 * own one for its error toast only when none is there (after a sign-out the frame's one stays),
 * so a toast never shows twice. Kept apart so /login does not load Mantine to read it.
 */
export const mantinePresence = { mounted: 0 };
