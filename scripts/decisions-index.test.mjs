// The decisions' index is the records' own words (scripts/decisions-index.mjs).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { currentIndex, recordOf } from './decisions-index.mjs';

test('docs/decisions/README.md lists every record as it stands', () => {
  const stored = readFileSync(new URL('../docs/decisions/README.md', import.meta.url), 'utf8');
  assert.equal(
    stored,
    currentIndex(),
    'docs/decisions/README.md n’est plus à jour : lancez node scripts/decisions-index.mjs',
  );
});

test('a record’s status names the records that amend or replace it, not the numbers in between', () => {
  const amended = recordOf(
    '002-offline-outbox.md',
    '# 002 — Offline data and the outbox\n\nDate: 2026-11-21 · Status: accepted · Amended by 010 (offline references, 200 KB) and 016 (concurrent replay)\n',
  );
  assert.deepEqual(amended, {
    number: '002',
    file: '002-offline-outbox.md',
    title: 'Offline data and the outbox',
    date: '2026-11-21',
    status: 'acceptée, modifiée par 010, 016',
  });
  const replaced = recordOf('020-lint.md', '# 020: lint\n\nDate: 2026-11-23. Status: superseded by 072. Amends 011.\n');
  assert.equal(replaced.status, 'remplacée par 072');
  assert.equal(recordOf('030-x.md', '# 030 — x\n\nDate: 2026-11-23 · Status: accepted\n').status, 'acceptée');
});
