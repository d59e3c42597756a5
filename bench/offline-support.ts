// Helpers of bench/offline.ts: a fake paged list API (page.route) and a wait on the Dexie cache.
import type { Page, Route } from 'playwright-core';
import { luhnValid } from '../src/domain/siren';

/** A valid SIREN per index (8 digits, then the Luhn key): a professional customer in France needs one (decision 046). */
export function benchSiren(i: number): string {
  const body = String(100_000_00 + i).padStart(8, '0');
  const key = Array.from({ length: 10 }, (_, d) => `${body}${d}`).find(luhnValid);
  return key ?? `${body}0`;
}

export function benchCustomer(i: number) {
  const n = String(i + 1).padStart(5, '0');
  return {
    id: i + 1,
    accountNumber: `C${n}`,
    socialReason: `Client ${n} SARL`,
    siren: benchSiren(i),
    name: `Dupont ${n}`,
    address: `${i % 200} rue de la République`,
    postalCode: '69003',
    city: 'Lyon',
    country: 'France',
    billingAddresses: [`${i % 200} rue de la République, 69003 Lyon`],
    email: `client${n}@exemple.fr`,
    paymentMode: 'Virement',
    paymentDelay: 30,
  };
}

export function benchArticle(i: number) {
  const n = String(i + 1).padStart(5, '0');
  return {
    id: i + 1,
    code: `A${n}`,
    type: 'Standard' as const,
    designation: `Article ${n}`,
    label: `Article de démonstration numéro ${n}`,
    salesAccount: '706000',
    unitMeasurement: { label: 'unité' },
    unitPriceHT: (i % 500) + 0.5,
    vatRate: 20,
    typePurchaseSale: 'Vente',
  };
}

/** GET …?page&pageSize → { items, total, page, pageSize } over `total` generated rows. */
export function fakeListRoute(kind: 'customers' | 'articles', total: number) {
  return (route: Route) => {
    const url = new URL(route.request().url());
    const page = Number(url.searchParams.get('page') ?? 1);
    const pageSize = Number(url.searchParams.get('pageSize') ?? 50);
    const from = (page - 1) * pageSize;
    const items = Array.from({ length: Math.max(0, Math.min(pageSize, total - from)) }, (_, k) =>
      kind === 'customers' ? benchCustomer(from + k) : benchArticle(from + k),
    );
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ items, total, page, pageSize }),
    });
  };
}

/** Waits until each dataset's meta row says its expected row count was stored after `since`; returns the page clock then. */
export async function waitForDatasets(
  page: Page,
  expected: Record<string, number>,
  since: number,
  timeout: number,
): Promise<number> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const seen = await page.evaluate(
      async ({ expected, since }) => {
        const session = JSON.parse(localStorage.getItem('workplace.session') ?? 'null');
        if (!session) return null;
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const req = indexedDB.open(`workplace-${session.profile.id}`);
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        try {
          if (!db.objectStoreNames.contains('meta')) return null;
          const store = db.transaction('meta').objectStore('meta');
          const metas = await Promise.all(
            Object.keys(expected).map(
              (d) =>
                new Promise<{ fetchedAt: number; count: number } | undefined>((resolve) => {
                  const req = store.get([session.profile.userLastCompany, d]);
                  req.onsuccess = () => resolve(req.result);
                  req.onerror = () => resolve(undefined);
                }),
            ),
          );
          return Object.values(expected).every(
            (count, i) => metas[i] && metas[i]!.count === count && metas[i]!.fetchedAt >= since,
          )
            ? Date.now()
            : null;
        } finally {
          db.close();
        }
      },
      { expected, since },
    );
    if (seen != null) return seen;
    if (Date.now() > deadline) throw new Error(`datasets ${Object.keys(expected).join(', ')} not cached in time`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Until the page's outbox is empty; returns the moment it was seen so (Date.now() in the page: the
 * same clock as the caller's t0). A change the server refused stops it at once. The page polls its
 * own open database every `everyMs` (a count and one lookup in the `state` index): polling from
 * Node, one evaluate and one opened connection per poll every 100 ms, saw the end 40 to 450 ms late
 * while the app refreshed its screens after the replay (decision 056). Reading the whole queue
 * (1 000 entries) at every poll took a third of a second of the page's main thread.
 */
export async function waitForEmptyOutbox(page: Page, t0: number, everyMs: number): Promise<number> {
  // No named helper in the page function: tsx would wrap it in a __name() call the page does not have.
  const seen = await page.evaluate(
    async ({ everyMs, deadline }) => {
      const userId = JSON.parse(localStorage.getItem('workplace.session') ?? 'null')?.profile?.id;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(`workplace-${userId}`);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      try {
        for (;;) {
          const store = db.transaction('outbox').objectStore('outbox');
          const [count, failed] = await Promise.all(
            [store.count(), store.index('state').get('failed')].map(
              (req: IDBRequest) =>
                new Promise<unknown>((resolve, reject) => {
                  req.onsuccess = () => resolve(req.result);
                  req.onerror = () => reject(req.error);
                }),
            ),
          );
          const refused = (failed as { path: string } | undefined)?.path ?? null;
          if (refused !== null || count === 0 || Date.now() > deadline) return { at: Date.now(), count, refused };
          await new Promise((r) => setTimeout(r, everyMs));
        }
      } finally {
        db.close();
      }
    },
    { everyMs, deadline: t0 + 300_000 },
  );
  if (seen.refused !== null) throw new Error(`le serveur a refusé une modification rejouée (${seen.refused})`);
  if (seen.count !== 0) throw new Error('replay did not finish in 5 min');
  return seen.at;
}
