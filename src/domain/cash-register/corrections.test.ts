import { describe, expect, it } from 'vitest';
import { correctionProblem } from './corrections';

const nb = (s: string | null) => s?.replace(/\u00a0/g, ' ') ?? null;
const F = 'movements[0].amount';

describe('how far a correction may go', () => {
  it('takes off at most what remains of a positive movement, net of its corrections', () => {
    const sale = [{ amountCents: 100, netCents: 100 }];
    expect(nb(correctionProblem(sale, -100_000_000, F))).toBe(
      'La correction « movements[0].amount » retire plus que ce qui reste du mouvement corrigé : 1,00 € au plus.',
    );
    expect(correctionProblem(sale, -100, F)).toBeNull();
    expect(correctionProblem(sale, 500, F)).toBeNull();
    expect(nb(correctionProblem([{ amountCents: 100, netCents: 0 }], -1, F))).toBe(
      'Le mouvement corrigé est déjà entièrement annulé par ses corrections : la correction « movements[0].amount » ne peut plus rien lui retirer.',
    );
  });

  it('a correction of a correction gives back at most what it took, and never takes the original below zero', () => {
    const chain = [
      { amountCents: -400, netCents: -400 },
      { amountCents: 1000, netCents: 600 },
    ];
    expect(correctionProblem(chain, 400, F)).toBeNull();
    expect(nb(correctionProblem(chain, 401, F))).toBe(
      'La correction « movements[0].amount » rend plus que ce que la correction corrigée a retiré : 4,00 € au plus.',
    );
    expect(correctionProblem(chain, -600, F)).toBeNull();
    expect(nb(correctionProblem(chain, -601, F))).toBe(
      'La correction « movements[0].amount » retirerait plus que ce qui reste du mouvement d’origine : 6,00 € au plus.',
    );
    expect(nb(correctionProblem([{ amountCents: -400, netCents: 0 }, chain[1]], 1, F))).toBe(
      'La correction corrigée est déjà entièrement annulée : la correction « movements[0].amount » ne peut plus rien lui rendre.',
    );
  });
});
