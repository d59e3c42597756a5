// Login names (decision 075). A login is what a person types to sign in and what
// the payroll host knows them by; it must not have a twin that looks the same. So:
// - it is normalised with NFKC at creation and at sign-in (full-width « ａｄｍｉｎ » is « admin »,
//   a ligature « ﬁ » is « fi »), then compared whatever its case, as before;
// - a new login holds only ASCII letters, digits and . _ - @ (an address such as
//   j.petit@cabinet-durand.fr, or prenom.nom). Accented letters are refused too: « é » typed
//   precomposed or as « e » + accent gives the same NFKC text, but a login is also compared by the
//   database's lower(), which folds no accent in the C collation, and sent to the directory and the
//   payroll host, whose folding we do not know. Look-alikes from other scripts (Cyrillic « а »,
//   Greek « ο », the dotless « ı »), invisible characters (U+200B, U+2060, U+FEFF…), spaces and
//   separators such as « | » cannot be told apart or split a signed text: all refused.
// Existing logins are left as they are: a sign-in only normalises what is typed.

/** What a new login may hold, once normalised. */
export const LOGIN_NAME = /^[A-Za-z0-9._@-]+$/;

/** The form a login is stored and looked up in: NFKC, without surrounding blanks. */
export const normaliseLogin = (login: string): string => login.normalize('NFKC').trim();

/** Nothing shows on screen: format and control characters, marks alone, line separators, the Hangul fillers. */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Mn}\p{Me}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0]/u;
const SPACE = /\p{Zs}/u;

const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The French reason a (normalised) login is refused, naming its first refused character; null when it is accepted. */
export function loginNameProblem(login: string): string | null {
  if (LOGIN_NAME.test(login)) return null;
  const bad = [...login].find((c) => !LOGIN_NAME.test(c));
  if (bad === undefined) return null;
  const shown = SPACE.test(bad)
    ? `${codePoint(bad)} (espace)`
    : INVISIBLE.test(bad)
      ? `${codePoint(bad)} (invisible)`
      : `« ${bad} » (${codePoint(bad)})`;
  return `L’identifiant ne peut contenir que des lettres sans accent (a à z), des chiffres et les signes . _ - @ : le caractère ${shown} n’est pas accepté.`;
}
