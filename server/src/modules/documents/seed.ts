import { categoryLabel, categoryPathLabel } from '../../../../src/domain/document-categories';
import { documents } from '../../db/schema/index';
import type { SeedContext } from '../../seed/modules';
import { documentNotificationLabel } from '../../../../src/domain/deposits';
import { storageFor } from './access';
import { notify } from '../notifications/service';
import { documentSearchKey } from './service';
import { demoPdf, demoPng } from './seed-files';
import type { StoredObject } from './storage';
import { demoCalendar, type FilingPeriods } from '../../seed/demo-calendar';

/** A demo file: its name follows the periods before the day it was filed (demo-calendar.ts). */
type DemoDoc = [categoryId: number, name: (p: FilingPeriods) => string, daysAgo: number, lines?: string[]];

// Company 0 (where demo lands) gets a full cabinet's worth; a few others get a handful. Files of one
// monthly series are filed 31 days apart (two dates 31 days apart are never in the same month), and
// the two balance sheets 366 days apart, so no two share a name whatever the day of seeding.
const MAIN: DemoDoc[] = [
  [
    39,
    (p) => `Bulletin de paie - ${p.previousMonth} - Marie Dupont.pdf`,
    20,
    ['Salariée : Marie Dupont', 'Net à payer : 1 845,32 €'],
  ],
  [
    39,
    (p) => `Bulletin de paie - ${p.previousMonth} - Paul Lemoine.pdf`,
    20,
    ['Salarié : Paul Lemoine', 'Net à payer : 2 104,10 €'],
  ],
  [
    39,
    (p) => `Bulletin de paie - ${p.previousMonth} - Marie Dupont.pdf`,
    51,
    ['Salariée : Marie Dupont', 'Net à payer : 1 839,75 €'],
  ],
  [
    39,
    (p) => `Bulletin de paie - ${p.previousMonth} - Paul Lemoine.pdf`,
    51,
    ['Salarié : Paul Lemoine', 'Net à payer : 2 098,40 €'],
  ],
  [40, (p) => `Bulletins groupés - ${p.previousMonth}.pdf`, 20],
  [40, (p) => `Bulletins groupés - ${p.previousMonth}.pdf`, 51],
  [4, (p) => `Récapitulatif annuel des salaires ${p.previousYear}.pdf`, 300],
  [
    5,
    (p) => `État des charges sociales - ${p.previousQuarter}.pdf`,
    35,
    ['URSSAF : 4 210,00 €', 'Retraite complémentaire : 1 386,00 €'],
  ],
  [5, (p) => `Journal de paie et OD - ${p.previousMonth}.pdf`, 19],
  [9, () => 'DSN évènementielle - Arrêt de travail.pdf', 64],
  [12, () => 'Solde de tout compte - Julie Martin.pdf', 120],
  [13, () => 'Attestation pôle emploi - Julie Martin.pdf', 120],
  [14, () => 'Certificat de travail - Julie Martin.pdf', 120],
  [15, () => 'Document de portabilité - Julie Martin.pdf', 119],
  [16, (p) => `Tableau de bord - ${p.previousMonth}.png`, 12],
  [16, (p) => `Tableau de bord - ${p.previousMonth}.png`, 43],
  [
    17,
    (p) => `Situation intermédiaire au ${p.lastMidYear}.pdf`,
    110,
    ['Chiffre d’affaires : 212 480 €', 'Résultat intermédiaire : 18 950 €'],
  ],
  [18, (p) => `Bilan ${p.previousYear}.pdf`, 190, ['Total bilan : 184 320 €', 'Résultat de l’exercice : 24 715 €']],
  [18, (p) => `Liasse fiscale ${p.previousYear}.pdf`, 189],
  [18, (p) => `Bilan ${p.previousYear}.pdf`, 556],
  [
    19,
    (p) => `Déclaration de TVA - ${p.previousMonth}.pdf`,
    8,
    ['TVA collectée : 9 842,00 €', 'TVA déductible : 3 115,00 €'],
  ],
  [19, (p) => `Déclaration de TVA - ${p.previousMonth}.pdf`, 39],
  [19, (p) => `Déclaration de TVA - ${p.previousMonth}.pdf`, 70],
  [21, () => 'Statuts à jour.pdf', 400],
  [22, () => 'Extrait K-bis.pdf', 30],
  [28, (p) => `PV AGO - Approbation des comptes ${p.previousYear}.pdf`, 160],
  [29, () => 'PV AGE - Transfert du siège.pdf', 260],
  [46, () => 'Plan des locaux.png', 90],
];
const OTHERS: DemoDoc[] = [
  [39, (p) => `Bulletin de paie - ${p.previousMonth}.pdf`, 20],
  [18, (p) => `Bilan ${p.previousYear}.pdf`, 190],
  [19, (p) => `Déclaration de TVA - ${p.previousMonth}.pdf`, 8],
  [22, () => 'Extrait K-bis.pdf', 30],
];
const PNG_COLOURS: Array<[number, number, number]> = [
  [34, 139, 230],
  [64, 192, 87],
  [250, 130, 40],
];

/** Demo documents and inbox deposits: a few dozen generated files, written once each (content-addressed). */
export async function seedDocuments({ deps, companies, demoUserId, adminUserId }: SeedContext): Promise<void> {
  const storage = storageFor(deps);
  const calendar = demoCalendar(deps.now());
  const nameOf = (d: DemoDoc) => d[1](calendar.periods(d[2]));
  const made = new Map<string, Promise<StoredObject>>();
  const file = (d: DemoDoc) => {
    const [categoryId, , , lines] = d;
    const name = nameOf(d);
    let stored = made.get(name);
    if (!stored) {
      const title = name.replace(/\.(pdf|png)$/, '');
      stored = name.endsWith('.png')
        ? storage.put(demoPng(240, 150, PNG_COLOURS[made.size % PNG_COLOURS.length]))
        : demoPdf(title, categoryPathLabel(categoryId), lines ?? []).then((bytes) => storage.put(bytes));
      made.set(name, stored);
    }
    return stored;
  };
  const rows = async (companyId: number, list: DemoDoc[]) =>
    Promise.all(
      list.map(async (d, slot) => {
        const s = await file(d);
        const name = nameOf(d);
        return {
          companyId,
          categoryId: d[0],
          name,
          mimeType: name.endsWith('.png') ? 'image/png' : 'application/pdf',
          size: s.size,
          sha256: s.sha256,
          searchKey: documentSearchKey(name, d[0]),
          depositedBy: adminUserId,
          createdAt: calendar.filedAt(d[2], slot),
        };
      }),
    );

  const [main, ...others] = [companies[0], companies[1], companies[3], companies[5]];
  const values = [...(await rows(main.id, MAIN)), ...(await Promise.all(others.map((c) => rows(c.id, OTHERS)))).flat()];
  const inserted = await deps.db.insert(documents).values(values).returning({
    id: documents.id,
    companyId: documents.companyId,
    name: documents.name,
    categoryId: documents.categoryId,
    createdAt: documents.createdAt,
  });

  // The firm's recent filings for the main company notified demo (type 1), newest unread.
  const recent = inserted
    .filter((d) => d.companyId === main.id)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, 5);
  await notify(
    deps.db,
    recent.map((d, i) => ({
      companyId: main.id,
      userId: demoUserId,
      type: 1,
      label: documentNotificationLabel(d.name, categoryLabel(d.categoryId)),
      documentId: d.id,
      createdAt: d.createdAt,
      readAt: i < 2 ? null : d.createdAt,
    })),
  );
}
