// Decision 046: our unit labels (free text typed on articles and lines, src/domain/articles.ts; the default
// list is server/src/modules/catalogue/defaults.ts) → UN/ECE Recommendation 20 codes (BT-130),
// which EN 16931 requires. Unknown or empty labels are 'C62' (« unité »), never a guess.

const CODES: Record<string, string> = {
  unite: 'C62',
  u: 'C62',
  un: 'C62',
  piece: 'H87',
  pce: 'H87',
  pc: 'H87',
  heure: 'HUR',
  h: 'HUR',
  hr: 'HUR',
  minute: 'MIN',
  min: 'MIN',
  jour: 'DAY',
  j: 'DAY',
  journee: 'DAY',
  semaine: 'WEE',
  mois: 'MON',
  an: 'ANN',
  annee: 'ANN',
  forfait: 'LS',
  lot: 'LO',
  kg: 'KGM',
  kilogramme: 'KGM',
  g: 'GRM',
  gramme: 'GRM',
  t: 'TNE',
  tonne: 'TNE',
  m: 'MTR',
  metre: 'MTR',
  ml: 'MTR', // « mètre linéaire » in the building trades (the millilitre is written « millilitre » there)
  cm: 'CMT',
  km: 'KMT',
  m2: 'MTK',
  'metre carre': 'MTK',
  m3: 'MTQ',
  'metre cube': 'MTQ',
  l: 'LTR',
  litre: 'LTR',
  millilitre: 'MLT',
  cl: 'CLT',
  centilitre: 'CLT',
  kwh: 'KWH',
  paire: 'PR',
  ensemble: 'SET',
  boite: 'XBX',
  carton: 'XCT',
  paquet: 'XPK',
  palette: 'XPX',
  sac: 'XSA',
  bouteille: 'XBO',
};

/** Lower case, no accents, superscripts as digits, plural 's' and a final dot dropped. */
function key(label: string): string {
  const k = label
    .replace(/²/g, '2')
    .replace(/³/g, '3')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return k;
}

/** The UN/ECE Rec 20 code of a unit label: 'heure' → 'HUR', 'm²' → 'MTK'; unknown → 'C62'. */
export function unitCode(label: string | null | undefined): string {
  const k = key(label ?? '');
  if (!k) return 'C62';
  return CODES[k] ?? (k.length > 2 && k.endsWith('s') ? CODES[k.slice(0, -1)] : undefined) ?? 'C62';
}
