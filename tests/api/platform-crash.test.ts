import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { todayInParis } from '../../src/domain/dates';
import { freePort, spawnServer, waitForPort, type ChildServer } from '../support/child-server';
import { apiClient } from '../support/test-server';
import { startFakePlatform, type FakePlatform } from './platform-fake';

// Decision 088: the outgoing queue survives `kill -9`. The real server runs as a process (from its
// sources, the demo seeded, its companies clients of a platform named by PA_URL); it is killed while
// the platform is taking its flow, before it can record that it was sent. Started again on the same
// data, it finds the flow on the platform by its trackingId: exactly one flow, nothing lost.

const dir = mkdtempSync(join(tmpdir(), 'workplace-platform-crash-'));
let child: ChildServer | null = null;
let fake: FakePlatform | null = null;
afterAll(async () => {
  if (child && child.process.exitCode === null) child.process.kill('SIGKILL');
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function boot(port: number, pa: FakePlatform): Promise<ChildServer> {
  const c = spawnServer(
    {
      NODE_ENV: 'test',
      DATA_DIR: dir,
      PORT: String(port),
      SEED_DEMO: '1',
      PA_URL: pa.flowUrl,
      PLATFORM_QUEUE_SECONDS: '0.2',
      PLATFORM_RETRY_SECONDS: '0.2',
    },
    { script: 'server/src/index.ts' },
  );
  await waitForPort(port, c);
  return c;
}

describe('kill -9 during a submission', () => {
  it('restarted, the server finds its flow on the platform: one flow, the invoice « Transmise »', async () => {
    fake = await startFakePlatform();
    const port = await freePort();
    child = await boot(port, fake);
    const api = apiClient(`http://127.0.0.1:${port}`);
    const { token, profile } = await api.login('demo');
    const company = (profile.userCompanies as Array<{ id: number; label: string }>).find(
      (c) => c.label === 'Boulangerie Pâtisserie Martin',
    )!.id;
    const as = { token, company };
    const date = todayInParis(new Date());
    const draft = await api.post(
      '/api/invoices',
      {
        designation: 'Commande du comité',
        customer: { accountNumber: 'C00001' },
        type: 'Facture',
        createdAt: date,
        dueDate: date,
        payementMode: 'Virement',
        billingAdress: '',
        lines: [
          {
            code: 'BOU001',
            type: 'Standard',
            label: 'Baguette tradition',
            quantity: 10,
            unitMeasurement: 'unité',
            unitPrice: 1.3,
            salesAccount: '707000',
            vatRate: 5.5,
          },
        ],
        vatClause: '',
        calculatesBasisTTC: false,
      },
      as,
    );
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const killed = child;
    // The platform takes the flow, and the server dies before it hears the answer.
    fake.onSubmit = async () => {
      fake!.onSubmit = undefined;
      killed.process.kill('SIGKILL');
      await killed.exited;
    };
    const validated = await api.put(`/api/invoices/${draft.body.id}/validate`, {}, as);
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    expect(await killed.exited).toBe('SIGKILL');
    const trackingId = `wp-invoice-${company}-${draft.body.id}`;
    expect(fake.flows.filter((f) => f.trackingId === trackingId)).toHaveLength(1);

    child = await boot(port, fake);
    const again = await api.login('demo');
    let t: any;
    for (let i = 0; i < 100; i++) {
      t = (await api.get(`/api/platform/transmissions/invoice/${draft.body.id}`, { token: again.token, company })).body;
      if (t.state === 'sent') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(t).toMatchObject({ state: 'sent', label: 'Transmise' });
    expect(fake.flows.filter((f) => f.trackingId === trackingId)).toHaveLength(1);
    expect(t.flowId).toBe(fake.flows.find((f) => f.trackingId === trackingId)!.flowId);
    const invoice = await api.get(`/api/invoices/${draft.body.id}`, { token: again.token, company });
    expect(invoice.body.validated ?? invoice.body.invoice?.validated).toBe(true);
  }, 240_000);
});
