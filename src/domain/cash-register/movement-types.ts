// The movement types every register gets (CASH-1, decision 037): what a line of the journal means and
// how it moves the drawer's cash. The code, not the per-register id, is what the chain records, so a
// register restored into another database still verifies.

export type MovementCategory = 'sales' | 'revenues' | 'bankDeposit' | 'initialDeposit' | 'expenses' | 'summary';
export type PaymentMethod = 'especes' | 'carte' | 'cheque' | 'titres-restaurant' | 'autres';
export type CashEffect = 'in' | 'out' | 'none';

export interface MovementTypeDef {
  code: string;
  label: string;
  category: MovementCategory;
  vatRate: number | null;
  paymentMethod: PaymentMethod | null;
  /** 'in' adds to the drawer, 'out' takes from it, 'none' (sales, card…) does not. The summary is signed. */
  cash: CashEffect;
}

export const CATEGORIES: readonly MovementCategory[] = [
  'sales',
  'revenues',
  'bankDeposit',
  'initialDeposit',
  'expenses',
  'summary',
];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  especes: 'Espèces',
  carte: 'Carte bancaire',
  cheque: 'Chèque',
  'titres-restaurant': 'Titres-restaurant',
  autres: 'Autres moyens',
};
export const VAT_RATES = [20, 10, 5.5, 2.1] as const;

/** The « Écart de caisse » type: recorded by the closing of a day, signed (negative: cash missing). */
export const DIFFERENCE_CODE = 'ecart-de-caisse';

const sale = (rate: number, text: string): MovementTypeDef => ({
  code: `vente-${rate}`,
  label: `Ventes TVA ${text} %`,
  category: 'sales',
  vatRate: rate,
  paymentMethod: null,
  cash: 'none',
});
const revenue = (method: PaymentMethod, label: string): MovementTypeDef => ({
  code: `encaissement-${method}`,
  label,
  category: 'revenues',
  vatRate: null,
  paymentMethod: method,
  cash: method === 'especes' ? 'in' : 'none',
});
const other = (code: string, label: string, category: MovementCategory, cash: CashEffect): MovementTypeDef => ({
  code,
  label,
  category,
  vatRate: null,
  paymentMethod: null,
  cash,
});

/** The catalogue, in the order of the journal's screens. */
export const MOVEMENT_TYPES: readonly MovementTypeDef[] = [
  sale(20, '20'),
  sale(10, '10'),
  sale(5.5, '5,5'),
  sale(2.1, '2,1'),
  revenue('especes', 'Encaissements en espèces'),
  revenue('carte', 'Encaissements par carte bancaire'),
  revenue('cheque', 'Encaissements par chèque'),
  revenue('titres-restaurant', 'Encaissements en titres-restaurant'),
  revenue('autres', 'Autres encaissements'),
  other('remise-banque', 'Remise en banque', 'bankDeposit', 'out'),
  other('fond-de-caisse', 'Fond de caisse / apport', 'initialDeposit', 'in'),
  other('depense-especes', 'Dépense payée en espèces', 'expenses', 'out'),
  other(DIFFERENCE_CODE, 'Écart de caisse', 'summary', 'in'),
];

const BY_CODE = new Map(MOVEMENT_TYPES.map((t) => [t.code, t]));
export function movementTypeOf(code: string): MovementTypeDef | undefined {
  return BY_CODE.get(code);
}

/**
 * What a movement does to the drawer, in cents: + for 'in' types, − for 'out' types, 0 otherwise.
 * A correction (negative amount) therefore takes back what its original did.
 */
export function cashEffectCents(code: string, amountCents: number): number {
  const t = BY_CODE.get(code);
  if (!t || t.cash === 'none') return 0;
  return t.cash === 'in' ? amountCents : -amountCents;
}
