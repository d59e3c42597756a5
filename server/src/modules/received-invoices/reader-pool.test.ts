import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EInvoiceReadError } from '../../../../src/einvoice/parse';
import { readSupplierInvoice } from './read';
import { readInvoiceOffThread } from './reader-pool';

// Decision 074: suppliers' files are read in worker threads (from the sources here, through tsx).

const CII = new Uint8Array(
  readFileSync(new URL('../../../../src/einvoice/fixtures/cii-conforme.xml', import.meta.url)),
);
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as EInvoiceReadError,
  );

describe('readInvoiceOffThread', () => {
  it('reads in a thread what the server keeps of a reading in this one', async () => {
    const here = await readSupplierInvoice(CII, 'f.xml');
    const there = await readInvoiceOffThread(CII.slice(), 'f.xml');
    expect(there.findings).toEqual(here.findings);
    expect(there.kind).toBe(here.kind);
    expect(there.supplierKey).toBe(here.supplierKey);
    expect(there.parsed.invoice.lines).toEqual(here.parsed.invoice.lines);
    expect(there.parsed.invoice.totals).toEqual(here.parsed.invoice.totals);
    expect(there.parsed.invoice.notes).toEqual([]);
  }, 30_000);

  it('answers the reader’s refusals as they are (415, 422 in French)', async () => {
    const notXml = await refusal(readInvoiceOffThread(new TextEncoder().encode('a;b\n'), 'v.xml'));
    expect(notXml).toBeInstanceOf(EInvoiceReadError);
    expect(notXml).toMatchObject({ status: 415 });
    const broken = await refusal(readInvoiceOffThread(new TextEncoder().encode('<a><b></a>'), 'c.xml'));
    expect(broken).toMatchObject({
      status: 422,
      message: 'La facture électronique est illisible : Balise « b » fermée par « a » (ligne 1).',
    });
  }, 30_000);

  it('hands a buffer the bytes fill alone to the thread, and copies a slice of a shared one', async () => {
    const own = CII.slice();
    await readInvoiceOffThread(own, 'f.xml', { transfer: true });
    expect(own.byteLength).toBe(0);
    const shared = new Uint8Array(CII.length + 10);
    shared.set(CII, 10);
    const slice = shared.subarray(10);
    await readInvoiceOffThread(slice, 'f.xml', { transfer: true });
    expect(slice.byteLength).toBe(CII.length);
  }, 30_000);

  it('refuses a reading past its time with 422, ends that thread, and reads the next file', async () => {
    // 8 000 lines (9 Mo): half a second of reading or more, against a limit of 20 ms.
    const xml = new TextDecoder().decode(CII);
    const start = xml.indexOf('<ram:IncludedSupplyChainTradeLineItem>');
    const end = xml.indexOf('</ram:IncludedSupplyChainTradeLineItem>') + 39;
    const big = new TextEncoder().encode(xml.slice(0, end) + xml.slice(start, end).repeat(8_000) + xml.slice(end));
    const slow = await refusal(readInvoiceOffThread(big, 'lente.xml', { timeoutMs: 20 }));
    expect(slow).toMatchObject({
      status: 422,
      message: 'La facture « lente.xml » est refusée : sa lecture a dépassé 0,02\u00a0s.',
    });
    expect((await readInvoiceOffThread(CII.slice(), 'f.xml')).parsed.invoice.number).toBe('FA-2026-0142');
  }, 30_000);
});
