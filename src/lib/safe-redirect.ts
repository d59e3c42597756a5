/** Only a relative path starting with a single '/' is accepted as redirect (no open redirect). */
export function safeRedirect(value: unknown): string {
  if (typeof value !== 'string') return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (/^\/(login|forgotten-password)(\/|\?|$)/.test(value)) return '/';
  return value;
}
