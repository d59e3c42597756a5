// What comments and docs cite, run by `npm run lint`. The tracker is not in the repository: a
// comment, a test title or a page of docs/ names the decision that holds a design (« decision 046 »,
// docs/decisions/) or says the rule in words, never an issue number (decision 084).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'oxc-parser';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// This file's own cases hold the citations they prove are caught.
const SELF = 'scripts/citations.test.mjs';

// ——— Issue numbers ———

// Read: the sources, the root configs, README.md and docs/ (the decision records keep the history
// of their day). Left out: released migrations, whose text server/src/db/migrations.test.ts pins,
// drizzle's generated snapshots, and the official validators copied as they are.
const ISSUE_SCOPE = /^(src|server|sw|tests|scripts|bench)\/.*\.(?:[cm]?[jt]sx?|css|sql|html|xml|md)$|^docs\/.*\.md$/;
const ISSUE_ROOT_FILES = ['README.md', '.oxlintrc.json', 'vite.config.ts', 'vitest.config.ts'];
const ISSUE_EXEMPT = /^(server\/drizzle|tests\/validators|docs\/decisions)\//;

/** The files the issue check reads: { path, text }, paths from the repository's root. */
export function issueCitationSources() {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  }).split('\n');
  const paths = [...new Set([...listed.filter((p) => ISSUE_SCOPE.test(p)), ...ISSUE_ROOT_FILES])].filter(
    (p) => p !== SELF && !ISSUE_EXEMPT.test(p) && existsSync(join(ROOT, p)),
  );
  return paths.map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
}

