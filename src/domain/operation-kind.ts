// The reform's mention « nature de l'opération » (decision 046): goods, services, or both. Stored and sent
// as the code; printed as the label.
export const OPERATION_KINDS = ['biens', 'services', 'mixte'] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

export const OPERATION_KIND_LABELS: Record<OperationKind, 'biens' | 'prestations de services' | 'les deux'> = {
  biens: 'biens',
  services: 'prestations de services',
  mixte: 'les deux',
};

/** The choices of the invoice editor, in French. */
export const OPERATION_KIND_OPTIONS: { value: OperationKind; label: string }[] = [
  { value: 'biens', label: 'Livraison de biens' },
  { value: 'services', label: 'Prestation de services' },
  { value: 'mixte', label: 'Les deux' },
];

export const isOperationKind = (v: unknown): v is OperationKind =>
  typeof v === 'string' && (OPERATION_KINDS as readonly string[]).includes(v);
