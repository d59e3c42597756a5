// The lint's boundaries fail loudly, not silently: a pattern that stops matching (a plugin upgrade,
// a folder renamed) would otherwise turn a rule off with the suite still green. Run by `npm run lint`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ESLint } from 'eslint';

const eslint = new ESLint();
const rulesFor = async (filePath, code) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => m.ruleId ?? m.message);
};
const BOUNDARY = 'boundaries/dependencies';

const cases = [
  ['src/domain/probe.ts', "import Dexie from 'dexie';\nexport const a = Dexie;", ['no-restricted-imports']],
  ['src/domain/probe.ts', "import { http } from '../lib/http';\nexport const a = http;", [BOUNDARY]],
  ['src/lib/probe.ts', "import { x } from '../features/auth';\nexport const a = x;", [BOUNDARY]],
  ['src/routes/probe.ts', "import { x } from '../../server/src/app';\nexport const a = x;", [BOUNDARY]],
  ['server/src/probe.ts', "import { http } from '../../src/lib/http';\nexport const a = http;", [BOUNDARY]],
  ['server/src/probe.ts', "import { money } from '../../src/domain/money';\nexport const a = money;", []],
  ['src/features/profile/probe.ts', "import { a } from '../auth/api/session-api';\nexport const b = a;", [BOUNDARY]],
  ['src/features/profile/probe.ts', "import { changePassword } from '../auth';\nexport const b = changePassword;", []],
  [
    'server/src/modules/invoices/probe.ts',
    "import { r } from '../invoicing-core/items-routes';\nexport const a = r;",
    [BOUNDARY],
  ],
  [
    'server/src/modules/invoices/probe.ts',
    "import { s } from '../invoicing-core/items-service';\nexport const a = s;",
    [],
  ],
  [
    'server/src/modules/statistics/probe.ts',
    "import { sessions } from '../../db/schema/index';\nexport const a = sessions;",
    ['no-restricted-imports'],
  ],
  ['src/features/profile/probe.ts', '// eslint-disable-next-line no-console\nexport const a = 1;', ['eslint-comments']],
];

for (const [filePath, code, expected] of cases) {
  test(`${filePath}: ${code.split('\n')[0]}`, async () => {
    const rules = await rulesFor(filePath, code);
    for (const rule of expected)
      assert.ok(
        rules.some((r) => r.includes(rule)),
        `${rule} expected, got ${rules}`,
      );
    if (expected.length === 0) assert.deepEqual(rules, []);
  });
}
