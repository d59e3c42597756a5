import { api } from '../../../contract/index';
import { call } from '../../../data/api-call';
import { usesDirectoryLogin } from '../../../lib/branding';

export type { LoginResponse } from '../../../contract/session';

/** Spec 7.1: POST /api/login, or /api/ldap/login for directory users (spec 6). */
export const login = (username: string, password: string, redirect?: string) =>
  call(usesDirectoryLogin(username) ? api.session.ldapLogin : api.session.login, {
    body: { username, password, redirect },
  });

export const logoutOnServer = (token: string) =>
  call(api.session.logout, { options: { headers: { authorization: `Bearer ${token}` }, timeout: 5000 } });

export const fetchMe = () => call(api.session.me, {});

export const saveLastCompany = (companyId: number) =>
  call(api.session.saveLastCompany, { body: { idDerniereSociete: companyId }, companyId });

export const fetchRights = (userId: number, companyId: number) =>
  call(api.session.rights, { params: { id: userId, lastCompany: companyId } });

export const requestPasswordReset = (username: string) => call(api.session.forgottenPassword, { body: { username } });

export const resetPassword = (token: string, password: string) =>
  call(api.session.resetPassword, { body: { token, password } });

export const changePassword = (currentPassword: string, newPassword: string) =>
  call(api.session.changePassword, { body: { currentPassword, newPassword } });