// « issue 12 », « Issues 4 and 6 », « issue #12 », and a number pushed to the next comment line
// (« issue\n// 11 »): wherever it stands, code, string or comment, such words cite the tracker.
const ISSUE_WORD = /\b[Ii]ssues?(?=[\s#])(?:\s|\/\/|\*|--)*#?\d+\b/g;
// « #12 » alone is an issue only in prose: comments and Markdown outside code. Not a colour or an
// id in code, not PKCS#8, &#160; or a link to an anchor « ](#1-intro) ».
const ISSUE_HASH = /(?<![\w&#/])(?<!\]\()#\d{1,5}\b(?![\w-])/g;

const JS = /\.(?:[cm]?[jt]sx?)$/;

/** The prose of a file, as [start, end) ranges of its text: comments, or Markdown outside code. */
function proseRanges(path, text) {
  if (path.endsWith('.md')) {
    const code = /^(```|~~~)[^]*?^\1[^\n]*$|`[^`\n]+`/gm;
    const ranges = [];
    let at = 0;
    for (const m of text.matchAll(code)) {
      ranges.push([at, m.index]);
      at = m.index + m[0].length;
    }
    return [...ranges, [at, text.length]];
  }
  if (JS.test(path)) {
    try {
      return parseSync(path, text).comments.map((c) => [c.start, c.end]);
    } catch {
      return [];
    }
  }
  // CSS, SQL, HTML, XML and the JSON-with-comments of .oxlintrc.json: strings out, then comments.
  const comment = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|(\/\*[^]*?\*\/|<!--[^]*?-->|\/\/[^\n]*|--[^\n]*)/g;
  const isSql = path.endsWith('.sql');
  return [...text.matchAll(comment)]
    .filter((m) => m[1] && (isSql || !m[1].startsWith('--')) && (path.endsWith('.json') || !m[1].startsWith('//')))
    .map((m) => [m.index, m.index + m[0].length]);
}

const lineAt = (text, index) => text.slice(0, index).split('\n').length;
const message = (path, text, index, found) =>
  `${path}:${lineAt(text, index)} : « ${found.replace(/\s+/g, ' ')} » cite un ticket par son numéro : ` +
  'citer la décision qui porte ce choix (« decision 046 », docs/decisions/) ou dire la règle en clair';

/** Issue numbers cited by `files` ({ path, text }), one French message per occurrence, by line. */
export function issueCitations(files) {
  return files.flatMap(({ path, text }) => {
    const words = [...text.matchAll(ISSUE_WORD)].map((m) => ({ index: m.index, found: m[0] }));
    const hashes = proseRanges(path, text).flatMap(([start, end]) => {
      const prose = text.slice(start, end).replace(/`[^`\n]*`/g, (code) => ' '.repeat(code.length));
      return [...prose.matchAll(ISSUE_HASH)].map((m) => ({ index: start + m.index, found: m[0] }));
    });
    return [...words, ...hashes]
      .sort((a, b) => a.index - b.index)
      .map(({ index, found }) => message(path, text, index, found));
  });
}

test('aucune source ni page de docs/ ne cite un ticket par son numéro', () => {
  const files = issueCitationSources();
  assert.ok(files.length > 500, `${files.length} fichiers lus seulement : le périmètre est-il le bon ?`);
  assert.deepEqual(issueCitations(files), []);
});

test('un numéro de ticket est trouvé dans un commentaire, un titre de test, une page ; une décision ne l’est pas', () => {
  const ts = [
    '// Issue 16: per user and company', // 1: caught
    "it('issue 18: the SIREN is checked', () => {});", // 2: caught, a string
    '/** Archived (decision 046), see PKCS#8 and &#160; */', // 3: not caught
    "const colour = '#123'; const id = `#4`; // fixed by #12", // 4: caught once, the comment's
    '// moved from the e2e suite, issue', // 5
    '// 11: it measures', // 5: caught, the number on the next line
    "document.querySelector('#root'); // the issue date, issues of a journal", // 7: not caught
    '{/* On a phone (issues 4 and 6) */}', // 8: caught
  ].join('\n');
  const md = [
    '# Page',
    'Fixed in #4, see [the intro](#1-intro).', // 2: caught once
    'Run `git log #5`, decision 046.', // 3: not caught
    '```',
    'issue-free code #6', // 5: not caught (code block)
    '```',
  ].join('\n');
  const css = "a { color: #333; } /* see #7 */\n.b::after { content: '#8'; }";
  const found = issueCitations([
    { path: 'src/a.tsx', text: ts },
    { path: 'docs/a.md', text: md },
    { path: 'src/a.css', text: css },
  ]).map((m) => m.split(' : ')[0]);
  assert.deepEqual(found, [
    'src/a.tsx:1',
    'src/a.tsx:2',
    'src/a.tsx:4',
    'src/a.tsx:5',
    'src/a.tsx:8',
    'docs/a.md:2',
    'src/a.css:1',
  ]);
  assert.match(
    issueCitations([{ path: 'src/b.ts', text: '// Issue 9: x' }])[0],
    /^src\/b\.ts:1 : « Issue 9 » cite un ticket/,
  );
});

// ——— Rule ids ———

// The specification is not in the repository either: a comment or a test title names the rule it
// follows by its id in docs/product-rules.md (« INV-14 »), never a section number (« spec 5.1 »).

const RULES_PAGE = 'docs/product-rules.md';
// Read: the sources and .oxlintrc.json, tracked or new (docs/decisions/ keeps the spec's numbers).
const RULE_SCOPE = /^(src|server|sw|tests|scripts|bench)\/.*\.(?:[cm]?[jt]sx?|css|sql|html)$|^\.oxlintrc\.json$/;

/** The files the rule-id checks read: { path, text }, paths from the repository's root. */
export function ruleSources() {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  }).split('\n');
  return listed
    .filter((p) => RULE_SCOPE.test(p) && p !== SELF && existsSync(join(ROOT, p)))
    .map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
}

// « spec 4 », « Spec 5.1 », « specification 2 », « spec section 3 », « spec § 2.3 », and a number
// pushed to the next comment line (« (spec\n// 2.1: … »). « the spec's names » cites no section.
const SPEC_CITATION = /\b(?:spec|specification)s?(?:\s+sections?)?(?:\s|\/\/|\*|§)*\d+(?:\.\d+)*/gi;

/** « spec N.N » citations left in the sources, one French message per occurrence. */
export function specCitations(files) {
  return files.flatMap(({ path, text }) =>
    [...text.matchAll(SPEC_CITATION)].map(
      (m) =>
        `${path}:${lineAt(text, m.index)} : « ${m[0].replace(/\s+/g, ' ')} » cite la spécification par numéro de section : citer sa règle (${RULES_PAGE})`,
    ),
  );
}

const RULE_DEFINITION = /^- \*\*([A-Z]+-\d+)\*\*/;

/** The rules the page defines: id and line, in the page's order. */
export function definedRules(markdown) {
  return markdown.split('\n').flatMap((line, i) => {
    const m = RULE_DEFINITION.exec(line);
    return m ? [{ id: m[1], line: i + 1 }] : [];
  });
}

/** Ids the page defines twice, in French. */
export function duplicateRuleIds(markdown) {
  const first = new Map();
  return definedRules(markdown).flatMap(({ id, line }) => {
    if (!first.has(id)) return (first.set(id, line), []);
    return [`${RULES_PAGE}:${line} : l’identifiant ${id} est déjà défini ligne ${first.get(id)}`];
  });
}

const RULE_ID = /\b([A-Z]+)-(\d+)\b/g;
const QUOTES = `'"\``;

/**
 * Rule ids the sources cite but the page does not define, in French. An id is a word of a prefix
 * the page uses (AUTH-, INV-…) and a number; between quotes on both sides (`'ART-10'`) it is a
 * value, not a citation.
 */
export function unknownRuleIds(files, markdown) {
  const defined = new Set(definedRules(markdown).map(({ id }) => id));
  const prefixes = new Set([...defined].map((id) => id.split('-')[0]));
  return files.flatMap(({ path, text }) =>
    [...text.matchAll(RULE_ID)]
      .filter((m) => prefixes.has(m[1]) && !defined.has(m[0]))
      .filter((m) => !(QUOTES.includes(text[m.index - 1] ?? '') && QUOTES.includes(text[m.index + m[0].length] ?? '')))
      .map((m) => `${path}:${lineAt(text, m.index)} : la règle ${m[0]} n’existe pas dans ${RULES_PAGE}`),
  );
}

const rulesPage = () => readFileSync(join(ROOT, RULES_PAGE), 'utf8');

test('aucune source ne cite la spécification par numéro de section', () => {
  assert.deepEqual(specCitations(ruleSources()), [], `citer les règles de ${RULES_PAGE}`);
});

test('une citation « spec N.N » est trouvée, même coupée entre deux lignes de commentaire', () => {
  const text = [
    '// due date (spec 4)', // 1
    "// the spec's names payementMode and billingAdress", // 2
    '/** Toasts (Spec 2.3: bottom right) and the guards (spec', // 3
    ' * 2.1: signed out) */', // 4
    "it('checks of specification 5.1, spec section 3 and spec § 2.2', () => {});", // 5
    '// specs, spec.ts, inspect 3 and specimen 4 are no citation', // 6
  ].join('\n');
  const found = specCitations([{ path: 'src/a.ts', text }]).map((m) => m.split(' : ')[0]);
  assert.deepEqual(found, ['src/a.ts:1', 'src/a.ts:3', 'src/a.ts:3', 'src/a.ts:5', 'src/a.ts:5', 'src/a.ts:5']);
});

test(`les identifiants de ${RULES_PAGE} sont uniques`, () => {
  assert.deepEqual(duplicateRuleIds(rulesPage()), []);
  assert.ok(definedRules(rulesPage()).length > 100, `${RULES_PAGE} ne définit presque aucune règle`);
});

test('un identifiant défini deux fois est signalé avec sa ligne', () => {
  const page = ['# Rules', '- **INV-1** — one', '- **INV-2** — two', '- **INV-1** — again'].join('\n');
  assert.deepEqual(duplicateRuleIds(page), [`${RULES_PAGE}:4 : l’identifiant INV-1 est déjà défini ligne 2`]);
});

test(`toute règle citée par les sources existe dans ${RULES_PAGE}`, () => {
  assert.deepEqual(unknownRuleIds(ruleSources(), rulesPage()), []);
});

test('une règle citée mais absente est signalée ; une valeur entre guillemets ne l’est pas', () => {
  const page = ['- **INV-14** — after the month', '- **ART-1** — an article'].join('\n');
  const text = [
    '// Refused (INV-14), per ART-1 and INV-41', // 1: INV-41 is not defined
    'const codes = [\'ART-10\', "ART-11"]; // BR-CO-15, PDF-1, ART-2', // 2: ART-2 is not defined
  ].join('\n');
  assert.deepEqual(unknownRuleIds([{ path: 'src/a.ts', text }], page), [
    `src/a.ts:1 : la règle INV-41 n’existe pas dans ${RULES_PAGE}`,
    `src/a.ts:2 : la règle ART-2 n’existe pas dans ${RULES_PAGE}`,
  ]);
});
