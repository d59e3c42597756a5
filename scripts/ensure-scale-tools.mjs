// The API suite also runs on a real PostgreSQL (issue 13), started for the run from Debian's
// binaries (tests/support/pg-cluster.ts), three instances run behind Debian's haproxy
// (tests/api/cluster.test.ts), and directory sign-in is tested against Debian's slapd (issue 16,
// tests/support/slapd.ts), and every e-invoice is checked offline with xmllint, Saxon-HE (on a Java
// runtime, which the Saxon package does not pull in), pdfdetach and qpdf (issue 18, tests/support/einvoice-validators.ts). On a fresh machine
// this installs the packages when it can (root with apt), else stops at once with the exact command
// to run.
import { existsSync, readdirSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = '/usr/lib/postgresql';
const HAPROXY = '/usr/sbin/haproxy';
const SLAPD = '/usr/sbin/slapd';
// Issue 18: the e-invoice validators' tools, each with its Debian package.
const EINVOICE_TOOLS = [
  ['/usr/share/java/Saxon-HE.jar', 'libsaxonhe-java'],
  ['/usr/bin/xmllint', 'libxml2-utils'],
  ['/usr/bin/pdfdetach', 'poppler-utils'],
  ['/usr/bin/qpdf', 'qpdf'],
];
const hasJava = () => {
  try {
    execSync('command -v java', { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch {
    return false;
  }
};
const missingEinvoiceTools = () => [
  ...EINVOICE_TOOLS.filter(([path]) => !existsSync(path)),
  ...(hasJava() ? [] : [['java', 'default-jre-headless']]),
];
function findPgBin() {
  if (process.env.PG_BIN) return existsSync(join(process.env.PG_BIN, 'postgres')) ? process.env.PG_BIN : null;
  if (!existsSync(ROOT)) return null;
  const versions = readdirSync(ROOT).filter((v) => existsSync(join(ROOT, v, 'bin', 'postgres')));
  return versions.length ? join(ROOT, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin') : null;
}

const missing = [];
if (!findPgBin() && !process.env.PG_BIN) missing.push('postgresql');
if (!existsSync(HAPROXY)) missing.push('haproxy');
if (!existsSync(SLAPD)) missing.push('slapd', 'ldap-utils');
for (const [, pkg] of missingEinvoiceTools()) missing.push(pkg);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (missing.length && isRoot && existsSync('/usr/bin/apt-get')) {
  console.log(`Paquets Debian absents, installation : ${missing.join(', ')}…`);
  // Their own services are not needed (the tests start theirs).
  execSync(
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${missing.join(' ')}`,
    { stdio: 'inherit' },
  );
}
const bin = findPgBin();
if (bin && existsSync(HAPROXY) && existsSync(SLAPD) && missingEinvoiceTools().length === 0) {
  console.log(`PostgreSQL : ${bin} · haproxy : ${HAPROXY} · slapd : ${SLAPD} · Saxon, xmllint, pdfdetach, qpdf`);
  process.exit(0);
}
console.error(
  'PostgreSQL, haproxy, slapd et les outils de contrôle des factures électroniques sont nécessaires aux tests (PostgreSQL, plusieurs instances, annuaire LDAP, Factur-X/UBL). Installez-les avec :\n  sudo apt-get install -y postgresql haproxy slapd ldap-utils libsaxonhe-java default-jre-headless libxml2-utils poppler-utils qpdf\nou indiquez le dossier bin de PostgreSQL avec PG_BIN=/usr/lib/postgresql/NN/bin',
);
process.exit(1);
