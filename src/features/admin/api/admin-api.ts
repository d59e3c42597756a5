// One function per endpoint of « Gérer mes utilisateurs » (src/contract/admin.ts). Every change is
// 'online-only': granting or withdrawing access must never wait on a device and land later, when
// the manager can no longer see its effect (decision 040). Callers check isOnline() first.
import { api } from '../../../contract/index';
import type { CompanyAccess, NewManagedUser } from '../../../contract/admin';
import { call } from '../../../data/api-call';

export type {
  AuditEntry,
  CompanyAccess,
  GrantableCompany,
  ManagedUser,
  ManagedUserProfile,
  NewManagedUser,
} from '../../../contract/admin';

export interface ListParams {
  q?: string;
  page: number;
  pageSize: number;
}

export const fetchUsers = (manager: number, companyId: number, query: ListParams, signal?: AbortSignal) =>
  call(api.admin.list, { params: { user: manager, company: companyId }, query, companyId, options: { signal } });

export const fetchProfile = (user: number, companyId: number, signal?: AbortSignal) =>
  call(api.admin.profile, { params: { user, company: companyId }, companyId, options: { signal } });

/** Every company the caller manages: no X-Company-Id beyond the session's own. */
export const fetchGrantable = (signal?: AbortSignal) => call(api.admin.grantable, { options: { signal } });

export const fetchAudit = (companyId: number, query: ListParams, signal?: AbortSignal) =>
  call(api.admin.audit, { params: { company: companyId }, query, companyId, options: { signal } });

export const createUser = (companyId: number, body: NewManagedUser) => call(api.admin.create, { body, companyId });

export const updateAccess = (user: number, companyId: number, access: Omit<CompanyAccess, 'companyId'>) =>
  call(api.admin.updateAccess, { params: { id: user, company: companyId }, body: access, companyId });

export const setDisabled = (user: number, companyId: number, disabled: boolean) =>
  call(api.admin.setDisabled, { params: { id: user }, body: { disabled }, companyId });

/** Removes the user from `companyId` (the X-Company-Id of the call), not from the others. */
export const removeFromCompany = (user: number, companyId: number) =>
  call(api.admin.remove, { params: { id: user }, companyId });
