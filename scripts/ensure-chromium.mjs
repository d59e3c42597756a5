// Browser tests drive Debian's Chromium (never a downloaded browser). On a fresh machine this
// installs it when it can (root with apt), else stops at once with the exact command to run.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const found = candidates.find((p) => existsSync(p));
if (found) {
  console.log(`Chromium : ${found}`);
  process.exit(0);
}
if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} n'existe pas.`);
  process.exit(1);
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  console.log('Chromium absent : installation du paquet Debian « chromium »…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
  process.exit(existsSync('/usr/bin/chromium') ? 0 : 1);
}
console.error(
  'Chromium est nécessaire pour les tests dans le navigateur. Installez-le avec :\n  sudo apt-get install -y chromium\nou indiquez un autre exécutable avec CHROMIUM_PATH=/chemin/vers/chromium',
);
process.exit(1);
