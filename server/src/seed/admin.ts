import { randomUUID } from 'node:crypto';
import type { AppRight } from '../../../src/domain/rights';
import { rightsAudit } from '../db/schema/index';
import { hashPassword, NO_LOCAL_PASSWORD } from '../modules/auth/service';
import { insertUser, saveMembership, setUserDisabled } from '../modules/users/members-service';
import { ALL_CATEGORY_IDS, INBOX_CATEGORY_IDS } from './rights';
import type { SeedContext } from './modules';
import { demoCalendar } from './demo-calendar';

// Decision 040: the demo admin's « Gérer mes utilisateurs » is not empty. A few employees of the
// admin's own company (Conseil Audit Rousseau, where no other test user is a member), each with
// other rights: a second manager, one disabled, one who has not opened the invitation yet, and
// the log of those changes. Their passwords are random: they are shown, not signed in with.

const view = (label: string, children: string[] = []): AppRight => ({
  label,
  permissions: ['view', 'download'],
  children: children.map((c) => ({ label: c, permissions: ['view'] })),
});

export interface Employee {
  username: string;
  firstName: string;
  name: string;
  rights: AppRight[];
  disabled?: boolean;
  invited?: boolean;
  /** The account was opened (late morning) this many days before the seeding day. */
  daysAgo: number;
}

/** When the firm's manager opened the account, and when he disabled it: after its last sign-in that day. */
const OPENED_AT: readonly [number, number] = [11, 0];
const DISABLED_AT: readonly [number, number] = [18, 30];

export const EMPLOYEES: Employee[] = [
  {
    username: 'claire.fontaine',
    firstName: 'Claire',
    name: 'Fontaine',
    rights: [
      {
        label: 'profil',
        permissions: ['view', 'edit'],
        children: [{ label: 'gestionUtilisateurs', permissions: ['view'] }],
      },
      view('mesDocuments'),
      view('maBannette'),
    ],
    daysAgo: 40,
  },
  {
    username: 'lucas.bernard',
    firstName: 'Lucas',
    name: 'Bernard',
    rights: [{ label: 'profil', permissions: ['view'], children: [] }, view('maComptabilite'), view('mesDocuments')],
    daysAgo: 30,
  },
  {
    username: 'emma.petit',
    firstName: 'Emma',
    name: 'Petit',
    rights: [{ label: 'profil', permissions: ['view'], children: [] }, view('mesCaisses')],
    disabled: true,
    daysAgo: 20,
  },
  {
    username: 'hugo.lambert',
    firstName: 'Hugo',
    name: 'Lambert',
    rights: [{ label: 'profil', permissions: ['view'], children: [] }, view('mesDocuments'), view('maBannette')],
    invited: true,
    daysAgo: 2,
  },
];

export async function seedAdmin(ctx: SeedContext): Promise<void> {
  const { db } = ctx.deps;
  const company = ctx.companies.find((c) => c.label === 'Conseil Audit Rousseau');
  if (!company) return;
  const calendar = demoCalendar(ctx.deps.now());
  const opened = (e: Employee) => calendar.ago(e.daysAgo, ...OPENED_AT);
  // Disabled five days after the account was opened (sign-ins.ts signs in until that day).
  const disabled = (e: Employee) => calendar.ago(e.daysAgo - 5, ...DISABLED_AT);
  const audit: Array<typeof rightsAudit.$inferInsert> = [];
  for (const e of EMPLOYEES) {
    const user = await insertUser(db, {
      createdAt: opened(e), // as the rights' audit below says
      username: e.username,
      firstName: e.firstName,
      name: e.name,
      email: `${e.username}@conseil-audit-rousseau.fr`,
      passwordHash: e.invited ? NO_LOCAL_PASSWORD : await hashPassword(randomUUID()),
      lastCompanyId: company.id,
    });
    const access = { appRights: e.rights, categories: ALL_CATEGORY_IDS, categoriesInbox: INBOX_CATEGORY_IDS };
    await saveMembership(db, { userId: user.id, companyId: company.id, ...access });
    const base = { companyId: company.id, actorId: ctx.adminUserId, targetId: user.id };
    audit.push({
      ...base,
      action: 'create',
      before: null,
      after: { username: e.username, ...access },
      at: opened(e),
    });
    if (e.disabled) {
      await setUserDisabled(db, user.id, disabled(e));
      audit.push({
        ...base,
        action: 'disable',
        before: { disabled: false },
        after: { disabled: true },
        at: disabled(e),
      });
    }
  }
  await db.insert(rightsAudit).values(audit);
}
