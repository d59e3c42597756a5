// How far a correction may go (decision 075). A correction names the movement it
// corrects (idTypeMouvLie) and may be negative; it used to be bounded only by the 10 million euros
// of any line, so « −1 000 000 » on a 1 € sale was accepted. The rule: after the correction, the
// corrected movement and each movement it corrects in turn (a correction of a correction) keep their
// sign or come to zero, counted net of every correction made to them before. So a correction cancels
// at most what it corrects, a correction of a correction gives back at most what that one took, and
// a sale is never pushed below zero through a chain of corrections. Adding to a positive movement
// (a sale entered too low) stays allowed, within the line's own limit.
import { formatMoney } from '../format';
import { euros } from './amounts';

/** One movement of the chain from the corrected one up to the original: its amount and its net (itself and every correction under it). */
export interface CorrectedStep {
  amountCents: number;
  netCents: number;
}

const fieldLabel = (field: string) => `La correction « ${field} »`;

/**
 * The message refusing `cents` as a correction of `chain[0]` (`chain` goes up to the original), or
 * null when it is within bounds. `field` names the amount (`movements[2].amount`).
 */
export function correctionProblem(chain: readonly CorrectedStep[], cents: number, field: string): string | null {
  if (chain.length === 0) return null;
  // The most the correction may take off (positive movements) and give back (negative ones).
  let maxOff = Infinity;
  let maxBack = Infinity;
  for (const step of chain) {
    if (step.amountCents > 0) maxOff = Math.min(maxOff, Math.max(0, step.netCents));
    else if (step.amountCents < 0) maxBack = Math.min(maxBack, Math.max(0, -step.netCents));
  }
  const corrected = chain[0];
  if (cents < 0 && -cents > maxOff) {
    if (maxOff === 0)
      return `Le mouvement corrigé est déjà entièrement annulé par ses corrections : la correction « ${field} » ne peut plus rien lui retirer.`;
    return corrected.amountCents > 0
      ? `${fieldLabel(field)} retire plus que ce qui reste du mouvement corrigé : ${formatMoney(euros(maxOff))} au plus.`
      : `${fieldLabel(field)} retirerait plus que ce qui reste du mouvement d’origine : ${formatMoney(euros(maxOff))} au plus.`;
  }
  if (cents > 0 && cents > maxBack)
    return maxBack === 0
      ? `La correction corrigée est déjà entièrement annulée : la correction « ${field} » ne peut plus rien lui rendre.`
      : `${fieldLabel(field)} rend plus que ce que la correction corrigée a retiré : ${formatMoney(euros(maxBack))} au plus.`;
  return null;
}
