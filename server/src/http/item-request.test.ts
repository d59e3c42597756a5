import { describe, expect, it } from 'vitest';
import { isItemRequest, itemRequest } from './item-request';

describe('a batch item’s request', () => {
  const headers = new Headers({ 'content-type': 'application/json', 'idempotency-key': 'cle-00000001' });
  const text = JSON.stringify({ socialReason: 'Le Bistrot Gourmand' });

  it('gives the app its method, address, headers and body text without a web Request', async () => {
    const request = itemRequest('http://localhost/api/customers/C00001', 'PUT', headers, text);
    expect(request.method).toBe('PUT');
    expect(new URL(request.url).pathname).toBe('/api/customers/C00001');
    expect(request.headers.get('idempotency-key')).toBe('cle-00000001');
    await expect(request.text()).resolves.toBe(text);
    await expect(request.json()).resolves.toEqual({ socialReason: 'Le Bistrot Gourmand' });
    expect(isItemRequest(request)).toBe(true);
    expect(isItemRequest(new Request('http://localhost/api/customers'))).toBe(false);
  });

  it('reads anything else from a real Request with the same body', async () => {
    const request = itemRequest('http://localhost/api/customers/C00001', 'PUT', headers, text);
    expect(request.signal).toBeInstanceOf(AbortSignal);
    await expect(request.clone().text()).resolves.toBe(text);
    expect(new TextDecoder().decode(await request.arrayBuffer())).toBe(text);
  });

  it('has an empty body when the change has none', async () => {
    const request = itemRequest('http://localhost/api/invoices/7/validate', 'POST', new Headers(), undefined);
    await expect(request.text()).resolves.toBe('');
    expect(request.body).toBeNull();
  });
});
