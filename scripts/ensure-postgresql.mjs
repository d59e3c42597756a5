// The API suite also runs on a real PostgreSQL (issue 13), started for the run from Debian's
// binaries (tests/support/pg-cluster.ts). On a fresh machine this installs the package when it can
// (root with apt), else stops at once with the exact command to run.
import { existsSync, readdirSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = '/usr/lib/postgresql';
function findBin() {
  if (process.env.PG_BIN) return existsSync(join(process.env.PG_BIN, 'postgres')) ? process.env.PG_BIN : null;
  if (!existsSync(ROOT)) return null;
  const versions = readdirSync(ROOT).filter((v) => existsSync(join(ROOT, v, 'bin', 'postgres')));
  return versions.length ? join(ROOT, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin') : null;
}

let bin = findBin();
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!bin && !process.env.PG_BIN && isRoot && existsSync('/usr/bin/apt-get')) {
  console.log('PostgreSQL absent : installation du paquet Debian « postgresql »…');
  // The package's own cluster is not needed (the tests start theirs): no service is started here.
  execSync(
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql',
    { stdio: 'inherit' },
  );
  bin = findBin();
}
if (bin) {
  console.log(`PostgreSQL : ${bin}`);
  process.exit(0);
}
console.error(
  'PostgreSQL est nécessaire pour les tests d’API sur PostgreSQL. Installez-le avec :\n  sudo apt-get install -y postgresql\nou indiquez son dossier bin avec PG_BIN=/usr/lib/postgresql/NN/bin',
);
process.exit(1);
