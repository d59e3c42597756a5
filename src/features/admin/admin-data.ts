// The reads of « Gérer mes utilisateurs » (decision 022). Kept in memory only: the list of a
// company's users, their e-mails and the rights journal are personal data with no use offline, and
// paged searches would fill the device with pages nobody reopens (server-data.ts).
import { defineServerData, type NoParams } from '../../data/sync/server-data';
import {
  fetchAudit,
  fetchGrantable,
  fetchProfile,
  fetchUsers,
  type AuditEntry,
  type GrantableCompany,
  type ListParams,
  type ManagedUser,
  type ManagedUserProfile,
} from './api/admin-api';
import type { Page } from '../../contract/common';

export const usersData = defineServerData<ListParams, Page<ManagedUser>>({
  key: 'adminUsers',
  keep: 'memory',
  fetch: (query, { userId, companyId, signal }) => fetchUsers(userId, companyId, query, signal),
});

export const grantableData = defineServerData<NoParams, GrantableCompany[]>({
  key: 'adminGrantable',
  keep: 'memory',
  // What the manager holds does not depend on the company on screen (the call lists them all).
  perCompany: false,
  fetch: (_, { signal }) => fetchGrantable(signal),
});

export const profileData = defineServerData<{ user: number }, ManagedUserProfile>({
  key: 'adminProfile',
  keep: 'memory',
  forgetOnLeave: true,
  fetch: ({ user }, { companyId, signal }) => fetchProfile(user, companyId, signal),
});

export const auditData = defineServerData<ListParams, Page<AuditEntry>>({
  key: 'adminAudit',
  keep: 'memory',
  fetch: (query, { companyId, signal }) => fetchAudit(companyId, query, signal),
});
