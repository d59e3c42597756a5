// Decision 089: the lifecycle statuses of XP Z12-012 (« statuts de cycle de vie »), their French labels,
// the reason codes with the statuses each may explain, and who may set which status. The codes and the
// lists of reasons per status are those the FNFE's CDAR Schematron checks (BR-FR-CDV-CL-06, BR-FR-CDV-CL-09,
// tests/validators/fnfe-fr/cdar); the labels of the statuses are the standard's (FNFE note and examples,
// XP Z12-014 annex B), those of the reasons ours where the examples give none (decision 089 lists which).
// Pure: used by the server and the screens.

export const LIFECYCLE_CODES = [
  '200',
  '201',
  '202',
  '203',
  '204',
  '205',
  '206',
  '207',
  '208',
  '209',
  '210',
  '211',
  '212',
  '213',
  '220',
] as const;
export type LifecycleCode = (typeof LIFECYCLE_CODES)[number];

/** Who sets a status: the seller's or the buyer's platform, the seller, the buyer. */
export type LifecycleSetter = 'seller-platform' | 'buyer-platform' | 'seller' | 'buyer';

export interface LifecycleCodeInfo {
  code: LifecycleCode;
  label: string;
  /** Transmission (305: the platforms follow the invoice's path) or processing (23: the parties). */
  phase: 'transmission' | 'processing';
  /** Who may set it (« Rejetée » by either platform). */
  setBy: readonly LifecycleSetter[];
  /** A reason code is required (BR-FR-CDV-15). */
  reasonRequired: boolean;
  /** Sent to the tax administration too (the four « statuts obligatoires »). */
  mandatory: boolean;
  /** No other status may follow it (seen from the administration). */
  terminal: boolean;
}

const info = (
  code: LifecycleCode,
  label: string,
  phase: LifecycleCodeInfo['phase'],
  setBy: readonly LifecycleSetter[],
  extra: Partial<Pick<LifecycleCodeInfo, 'reasonRequired' | 'mandatory' | 'terminal'>> = {},
): LifecycleCodeInfo => ({
  code,
  label,
  phase,
  setBy,
  reasonRequired: extra.reasonRequired ?? false,
  mandatory: extra.mandatory ?? false,
  terminal: extra.terminal ?? false,
});

export const LIFECYCLE: Record<LifecycleCode, LifecycleCodeInfo> = {
  '200': info('200', 'Déposée', 'transmission', ['seller-platform'], { mandatory: true }),
  '201': info('201', 'Émise par la plateforme', 'transmission', ['seller-platform']),
  '202': info('202', 'Reçue par la plateforme', 'transmission', ['buyer-platform']),
  '203': info('203', 'Mise à disposition', 'transmission', ['buyer-platform']),
  '204': info('204', 'Prise en charge', 'processing', ['buyer']),
  '205': info('205', 'Approuvée', 'processing', ['buyer']),
  '206': info('206', 'Approuvée partiellement', 'processing', ['buyer'], { reasonRequired: true }),
  '207': info('207', 'En litige', 'processing', ['buyer'], { reasonRequired: true }),
  '208': info('208', 'Suspendue', 'processing', ['buyer'], { reasonRequired: true }),
  '209': info('209', 'Complétée', 'processing', ['seller']),
  '210': info('210', 'Refusée', 'processing', ['buyer'], { reasonRequired: true, mandatory: true, terminal: true }),
  '211': info('211', 'Paiement transmis', 'processing', ['buyer']),
  '212': info('212', 'Encaissée', 'processing', ['seller'], { mandatory: true }),
  '213': info('213', 'Rejetée', 'transmission', ['seller-platform', 'buyer-platform'], {
    reasonRequired: true,
    mandatory: true,
    terminal: true,
  }),
  '220': info('220', 'Annulée', 'processing', ['seller'], { terminal: true }),
};

export function isLifecycleCode(code: string): code is LifecycleCode {
  return Object.hasOwn(LIFECYCLE, code);
}

/** The French label of a status code; an unknown code reads « Statut 2xx ». */
export function lifecycleLabel(code: string): string {
  return isLifecycleCode(code) ? LIFECYCLE[code].label : `Statut ${code}`;
}

