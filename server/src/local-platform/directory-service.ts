import { Hono } from 'hono';
import { apiError } from './flow-shapes';
import type { DirectoryEntry } from './types';

// The Directory Service of the local platform (directory-service-1.3.0.json, decision 087): look-ups
// by SIREN, SIRET, routing code and directory line over its list. A directory line's addressing
// identifier is the electronic address (scheme 0225): the SIREN, or SIREN_suffix, or SIRET_routing code.

type Op = { op?: string; value?: string };
type Search = { filters?: Record<string, Op | undefined>; limit?: number; ignore?: number };
const matches = (filter: Op | undefined, value: string | undefined) => {
  if (!filter || filter.value === undefined) return true;
  if (value === undefined) return false;
  const [v, f] = [value.toLowerCase(), filter.value.toLowerCase()];
  if (filter.op === 'contains') return v.includes(f);
  if (filter.op === 'startWith') return v.startsWith(f);
  return v === f;
};

const legalUnit = (e: DirectoryEntry) => ({
  siren: e.siren,
  businessName: e.name.slice(0, 150),
  entityType: e.entityType ?? 'PrivateVatRegistered',
  administrativeStatus: 'A' as const,
});
const address = (e: DirectoryEntry) => ({
  ...(e.address?.line1 ? { addressLine1: e.address.line1 } : {}),
  ...(e.address?.postalCode ? { postalCode: e.address.postalCode } : {}),
  ...(e.address?.locality ? { locality: e.address.locality } : {}),
  countryCode: e.address?.countryCode ?? 'FR',
});
const facility = (e: DirectoryEntry) => ({
  siret: e.siret!,
  siren: e.siren,
  name: e.name.slice(0, 100),
  facilityType: 'P' as const,
  administrativeStatus: 'A' as const,
  address: address(e),
});

interface Line {
  addressingIdentifier: string;
  entry: DirectoryEntry;
  routing?: { id: string; name: string };
  suffix?: string;
}

/** Every directory line of the list: one per SIREN, per suffix, per routing code. */
export function directoryLines(entries: DirectoryEntry[]): Line[] {
  return entries.flatMap((entry): Line[] => [
    { addressingIdentifier: entry.siren, entry },
    ...(entry.suffixes ?? []).map((s) => ({ addressingIdentifier: s, entry, suffix: s.slice(entry.siren.length + 1) })),
    ...(entry.routingCodes ?? []).map((r) => ({
      addressingIdentifier: `${entry.siret ?? entry.siren}_${r.id}`,
      entry,
      routing: r,
    })),
  ]);
}

const lineBody = (l: Line) => ({
  addressingIdentifier: l.addressingIdentifier,
  platformType: 'WK' as const,
  directoryLineStatus: 'Enabled' as const,
  siren: l.entry.siren,
  ...(l.entry.siret && l.routing ? { siret: l.entry.siret } : {}),
  ...(l.routing ? { routingIdentifier: l.routing.id } : {}),
  ...(l.suffix ? { addressingSuffix: l.suffix } : {}),
  legalUnit: legalUnit(l.entry),
});
const routingBody = (e: DirectoryEntry, r: { id: string; name: string }) => ({
  routingIdentifier: r.id,
  siret: e.siret!,
  routingIdentifierType: '0224',
  routingCodeName: r.name,
  managesLegalCommitmentCode: false,
  administrativeStatus: 'A' as const,
  address: address(e),
  legalUnit: legalUnit(e),
});

const notFound = () => apiError('MISSING_RESOURCE', 'Aucune entrée de l’annuaire ne correspond.');
const page = <T>(items: T[], search: { limit?: number; ignore?: number }) =>
  items.slice(search.ignore ?? 0, (search.ignore ?? 0) + Math.min(search.limit ?? 50, 1000));

