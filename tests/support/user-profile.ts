import type { UserProfile } from '../../src/lib/session';

/** A signed-in user with no company and no right: what the device's storage and sign-out tests need. */
export const bareProfile = (id: number, name = 'Dupont', firstName = 'Jean'): UserProfile => ({
  id,
  name,
  firstName,
  username: `u${id}`,
  userType: 0,
  userCompanies: [],
  userLastCompany: 1,
  appRights: [],
  categories: [],
  categoriesInbox: [],
});
