import { randomBytes } from 'node:crypto';
import { platformSettings } from '../../db/schema/index';
import type { SeedContext } from '../../seed/modules';
import { clientIdOf, DEFAULT_LOCAL_PA_SECRET } from '../../local-platform/directory-data';
import { isLocalPlatform } from './service';

/**
 * Decision 088: with the demo on and PA_URL naming the local platform (`npm start`), every demo
 * company with a SIREN is its client (`pa-<SIREN>`), so invoices validated in the demo are sent and
 * the companies' invoices to each other arrive. The webhooks are subscribed by the worker once the
 * port is open. A real PA_URL sets nothing: each company enters its own credentials.
 */
export async function seedPlatform(ctx: SeedContext): Promise<void> {
  const { config } = ctx.deps;
  const url = config.env.PA_URL;
  if (!config.seedDemo || !url || !isLocalPlatform(url)) return;
  const tokenUrl = new URL('/auth/token', url).toString();
  // The same variable the local platform reads for its accounts' secret (decision 087).
  const secret = process.env.LOCAL_PA_SECRET || DEFAULT_LOCAL_PA_SECRET;
  const now = ctx.deps.now();
  const rows = ctx.companies
    .filter((c) => c.siren)
    .map((c) => ({
      companyId: c.id,
      baseUrl: url.replace(/\/+$/, ''),
      authKind: 'oauth2',
      tokenUrl,
      clientId: clientIdOf(c.siren!),
      clientSecret: secret,
      hookId: randomBytes(18).toString('base64url'),
      updatedAt: now,
    }));
  if (rows.length) await ctx.deps.db.insert(platformSettings).values(rows).onConflictDoNothing();
}
