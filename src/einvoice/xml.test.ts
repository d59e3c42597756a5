import { describe, expect, it } from 'vitest';
import { amount, date102, el, esc, price, quantity } from './xml';

describe('XML helpers of the e-invoice writers', () => {
  it('escapes the five XML characters and drops what XML 1.0 forbids', () => {
    expect(esc(`A & B <c> "d" l'été`)).toBe('A &amp; B &lt;c&gt; &quot;d&quot; l&apos;été');
    expect(esc('a\u0001b\u000Bc\td\ne')).toBe('abc\td\ne');
    expect(esc('œ € « » 😀')).toBe('œ € « » 😀');
    expect(esc('lone \uD800 surrogate')).toBe('lone  surrogate');
  });

  it('prints amounts with 2 decimals, never a float artefact', () => {
    expect(amount(0.1 + 0.2)).toBe('0.30');
    expect(amount(1234.5)).toBe('1234.50');
    expect(amount(-0)).toBe('0.00');
    expect(amount(1.005)).toBe('1.01');
    expect(amount(-2.5)).toBe('-2.50');
    expect(amount(1e21)).toBe('1000000000000000000000.00');
  });

  it('prints unit prices with their decimals, quantities and rates as short as they can be', () => {
    expect(price(3.5)).toBe('3.50');
    expect(price(10.4167)).toBe('10.4167');
    expect(price(0.1 + 0.2)).toBe('0.30');
    expect(quantity(2.5)).toBe('2.5');
    expect(quantity(20)).toBe('20');
    expect(quantity(5.5)).toBe('5.5');
    expect(quantity(0.1 + 0.2)).toBe('0.3');
  });

  it('writes dates in format 102 and leaves empty optional elements out', () => {
    expect(date102('2026-11-26')).toBe('20261126');
    expect(el('ram:Name', 'A & B')).toBe('<ram:Name>A &amp; B</ram:Name>');
    expect(el('ram:Name', '')).toBe('');
    expect(el('ram:Name', undefined)).toBe('');
    expect(el('ram:ID', '123', ' schemeID="0002"')).toBe('<ram:ID schemeID="0002">123</ram:ID>');
  });
});
