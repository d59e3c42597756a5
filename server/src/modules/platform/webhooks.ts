import type { Deps } from '../../http/types';
import { afnorClient } from './afnor-client';
import { accessOf, setWebhook, type SettingsRow } from './service';

/**
 * Subscribes to the platform's notifications (decision 088): callback
 * `${PUBLIC_URL}/api/platform/webhook/<hookId>`, the signing key the platform answers kept to check
 * every call. A platform that refuses leaves the polling alone at work (the worker tries again).
 */
export async function subscribe(deps: Deps, row: SettingsRow): Promise<boolean> {
  const origin = deps.config.publicUrl;
  if (!origin) return false;
  const client = afnorClient(accessOf(row, deps.config), deps.now);
  try {
    if (row.webhookUid) await client.deleteWebhook(row.webhookUid).catch(() => undefined);
    const hook = await client.createWebhook({ callbackUrl: `${origin}/api/platform/webhook/${row.hookId}` });
    await setWebhook(deps.db, row.companyId, { uid: hook.webhookId, key: hook.signingKey });
    return true;
  } catch (error) {
    console.warn(
      `Plateforme : abonnement aux notifications impossible (société ${row.companyId}), relève seule`,
      (error as Error).message,
    );
    await setWebhook(deps.db, row.companyId, null);
    return false;
  }
}
