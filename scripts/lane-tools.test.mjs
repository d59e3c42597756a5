// The lanes of `npm test` that lack their Debian tools are found and said in French (decision 076).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ensureToolsets, installCommand, notRunReport } from './lane-tools.mjs';

test('a toolset whose files are absent is missing, and never installed when installing is off', () => {
  const saved = { ...process.env };
  process.env.WEBKIT_DRIVER_PATH = '/nulle-part/WebKitWebDriver';
  process.env.WORKPLACE_TEST_NO_INSTALL = '1';
  try {
    const tools = ensureToolsets(['webkit']);
    assert.equal(tools.has('webkit'), false);
    assert.deepEqual(tools.missing, ['webkit']);
  } finally {
    process.env = saved;
  }
});

test('the install command names each Debian package once', () => {
  assert.equal(
    installCommand(['slapd', 'webkit', 'slapd']),
    'sudo apt-get install -y slapd ldap-utils webkit2gtk-driver xvfb',
  );
});

test('the report lists each lane with what it lacks, then the command and the verdict', () => {
  const notRun = [
    { lane: 'Tests WebKit (moteur de Safari)', missing: ['webkit'] },
    { lane: 'Connexion par l’annuaire (tests/api/ldap.test.ts)', missing: ['slapd'] },
  ];
  const lines = notRunReport(notRun, { required: false, partialAllowed: false });
  assert.equal(lines[0], '\nVoies non lancées (2) :');
  assert.equal(
    lines[1],
    '  - Tests WebKit (moteur de Safari) : il manque WebKitGTK (WebKitWebDriver, MiniBrowser) et Xvfb.',
  );
  assert.equal(
    lines[2],
    '  - Connexion par l’annuaire (tests/api/ldap.test.ts) : il manque l’annuaire OpenLDAP (slapd).',
  );
  assert.equal(
    lines[3],
    'Pour les lancer, installez ce qui manque :\n  sudo apt-get install -y webkit2gtk-driver xvfb slapd ldap-utils',
  );
  assert.match(lines[4], /échoue tant qu’elles manquent ; WORKPLACE_TEST_PARTIAL=1/);
  assert.match(notRunReport(notRun, { required: false, partialAllowed: true }).at(-1), /ne font pas échouer/);
  assert.match(
    notRunReport(notRun, { required: true, partialAllowed: false }).at(-1),
    /CI=true : toutes les voies sont exigées/,
  );
  assert.deepEqual(notRunReport([], { required: true, partialAllowed: false }), []);
});