/** The reason codes of BR-FR-CDV-CL-09, with their French label. */
export const REASON_LABELS: Record<string, string> = {
  TX_TVA_ERR: 'Taux de TVA erroné',
  MONTANTTOTAL_ERR: 'Montant total erroné',
  CALCUL_ERR: 'Erreur de calcul',
  NON_CONFORME: 'Facture non conforme',
  DOUBLON: 'Facture en doublon (déjà émise ou reçue)',
  DEST_INC: 'Destinataire inconnu',
  DEST_ERR: 'Erreur de destinataire',
  TRANSAC_INC: 'Transaction inconnue',
  EMMET_INC: 'Émetteur inconnu',
  CONTRAT_TERM: 'Contrat terminé',
  DOUBLE_FACT: 'Double facturation',
  CMD_ERR: 'Référence de commande erronée',
  ADR_ERR: 'Adresse erronée',
  SIRET_ERR: 'SIRET erroné',
  CODE_ROUTAGE_ERR: 'Code de routage erroné',
  REF_CT_ABSENT: 'Référence de contrat absente',
  REF_ERR: 'Référence erronée',
  PU_ERR: 'Prix unitaire erroné',
  REM_ERR: 'Remise erronée',
  QTE_ERR: 'Quantité erronée',
  ART_ERR: 'Article erroné',
  MODPAI_ERR: 'Modalités de paiement erronées',
  QUALITE_ERR: 'Qualité non conforme',
  LIVR_INCOMP: 'Livraison incomplète',
  COORD_BANC_ERR: 'Coordonnées bancaires erronées',
  JUSTIF_ABS: 'Justificatif absent',
  AUTRE: 'Autre motif',
  NON_TRANSMISE: 'Facture non transmise',
  ROUTAGE_ERR: 'Erreur de routage',
  CONTACT_ACHTR: 'Contacter l’acheteur',
  RETRAIT_MAN_SERV: 'Retrait manuel par le service',
  ST_CT_NON_DECLAR: 'Structure ou contrat non déclaré',
  SUPPR_COMP_AVOIR: 'Suppression compensée par un avoir',
  TRANSF_PMNT_REGIE: 'Paiement transféré à la régie',
  REJ_SEMAN: 'Rejet sémantique (règles de gestion non respectées)',
  REJ_UNI: 'Rejet pour unicité (facture déjà reçue)',
  REJ_COH: 'Rejet pour incohérence des données',
  REJ_ADR: 'Rejet d’adressage',
  REJ_CONT_B2G: 'Rejet d’un contrôle propre au secteur public',
  REJ_REF_PJ: 'Pièce jointe référencée absente',
  REJ_ASS_PJ: 'Pièce jointe non associée',
  IRR_VIDE_F: 'Fichier vide',
  IRR_TYPE_F: 'Type de fichier non accepté',
  IRR_SYNTAX: 'Syntaxe invalide',
  IRR_TAILLE_PJ: 'Pièce jointe trop volumineuse',
  IRR_NOM_PJ: 'Nom de pièce jointe invalide',
  IRR_VID_PJ: 'Pièce jointe vide',
  IRR_EXT_DOC: 'Extension de document non acceptée',
  IRR_TAILLE_F: 'Fichier trop volumineux',
  IRR_ANTIVIRUS: 'Fichier refusé par l’antivirus',
  IRR_NOM_F: 'Nom de fichier invalide',
};

/** The French label of a reason code; an unknown code reads as itself. */
export function reasonLabel(code: string): string {
  return REASON_LABELS[code] ?? code;
}

/**
 * The reasons each status accepts (BR-FR-CDV-CL-09), for the statuses set by a party or a platform
 * other than the public portal. A status absent here takes no reason.
 */
export const REASONS_BY_STATUS: Partial<Record<LifecycleCode, readonly string[]>> = {
  '200': ['NON_TRANSMISE'],
  '206': [
    'AUTRE',
    'CMD_ERR',
    'SIRET_ERR',
    'CODE_ROUTAGE_ERR',
    'REF_CT_ABSENT',
    'REF_ERR',
    'PU_ERR',
    'REM_ERR',
    'QTE_ERR',
    'ART_ERR',
    'MODPAI_ERR',
    'QUALITE_ERR',
    'LIVR_INCOMP',
  ],
  '207': [
    'AUTRE',
    'COORD_BANC_ERR',
    'TX_TVA_ERR',
    'MONTANTTOTAL_ERR',
    'CALCUL_ERR',
    'NON_CONFORME',
    'DOUBLON',
    'DEST_INC',
    'DEST_ERR',
    'TRANSAC_INC',
    'EMMET_INC',
    'CONTRAT_TERM',
    'DOUBLE_FACT',
    'CMD_ERR',
    'ADR_ERR',
    'SIRET_ERR',
    'CODE_ROUTAGE_ERR',
    'REF_CT_ABSENT',
    'REF_ERR',
    'PU_ERR',
    'REM_ERR',
    'QTE_ERR',
    'ART_ERR',
    'MODPAI_ERR',
    'QUALITE_ERR',
    'LIVR_INCOMP',
  ],
  '208': ['JUSTIF_ABS', 'COORD_BANC_ERR', 'CMD_ERR', 'SIRET_ERR', 'CODE_ROUTAGE_ERR', 'REF_CT_ABSENT', 'REF_ERR'],
  '210': [
    'TX_TVA_ERR',
    'MONTANTTOTAL_ERR',
    'CALCUL_ERR',
    'NON_CONFORME',
    'DOUBLON',
    'DEST_ERR',
    'TRANSAC_INC',
    'EMMET_INC',
    'CONTRAT_TERM',
    'DOUBLE_FACT',
    'CMD_ERR',
    'ADR_ERR',
    'REF_CT_ABSENT',
  ],
  '213': [
    'MONTANTTOTAL_ERR',
    'CALCUL_ERR',
    'DOUBLON',
    'DEST_INC',
    'ADR_ERR',
    'REJ_SEMAN',
    'REJ_UNI',
    'REJ_COH',
    'REJ_ADR',
    'REJ_CONT_B2G',
    'REJ_REF_PJ',
    'REJ_ASS_PJ',
  ],
};

/** The reasons a status accepts, with their labels, in the list's order (for a select). */
export function reasonsFor(code: LifecycleCode): { code: string; label: string }[] {
  return (REASONS_BY_STATUS[code] ?? []).map((c) => ({ code: c, label: reasonLabel(c) }));
}

/** Whether `reason` may explain `code` (a status without a list takes none). */
export function reasonAllowed(code: LifecycleCode, reason: string): boolean {
  return (REASONS_BY_STATUS[code] ?? []).includes(reason);
}

/** The statuses the buyer sets from « Factures reçues » (decision 089). */
export const BUYER_ACTIONS = ['205', '207', '210', '211'] as const satisfies readonly LifecycleCode[];
export type BuyerAction = (typeof BUYER_ACTIONS)[number];
