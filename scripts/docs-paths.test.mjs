// The docs that describe the code as it is now (README.md and docs/*.md; the decision records keep
// the paths of their day) name only paths that exist: a file moved or renamed fails here until the
// page says where it went. Run by `npm run lint`.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.md') && !f.startsWith('decisions'))
    .map((f) => join('docs', f)),
];
// A path in backquotes under one of the project's folders; patterns and placeholders are not paths.
const PATH = /`((?:src|server|sw|tests|scripts|bench|docs|public)\/[^`\s]*)`/g;
const PLACEHOLDER = /[*<>{}]|NNN/;

test('README.md and docs/ name only paths that exist', () => {
  const missing = PAGES.flatMap((page) =>
    [...readFileSync(join(ROOT, page), 'utf8').matchAll(PATH)]
      .map((m) => m[1].replace(/[.,:;)]+$/, '').split('#')[0])
      .filter((p) => !PLACEHOLDER.test(p) && !existsSync(join(ROOT, p)))
      .map((p) => `${page} : ${p}`),
  );
  assert.deepEqual(missing, [], 'des pages de docs/ nomment des chemins qui n’existent plus');
});
