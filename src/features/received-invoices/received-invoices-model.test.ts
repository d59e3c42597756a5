import { describe, expect, it } from 'vitest';
import { amountText, depositSummary, formatLabel, statusColors, unitText } from './received-invoices-model';

describe('received invoices screen model', () => {
  it('says what the server found after a deposit, in French', () => {
    const row = {
      kind: 'Facture' as const,
      number: 'FA-1',
      supplierName: 'Atelier Lumière',
      status: 'conforme' as const,
      statusLabel: 'Conforme',
    };
    expect(depositSummary(row)).toBe('La facture FA-1 de Atelier Lumière est lue et conforme.');
    expect(depositSummary({ ...row, kind: 'Avoir', status: 'anomalies', statusLabel: '2 anomalies' })).toBe(
      'L’avoir FA-1 de Atelier Lumière est lu : 2 anomalies à vérifier.',
    );
  });

  it('formats amounts the file may not give, and the formats', () => {
    expect(amountText(null)).toBe('—');
    expect(amountText(1305.5)).toBe('1\u202f305,50\u00a0€');
    expect(formatLabel('facturx')).toBe('Factur-X (PDF)');
    expect(statusColors('anomalies').fg).toBe('#a51111');
  });

  it('writes the units in French, none for a plain unit', () => {
    expect([unitText('C62'), unitText('HUR'), unitText('KGM'), unitText('XYZ')]).toEqual(['', 'h', 'kg', 'XYZ']);
  });
});