export function directoryRoutes(entries: () => DirectoryEntry[]): Hono {
  const app = new Hono();
  const body = async (c: { req: { json(): Promise<unknown> } }) =>
    ((await c.req.json().catch(() => ({}))) ?? {}) as Search;
  app.get('/v1/healthcheck', (c) => c.body(null, 200));
  app.get('/v1/siren/:key', (c) => {
    const siren = /^code-insee:(\d{9})$/.exec(c.req.param('key'))?.[1];
    if (!siren) return c.json(apiError('INVALID_SIREN', 'Le SIREN doit compter 9 chiffres.'), 400);
    const e = entries().find((x) => x.siren === siren);
    return e ? c.json(legalUnit(e)) : c.json(notFound(), 404);
  });
  app.post('/v1/siren/search', async (c) => {
    const search = await body(c);
    const f = search.filters ?? {};
    const found = entries().filter(
      (e) =>
        matches(f.siren, e.siren) &&
        matches(f.businessName, e.name) &&
        matches(f.entityType, e.entityType ?? 'PrivateVatRegistered'),
    );
    return c.json({ search, totalNumberOfResults: found.length, results: page(found, search).map(legalUnit) });
  });
  app.get('/v1/siret/:key', (c) => {
    const siret = /^code-insee:(\d{14})$/.exec(c.req.param('key'))?.[1];
    if (!siret) return c.json(apiError('INVALID_SIRET', 'Le SIRET doit compter 14 chiffres.'), 400);
    const e = entries().find((x) => x.siret === siret);
    if (!e) return c.json(notFound(), 404);
    return c.json({
      ...facility(e),
      ...(c.req.query('include')?.includes('siren') ? { legalUnit: legalUnit(e) } : {}),
    });
  });
  app.post('/v1/siret/search', async (c) => {
    const search = await body(c);
    const f = search.filters ?? {};
    const found = entries().filter(
      (e) =>
        e.siret &&
        matches(f.siret, e.siret) &&
        matches(f.siren, e.siren) &&
        matches(f.name, e.name) &&
        matches(f.postalCode, e.address?.postalCode) &&
        matches(f.locality, e.address?.locality),
    );
    return c.json({ search, totalNumberOfResults: found.length, results: page(found, search).map(facility) });
  });
  const routings = () => entries().flatMap((e) => (e.siret ? (e.routingCodes ?? []).map((r) => ({ e, r })) : []));
  app.get('/v1/routing-code/:siret/:code', (c) => {
    const siret = /^siret:(\d{14})$/.exec(c.req.param('siret'))?.[1];
    const code = /^code:(.+)$/.exec(c.req.param('code'))?.[1];
    if (!siret || !code)
      return c.json(apiError('INVALID_REQUEST', 'Attendu : siret:<14 chiffres>/code:<code de routage>.'), 400);
    const hit = routings().find(({ e, r }) => e.siret === siret && r.id === code);
    return hit ? c.json(routingBody(hit.e, hit.r)) : c.json(notFound(), 404);
  });
  app.post('/v1/routing-code/search', async (c) => {
    const search = await body(c);
    const f = search.filters ?? {};
    const found = routings().filter(
      ({ e, r }) =>
        matches(f.siret, e.siret) && matches(f.routingIdentifier, r.id) && matches(f.routingCodeName, r.name),
    );
    return c.json({
      search,
      totalNumberOfResults: found.length,
      results: page(found, search).map(({ e, r }) => routingBody(e, r)),
    });
  });
  app.get('/v1/directory-line/:key', (c) => {
    const id = /^code:(.+)$/.exec(c.req.param('key'))?.[1];
    if (!id) return c.json(apiError('INVALID_REQUEST', 'Attendu : code:<identifiant d’adressage>.'), 400);
    const line = directoryLines(entries()).find((l) => l.addressingIdentifier === id);
    return line ? c.json(lineBody(line)) : c.json(notFound(), 404);
  });
  app.post('/v1/directory-line/search', async (c) => {
    const search = await body(c);
    const f = search.filters ?? {};
    const found = directoryLines(entries()).filter(
      (l) =>
        matches(f.addressingIdentifier, l.addressingIdentifier) &&
        matches(f.siren, l.entry.siren) &&
        matches(f.siret, l.entry.siret) &&
        matches(f.routingIdentifier, l.routing?.id) &&
        matches(f.addressingSuffix, l.suffix),
    );
    return c.json({ search, totalNumberOfResults: found.length, results: page(found, search).map(lineBody) });
  });
  return app;
}
