import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it('keeps accents in filename* and gives an ASCII fallback', () => {
    expect(contentDisposition('Déclaration de TVA été.pdf')).toBe(
      `attachment; filename="Declaration de TVA ete.pdf"; filename*=UTF-8''D%C3%A9claration%20de%20TVA%20%C3%A9t%C3%A9.pdf`,
    );
  });

  it('cannot be broken out of by quotes, backslashes or line breaks', () => {
    const header = contentDisposition('a"b\\c\r\nX-Evil: 1.pdf', 'inline');
    expect(header.startsWith('inline; filename="a_b_c__X-Evil: 1.pdf"')).toBe(true);
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toContain(`filename*=UTF-8''a%22b%5Cc%0D%0AX-Evil%3A%201.pdf`);
  });

  it('encodes the characters RFC 8187 reserves', () => {
    expect(contentDisposition("l'état (copie)*.pdf")).toContain(`filename*=UTF-8''l%27%C3%A9tat%20%28copie%29%2A.pdf`);
  });
});
