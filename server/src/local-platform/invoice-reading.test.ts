import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { embedFacturX } from '../../../src/einvoice/factur-x';
import { readInvoiceRouting } from './invoice-reading';
import { JOURNAL_FILE, PlatformStore } from './store';

// Decision 087: what the local platform reads of an invoice to route it, whatever its syntax; its
// journal after a crash; its program's start-up.

const fixture = (name: string) => readFileSync(new URL(`../../../src/einvoice/fixtures/${name}`, import.meta.url));

describe('routing data of an invoice', () => {
  it('reads a CII: number, date, type, both SIRENs and electronic addresses', async () => {
    expect(await readInvoiceRouting(fixture('cii-conforme.xml'))).toEqual({
      number: 'FA-2026-0142',
      typeCode: '380',
      issueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      sellerSiren: '732829320',
      buyerSiren: '552100554',
      sellerAddress: '732829320',
      buyerAddress: '552100554',
    });
  });

  it('reads a UBL', async () => {
    expect(await readInvoiceRouting(fixture('ubl-conforme.xml'))).toMatchObject({
      sellerSiren: '404833048',
      buyerSiren: '552100554',
      sellerAddress: '404833048',
      buyerAddress: '552100554',
      typeCode: '380',
    });
  });

  it('reads the XML inside a Factur-X PDF', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const pdf = await embedFacturX(await doc.save(), fixture('cii-conforme.xml').toString(), {
      title: 'Facture FA-2026-0142',
      author: 'Atelier Lumière',
      creationDate: new Date('2026-11-02T10:00:00Z'),
    });
    expect(await readInvoiceRouting(pdf)).toMatchObject({ number: 'FA-2026-0142', buyerAddress: '552100554' });
  });

  it('reads nothing of what is no invoice', async () => {
    expect(await readInvoiceRouting(new TextEncoder().encode('<note>bonjour</note>'))).toBeNull();
    expect(await readInvoiceRouting(new TextEncoder().encode('%PDF-1.7 tronqué'))).toBeNull();
  });
});

describe('the journal after a crash', () => {
  it('keeps every whole line and skips the one a crash cut', () => {
    const dir = mkdtempSync(join(tmpdir(), 'local-platform-journal-'));
    try {
      const store = new PlatformStore(dir);
      store.addWebhook({
        webhookId: 'w1',
        owner: 'pa-512345679',
        callbackUrl: 'http://127.0.0.1:1/',
        signingKey: 'a2V5',
        createdAt: '2026-12-02T10:00:00.000Z',
      });
      appendFileSync(join(dir, JOURNAL_FILE), '{"t":"webhook","webhook":{"webhookId":"w2"');
      const again = new PlatformStore(dir);
      expect([...again.webhooks.keys()]).toEqual(['w1']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the program (main.ts)', () => {
  const main = new URL('./main.ts', import.meta.url).pathname;
  const tsx = new URL('../../../node_modules/.bin/tsx', import.meta.url).pathname;

  it('refuses to start in production without the demo, in French', () => {
    const run = spawnSync(tsx, [main, '--port', '0'], {
      env: { ...process.env, NODE_ENV: 'production', SEED_DEMO: '' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/ne sert qu’à la démonstration : démarrez-la avec SEED_DEMO=1/);
  });

  it('refuses a port that is not one', () => {
    const run = spawnSync(tsx, [main, '--port', 'quatre'], {
      env: { ...process.env, SEED_DEMO: '1' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Port invalide : « quatre »/);
  });

  it('names its address once it listens, and stops when its parent’s pipe closes', async () => {
    const child = spawn(tsx, [main, '--port', '0', '--with-parent'], {
      env: { ...process.env, SEED_DEMO: '1' },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const line = await new Promise<string>((resolve) => {
      let seen = '';
      child.stdout.on('data', (chunk) => {
        seen += chunk;
        if (seen.includes('\n')) resolve(seen);
      });
    });
    expect(line).toMatch(/^Plateforme agréée locale \(démonstration\) : http:\/\/127\.0\.0\.1:\d+\n/);
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(line)![0];
    expect((await fetch(`${url}/flow-service/v1/healthcheck`)).headers.get('x-local-platform')).toBe('1');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin.end();
    await exited;
  });
});
