// The WebKit lane (decision 047) drives Debian's WebKitGTK (never a downloaded browser):
// WebKitWebDriver and MiniBrowser from the package webkit2gtk-driver, under a virtual display (Xvfb).
// On a fresh machine this installs them when it can (root with apt), else stops at once with the
// exact command to run.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const XVFB = process.env.XVFB_PATH ?? '/usr/bin/Xvfb';

const tools = () => [
  ['WebKitWebDriver', WEBKIT_DRIVER],
  ['MiniBrowser', MINIBROWSER],
  ['Xvfb', XVFB],
];
const absent = () => tools().filter(([, path]) => !existsSync(path));

if (absent().length > 0) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('WebKit absent : installation des paquets Debian « webkit2gtk-driver » et « xvfb »…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq webkit2gtk-driver xvfb', {
      stdio: 'inherit',
    });
  }
}
const missing = absent();
if (missing.length > 0) {
  console.error(
    `${missing.map(([name, path]) => `${name} (${path})`).join(', ')} introuvable : les tests WebKit en ont besoin. Installez-les avec :\n  sudo apt-get install -y webkit2gtk-driver xvfb\nou indiquez d’autres chemins avec WEBKIT_DRIVER_PATH, MINIBROWSER_PATH, XVFB_PATH.`,
  );
  process.exit(1);
}
for (const [name, path] of tools()) console.log(`${name} : ${path}`);
