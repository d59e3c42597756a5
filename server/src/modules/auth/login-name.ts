import { loginNameProblem, normaliseLogin } from '../../../../src/domain/login-name';
import { HttpError } from '../../http/errors';

// Logins at creation (decision 075; the rule: src/domain/login-name.ts).

/** The login to store: NFKC-normalised; 422 naming the character when it holds one a login may not. */
export function checkedLoginName(login: string): string {
  const name = normaliseLogin(login);
  const problem = loginNameProblem(name);
  if (problem) throw new HttpError(422, problem, { field: 'username', errors: [problem] });
  return name;
}

export { normaliseLogin };
