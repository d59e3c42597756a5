import { describe, expect, it } from 'vitest';
import { readConfig } from '../env';
import { clockStartingAt, configuredClock, systemClock } from './clock';

describe('the server’s clock (decision 076)', () => {
  it('starts at WORKPLACE_NOW and flows on from there', async () => {
    const clock = configuredClock('test', '2027-01-01T00:10:00+01:00');
    const first = clock().getTime();
    expect(Math.abs(first - Date.parse('2026-12-31T23:10:00Z'))).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(clock().getTime() - first).toBeGreaterThanOrEqual(25);
  });

  it('is the machine’s time without WORKPLACE_NOW', () => {
    expect(configuredClock('production', undefined)).toBe(systemClock);
    expect(configuredClock('development', '')).toBe(systemClock);
  });

  it('is refused in production, in French', () => {
    expect(() => configuredClock('production', '2027-01-01T00:10:00+01:00')).toThrow(
      /WORKPLACE_NOW est refusé en production/,
    );
    expect(() =>
      readConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://portail.example',
        WORKPLACE_NOW: '2027-01-01T00:10:00Z',
      }),
    ).toThrow(/WORKPLACE_NOW est refusé en production/);
  });

  it('refuses an instant without its offset, or no instant at all', () => {
    expect(() => configuredClock('test', '2027-01-01T00:10:00')).toThrow(/n’est pas un instant.*décalage/);
    expect(() => configuredClock('test', 'demain')).toThrow(/« demain » n’est pas un instant/);
  });

  it('reads the configuration’s clock from the environment', () => {
    const { clock } = readConfig({ NODE_ENV: 'test', WORKPLACE_NOW: '2028-02-29T12:00:00+01:00' });
    expect(clock().toISOString().slice(0, 16)).toBe('2028-02-29T11:00');
  });

  it('keeps a base clock’s pace', () => {
    let t = 1_000;
    const clock = clockStartingAt(new Date(50_000), () => new Date(t));
    t += 500;
    expect(clock().getTime()).toBe(50_500);
  });
});
