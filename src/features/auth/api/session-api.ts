import { http } from '../../../lib/http';
import { usesDirectoryLogin } from '../../../lib/branding';
import type { UserProfile } from '../../../lib/session';
import type { AppRight } from '../../../domain/rights';

export type LoginResponse = UserProfile & { token: string };

/** Spec 7.1: POST /api/login, or /api/ldap/login for directory users (spec 6). */
export function login(username: string, password: string, redirect?: string): Promise<LoginResponse> {
  const path = usesDirectoryLogin(username) ? 'ldap/login' : 'login';
  return http.post(path, { json: { username, password, redirect }, retry: 0 }).json<LoginResponse>();
}

export const logoutOnServer = (token: string) =>
  http.post('logout', { headers: { authorization: `Bearer ${token}` }, retry: 0, timeout: 5000 });

export const fetchMe = () => http.get('user/me').json<UserProfile>();

export const saveLastCompany = (companyId: number) =>
  http.put('user/me', { json: { idDerniereSociete: companyId }, headers: { 'x-company-id': String(companyId) }, retry: 0 }).json<UserProfile>();

export const fetchRights = (userId: number, companyId: number) =>
  http.get(`utilisateurs/custom/user/${userId}/company/${companyId}`).json<AppRight[]>();

export const requestPasswordReset = (username: string) =>
  http.post('user/me/forgotten-password', { json: { username, origin: window.location.origin }, retry: 0 }).json<{ message: string }>();

export const resetPassword = (token: string, password: string) =>
  http.post('user/me/reset-password', { json: { token, password }, retry: 0 }).json<{ message: string }>();

export const changePassword = (currentPassword: string, newPassword: string) =>
  http.put('user/me/password', { json: { currentPassword, newPassword }, retry: 0 });
