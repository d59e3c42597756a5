import { Button } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { clearLocalSession } from '../../lib/session';
import { WARNING_COLOR } from './colors';

/**
 * After a 401 the replay is paused: the session is over. Signing out keeps the unsent changes in
 * this user's database (data/storage.ts); the next sign-in resumes them with the new token.
 */
export function ReconnectButton() {
  const router = useRouter();
  async function reconnect() {
    const { pathname, searchStr } = router.state.location;
    await clearLocalSession();
    await router.navigate({ to: '/login', search: { redirect: `${pathname}${searchStr}` } });
  }
  return (
    <Button color={WARNING_COLOR} size="sm" mih={44} onClick={() => void reconnect()}>
      Se reconnecter
    </Button>
  );
}
