import { describe, expect, it } from 'vitest';
import { lastTwelveMonths } from './dashboard';
import { cleanPdfFileName, contentDisposition } from './http-helpers';
import { seriesNumber } from './numbering';
import { documentSearchText } from './search';

describe('invoice module helpers', () => {
  it('numbers documents per series and year, four digits at least', () => {
    expect(seriesNumber('Facture', 2026, 1)).toBe('F2026-0001');
    expect(seriesNumber('Avoir', 2026, 12)).toBe('AV2026-0012');
    expect(seriesNumber('Devis', 2027, 12345)).toBe('D2027-12345');
  });

  it('writes RFC 6266 dispositions with an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('Facture_Hôtel_F2026-0001.pdf')).toBe(
      `inline; filename="Facture_Hotel_F2026-0001.pdf"; filename*=UTF-8''Facture_H%C3%B4tel_F2026-0001.pdf`,
    );
    expect(contentDisposition('a "b" (c).pdf', 'attachment')).toBe(
      `attachment; filename="a _b_ (c).pdf"; filename*=UTF-8''a%20%22b%22%20%28c%29.pdf`,
    );
  });

  it('cleans a proposed file name: no path, always .pdf, fallback when empty', () => {
    expect(cleanPdfFileName('../../etc/passwd', 'x.pdf')).toBe('.._.._etc_passwd.pdf');
    expect(cleanPdfFileName('Facture juillet', 'x.pdf')).toBe('Facture juillet.pdf');
    expect(cleanPdfFileName('Facture.PDF', 'x.pdf')).toBe('Facture.PDF');
    expect(cleanPdfFileName('  ', 'x.pdf')).toBe('x.pdf');
    expect(cleanPdfFileName(null, 'x.pdf')).toBe('x.pdf');
  });

  it('lists the twelve months ending with today’s, across a year change', () => {
    expect(lastTwelveMonths('2026-02-10')).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });

  it('folds the search text (accents, case, spaces)', () => {
    expect(documentSearchText(['F2026-0001', null, 'Hôtel  du Parc', '', 'Œuvre'])).toBe(
      'f2026-0001 hotel du parc œuvre',
    );
  });
});
