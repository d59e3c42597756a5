// Browser tests drive Debian's Chromium (never a downloaded browser): the full browser for the
// installed app, and the headless shell of the same build for the other screens (decision 049). On
// a fresh machine this installs them when it can (root with apt), else stops at once with the exact
// command to run.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const found = candidates.find((p) => existsSync(p));
const shell = '/usr/bin/chromium-headless-shell';
if (found && (process.env.CHROMIUM_PATH || existsSync(shell))) {
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
  console.log('Chromium absent : installation des paquets Debian « chromium » et « chromium-headless-shell »…');
  execSync(
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell',
    { stdio: 'inherit' },
  );
  process.exit(existsSync('/usr/bin/chromium') && existsSync(shell) ? 0 : 1);
}
console.error(
  'Chromium est nécessaire pour les tests dans le navigateur. Installez-le avec :\n  sudo apt-get install -y chromium chromium-headless-shell\nou indiquez un autre exécutable avec CHROMIUM_PATH=/chemin/vers/chromium',
);
process.exit(1);
