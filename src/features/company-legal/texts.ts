// What « Mentions légales de la société » says, in French (decision 046).
export const LEGAL_TEXTS = {
  title: 'Mentions légales de la société',
  description: 'L’identité du vendeur imprimée sur chaque facture et portée par chaque facture électronique.',
  missingTitle: 'Mentions à compléter avant de valider une facture',
  complete: 'Les mentions obligatoires sont complètes : vos factures peuvent être validées.',
  offlineTitle: 'Hors ligne',
  offline:
    'Les mentions légales s’enregistrent avec une connexion au serveur. Celles affichées sont la dernière version enregistrée sur cet appareil.',
  saved: 'Mentions légales enregistrées',
  savedSub: 'Les prochaines factures validées les imprimeront.',
  saveError: 'Les mentions légales n’ont pas été enregistrées',
  formErrors: 'Les mentions contiennent des erreurs.',
  readOnly:
    'Vous pouvez consulter ces mentions ; seul un utilisateur autorisé à modifier les factures peut les changer.',
  loadError: 'Impossible de lire les mentions légales',
} as const;
