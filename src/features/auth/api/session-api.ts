import { api } from '../../../contract/index';
import { call } from '../../../data/api-call';
import { usesDirectoryLogin } from '../../../lib/branding';
import { sendPendingSignOuts } from '../../../lib/pending-sign-outs';

export type { LoginResponse } from '../../../contract/auth';

/**
 * AUTH-1: POST /api/login, or /api/ldap/login for directory users (AUTH-2). A sign-out made on
 * this device with no network is sent first, whenever it was last tried (decision 078).
 */
export async function login(username: string, password: string, redirect?: string) {
  await sendPendingSignOuts();
  return call(usesDirectoryLogin(username) ? api.auth.ldapLogin : api.auth.login, {
    body: { username, password, redirect },
  });
}

export const fetchMe = () => call(api.users.me, {});

export const saveLastCompany = (companyId: number) =>
  call(api.users.saveLastCompany, { body: { idDerniereSociete: companyId }, companyId });

export const fetchRights = (userId: number, companyId: number) =>
  call(api.users.rights, { params: { id: userId, lastCompany: companyId } });

export const requestPasswordReset = (username: string) => call(api.auth.forgottenPassword, { body: { username } });

export const resetPassword = (token: string, password: string) =>
  call(api.auth.resetPassword, { body: { token, password } });

export const changePassword = (currentPassword: string, newPassword: string) =>
  call(api.users.changePassword, { body: { currentPassword, newPassword } });
