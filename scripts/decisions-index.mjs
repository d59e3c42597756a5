// docs/decisions/README.md, the index of the decision records (number, title, date, status), is
// written from the records themselves: `node scripts/decisions-index.mjs` rewrites it, `--check`
// fails when a record was added or its status changed without it (run by `npm run lint`).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = fileURLToPath(new URL('../docs/decisions/', import.meta.url));
const INDEX = join(DIR, 'README.md');

/** One record's row: its number, title, date, and what its status line says of later records. */
export function recordOf(file, text) {
  const [first = ''] = text.split('\n');
  const number = file.slice(0, 3);
  const title = first.replace(/^#\s*\d{3}\s*[—:-]\s*/, '').trim();
  const head = text.split('\n').slice(1, 6).join(' ');
  const date = /Date\s*:?\**\s*(\d{4}-\d{2}-\d{2})/i.exec(head)?.[1] ?? '';
  // « Amended by 010 (…) and 016 (…) »: the record numbers after « by », its parentheses left out,
  // up to the end of that clause (« . », « · » or « ; »).
  const later = (word) =>
    [...head.matchAll(new RegExp(`${word} by ([^·]*)`, 'gi'))].flatMap(
      (m) =>
        m[1]
          .replace(/\([^)]*\)/g, '')
          .split(/[.·;]/)[0]
          .match(/\b\d{3}\b/g) ?? [],
    );
  const superseded = later('superseded');
  const amended = later('amended');
  const status = superseded.length
    ? `remplacée par ${superseded.join(', ')}`
    : amended.length
      ? `acceptée, modifiée par ${[...new Set(amended)].join(', ')}`
      : 'acceptée';
  return { number, file, title, date, status };
}

export function indexText(records) {
  const rows = records.map(
    (r) => `| [${r.number}](${r.file}) | ${r.title.replace(/\|/g, '\\|')} | ${r.date} | ${r.status} |`,
  );
  return [
    '# Décisions',
    '',
    'Une décision par fiche, numérotée dans l’ordre. Cet index est écrit par',
    '`node scripts/decisions-index.mjs` à partir des fiches (leur titre, leur date, et ce que leur ligne',
    'de statut dit des fiches qui les modifient ou les remplacent) ; `npm run lint` vérifie qu’il est à jour.',
    '',
    '| N° | Décision | Date | Statut |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

export function currentIndex() {
  const files = readdirSync(DIR)
    .filter((f) => /^\d{3}-.*\.md$/.test(f))
    .sort();
  return indexText(files.map((f) => recordOf(f, readFileSync(join(DIR, f), 'utf8'))));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = currentIndex();
  if (process.argv.includes('--check')) {
    const stored = (() => {
      try {
        return readFileSync(INDEX, 'utf8');
      } catch {
        return '';
      }
    })();
    if (stored !== text) {
      console.error('docs/decisions/README.md n’est plus à jour : lancez node scripts/decisions-index.mjs');
      process.exit(1);
    }
  } else writeFileSync(INDEX, text);
}
