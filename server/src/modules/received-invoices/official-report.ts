import { EInvoiceReadError } from '../../../../src/einvoice/parse';

// Decision 086: what the official validators said of a received e-invoice, and the one mapping from
// their results to the portal's three outcomes. Light on purpose: the server's thread imports it
// (the pool, the routes); the validators themselves run in the reader threads (official-rules.ts).

export type OfficialSyntax = 'cii' | 'ubl';
export type OfficialProfile = 'MINIMUM' | 'BASIC WL' | 'BASIC' | 'EN16931' | 'EXTENDED';
/**
 * lecture: the file itself; xsd; profil: Factur-X Schematron of the profile; en16931: CEN; fr: BR-FR;
 * portail: the portal's own finding that the rules were not run (a file beyond OFFICIAL_MAX_LINES).
 */
export type OfficialValidator = 'lecture' | 'xsd' | 'profil' | 'en16931' | 'fr' | 'portail';

export interface OfficialFailure {
  /** The rule's id as the validator names it (BR-CO-15, FX-SCH-A-000556, BR-FR-12_BT-49), or XSD / LECTURE. */
  ruleId: string;
  flag: 'fatal' | 'warning';
  /** The validator's own text (English for CEN and Factur-X, French for BR-FR). */
  text: string;
  validator: OfficialValidator;
  /** What the portal shows: French, with the rule's id. */
  message: string;
}

export type OfficialVerdict = 'conforme' | 'anomalies' | 'refused';

export interface OfficialReport {
  verdict: OfficialVerdict;
  /** 415: not an e-invoice; 422: an e-invoice the rules refuse; null: kept. */
  status: 415 | 422 | null;
  syntax: OfficialSyntax | null;
  profile: OfficialProfile | null;
  failures: OfficialFailure[];
}

/** The one mapping from the validators' results to the three outcomes (decision 086). */
export function verdictOf(failures: readonly OfficialFailure[]): { verdict: OfficialVerdict; status: 422 | null } {
  const fatal = failures.filter((f) => f.flag === 'fatal');
  if (fatal.some((f) => f.validator !== 'fr' && f.validator !== 'portail')) return { verdict: 'refused', status: 422 };
  return fatal.length ? { verdict: 'anomalies', status: null } : { verdict: 'conforme', status: null };
}

/** A file the official rules refuse: the 422, and the report that says why. */
export class OfficialRefusal extends EInvoiceReadError {
  constructor(
    message: string,
    details: string[],
    readonly report: OfficialReport,
  ) {
    super(422, message, details);
  }
}

export const VALIDATOR_LABEL: Record<OfficialValidator, string> = {
  lecture: 'Lecture du fichier',
  xsd: 'Schéma XSD',
  profil: 'Règles Factur-X du profil',
  en16931: 'Norme EN 16931',
  fr: 'Règles françaises (XP Z12-012)',
  portail: 'Contrôle officiel',
};

/** French explanations of the rules the corpus and the portal's suppliers fail most. */
const FRENCH: Record<string, string> = {
  'BR-FR-05_BT-22_PMT': 'la mention des frais de recouvrement (note PMT) est absente',
  'BR-FR-05_BT-22_PMD': 'la mention des pénalités de retard (note PMD) est absente',
  'BR-FR-05_BT-22_AAB': 'la mention de l’escompte (note AAB) est absente',
  'BR-FR-08_BT-23': 'le cadre de facturation (BT-23) est absent ou inconnu',
  'BR-FR-10_BT-30': 'le SIREN du vendeur (BT-30, schéma 0002) est absent',
  'BR-FR-12_BT-49': 'l’adresse électronique de l’acheteur (BT-49) est absente',
  'BR-FR-13_BT-34': 'l’adresse électronique du vendeur (BT-34) est absente',
  'CII-DT-031': 'un montant porte un attribut currencyID que la syntaxe CII de l’EN 16931 interdit',
  'FX-SCH-A-000556': 'l’identifiant du profil (BT-24) n’est pas une valeur Factur-X reconnue',
  'FX-SCH-A-000493': 'l’identifiant du profil (BT-24) n’est pas une valeur Factur-X reconnue',
  'BR-CO-10': 'la somme des montants nets des lignes ne correspond pas au total des lignes (BT-106)',
  'BR-CO-13': 'le total hors TVA (BT-109) ne correspond pas aux lignes, remises et charges',
  'BR-CO-14': 'le total de la TVA (BT-110) n’est pas la somme du détail de la TVA',
  'BR-CO-15': 'le total TTC (BT-112) n’est pas le total hors TVA plus la TVA',
  'BR-CO-16': 'le montant à payer (BT-115) ne correspond pas au total TTC, à l’acompte et à l’arrondi',
  'BR-CO-26': 'aucun identifiant du vendeur n’est indiqué (SIREN, identifiant légal ou numéro de TVA)',
  'BR-01': 'l’identifiant de spécification (BT-24) est absent',
  'BR-16': 'la facture ne compte aucune ligne',
  'BR-S-08': 'la base de TVA au taux normal ne correspond pas aux lignes, remises et charges',
  'BR-IC-11': 'une livraison intracommunautaire sans date ou période de livraison',
  'BR-IC-12': 'une livraison intracommunautaire sans pays de livraison',
  'BR-CL-19': 'un code de remise ou de charge n’est pas dans la liste UNTDID 5189',
  'BR-CL-25': 'un schéma d’adresse électronique n’est pas dans la liste EAS',
  'PEPPOL-EN16931-R008': 'le document contient un élément vide',
};

export function frenchMessage(validator: OfficialValidator, ruleId: string, text: string): string {
  const known = FRENCH[ruleId];
  if (known) return `${ruleId} : ${known.charAt(0).toUpperCase()}${known.slice(1)}.`;
  if (validator === 'fr') return text.startsWith(ruleId.split('_')[0]) ? text : `${ruleId} : ${text}`;
  return `${ruleId} (${VALIDATOR_LABEL[validator]}) n’est pas respectée : « ${text} »`;
}
