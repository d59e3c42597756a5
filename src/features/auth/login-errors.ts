/** ERR-1, login error catalogue (error toast). */
export function loginErrorMessage(
  status: number | null,
  statusText: string | null,
  serverMessage: string | null,
): string {
  if (status === null) return 'Une erreur interne est survenue';
  if (status === 401) return 'Identifiant et/ou mot de passe incorrect(s)';
  if (status === 403) return 'Accès non autorisé';
  // Other statuses: the server's French sentence (e.g. the throttle), else the status text.
  return serverMessage || statusText || 'Une erreur est survenue';
}
