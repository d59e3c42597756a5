import { describe, expect, it } from 'vitest';
import { unitCode } from './units';

describe('unit labels → UN/ECE Rec 20', () => {
  it('maps the default units of a new company', () => {
    const labels = ['unité', 'heure', 'jour', 'forfait', 'kg', 'm', 'm²', 'm³', 'litre', 'lot'];
    expect(labels.map(unitCode)).toEqual(['C62', 'HUR', 'DAY', 'LS', 'KGM', 'MTR', 'MTK', 'MTQ', 'LTR', 'LO']);
  });

  it('reads case, accents, plurals and abbreviations', () => {
    expect(unitCode('Heures')).toBe('HUR');
    expect(unitCode('  Jours ')).toBe('DAY');
    expect(unitCode('M2')).toBe('MTK');
    expect(unitCode('mètre carré')).toBe('MTK');
    expect(unitCode('pièce')).toBe('H87');
    expect(unitCode('h')).toBe('HUR');
    expect(unitCode('Kg.')).toBe('KGM');
  });

  it('falls back on C62 for empty or unknown units', () => {
    expect(unitCode('')).toBe('C62');
    expect(unitCode(null)).toBe('C62');
    expect(unitCode('brouette')).toBe('C62');
    expect(unitCode('ms')).toBe('C62');
  });
});
