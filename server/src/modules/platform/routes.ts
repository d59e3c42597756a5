import { api } from '../../../../src/contract/index';
import { can } from '../../../../src/domain/rights';
import { assertRight, subjectOf } from '../../http/auth-middleware';
import { HttpError, notFound, unprocessable } from '../../http/errors';
import { recordIdempotentResponse } from '../../http/idempotency';
import { createModule } from '../../http/route';
import type { Deps } from '../../http/types';
import { idParam } from '../../http/validate';
import { afnorClient, PlatformError, type PlatformFlow } from './afnor-client';
import { subscribe } from './webhooks';
import { handleIncomingFlow, type IncomingEntries } from './incoming';
import {
  accessOf,
  findSettings,
  findSettingsByHook,
  isLocalPlatform,
  keepStray,
  LOCAL_REFUSED,
  platformName,
  recordCheck,
  settingsOf,
  settingsProblems,
  transmissionOf,
  writeSettings,
} from './service';
import { verifySignature } from './signature';

// Decision 088: the company's approved platform. Set by the firm's staff or the company's user
// administrator (can() 'managePlatform'); the banner's summary is read by every member; the webhook
// is public and answers only to a call signed with the key the platform gave us.

const MANAGE_ONLY = 'Seuls le cabinet et l’administrateur des utilisateurs de la société gèrent sa plateforme agréée.';
const SETTINGS_TITLE = 'Les réglages de la plateforme agréée sont incomplets.';

export function platformRoutes(deps: Deps, entries: IncomingEntries) {
  const { app, route } = createModule(deps, '/api', 'Plateforme agréée');
  const manage = (c: Parameters<typeof subjectOf>[0]) => assertRight(can(subjectOf(c), 'managePlatform'), MANAGE_ONLY);

  route(api.platform.getPlatformSettings, { company: true }, async (c) => {
    manage(c);
    return c.json(settingsOf(await findSettings(deps.db, c.get('company').id), deps.config));
  });

  route(api.platform.updatePlatformSettings, { company: true, transaction: 'own' }, async (c, { body }) => {
    manage(c);
    const companyId = c.get('company').id;
    const saved = await findSettings(deps.db, companyId);
    const problems = settingsProblems(body, saved, deps.config);
    // Wherever it listens, the local platform says what it is (decision 087): refused outside the demo.
    if (
      !problems.length &&
      !deps.config.seedDemo &&
      (await afnorClient({ baseUrl: body.baseUrl, auth: { kind: 'bearer', token: '' } }, deps.now).isLocalPlatform())
    )
      problems.push(LOCAL_REFUSED);
    if (problems.length)
      throw unprocessable(problems.includes(LOCAL_REFUSED) ? LOCAL_REFUSED : SETTINGS_TITLE, problems);
    const row = await deps.db.transaction((tx) => writeSettings(tx, companyId, body, saved, deps.now()));
    // Outside any transaction: a call to the platform may take seconds.
    await subscribe(deps, row);
    const answer = settingsOf(await findSettings(deps.db, companyId), deps.config);
    await deps.db.transaction((tx) => recordIdempotentResponse(tx, c, 200, answer));
    return c.json(answer);
  });

  route(api.platform.testPlatformConnection, { company: true, transaction: 'own' }, async (c) => {
    manage(c);
    const companyId = c.get('company').id;
    const row = await findSettings(deps.db, companyId);
    if (!row)
      throw unprocessable('Aucune plateforme agréée n’est enregistrée.', [
        'Enregistrez d’abord son adresse et ses identifiants.',
      ]);
    if (isLocalPlatform(row.baseUrl) && !deps.config.seedDemo) throw unprocessable(LOCAL_REFUSED, [LOCAL_REFUSED]);
    let answer: { ok: boolean; message: string };
    try {
      await afnorClient(accessOf(row, deps.config), deps.now).healthcheck();
      answer = { ok: true, message: `Connexion établie avec ${platformName(row.baseUrl)} : la plateforme répond.` };
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      answer = { ok: false, message: error.message };
    }
    await deps.db.transaction(async (tx) => {
      await recordCheck(tx, companyId, answer.ok, deps.now());
      await recordIdempotentResponse(tx, c, 200, answer);
    });
    return c.json(answer);
  });

  route(api.platform.getPlatformSummary, { company: true }, async (c) => {
    const row = await findSettings(deps.db, c.get('company').id);
    return c.json({
      configured: !!row,
      name: row ? platformName(row.baseUrl) : null,
      local: row ? isLocalPlatform(row.baseUrl) : false,
      canManage: can(subjectOf(c), 'managePlatform'),
    });
  });

  route(
    api.platform.getInvoiceTransmission,
    { right: { menu: 'mesFactures', child: 'listeFactures', permission: 'view' } },
    async (c) => c.json(await transmissionOf(deps.db, c.get('company').id, 'invoice', idParam(c))),
  );

  route(api.platform.platformWebhook, {}, async (c) => {
    const row = await findSettingsByHook(deps.db, c.req.param('hookId') ?? '');
    if (!row) throw notFound('Adresse de notification inconnue.');
    const payload = await c.req.text();
    const ok =
      !!row.webhookKey &&
      verifySignature(
        row.webhookKey,
        payload,
        c.req.header('afnor-signature'),
        c.req.header('afnor-signature-timestamp'),
        Math.floor(deps.now().getTime() / 1000),
      );
    if (!ok) throw new HttpError(401, 'Signature de la plateforme absente ou fausse : notification ignorée.');
    let flow: PlatformFlow;
    try {
      flow = JSON.parse(payload) as PlatformFlow;
    } catch {
      await keepStray(
        deps.db,
        row.companyId,
        'notification illisible (JSON)',
        { text: payload.slice(0, 2000) },
        deps.now(),
      );
      return c.json({ message: 'Notification gardée de côté.' });
    }
    try {
      await handleIncomingFlow(deps, entries, row, flow, afnorClient(accessOf(row, deps.config), deps.now));
    } catch (error) {
      // The file could not be fetched now: the platform calls again, and the polling takes it anyway.
      if (error instanceof PlatformError) throw new HttpError(503, error.message);
      throw error;
    }
    return c.json({ message: 'Notification reçue.' });
  });

  return app;
}
