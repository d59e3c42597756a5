// What each lane of `npm test` needs from Debian, found before the lanes start (decision 076). On a
// machine that lacks some of it and may not install it (no root, no apt, no network), the lanes that
// can run do, and the run ends with the list of those that could not, why, and the command that
// installs what they need. With CI=true every lane is required.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const onPath = (cmd) => {
  try {
    execSync(`command -v ${cmd}`, { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch {
    return false;
  }
};

function postgresBin() {
  if (process.env.PG_BIN) return existsSync(join(process.env.PG_BIN, 'postgres')) ? process.env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'postgres')));
  return versions.length ? join(root, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin') : null;
}

const webkitPaths = () => [
  process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver',
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  process.env.XVFB_PATH ?? '/usr/bin/Xvfb',
];

/** Each set of tools: what it is for, whether it is here, and its Debian packages. */
export const TOOLSETS = {
  chromium: {
    label: 'Chromium et son « headless shell »',
    present: () =>
      !!process.env.CHROMIUM_PATH ||
      (existsSync('/usr/bin/chromium') && existsSync('/usr/bin/chromium-headless-shell')),
    packages: ['chromium', 'chromium-headless-shell'],
  },
  webkit: {
    label: 'WebKitGTK (WebKitWebDriver, MiniBrowser) et Xvfb',
    present: () => webkitPaths().every((p) => existsSync(p)),
    packages: ['webkit2gtk-driver', 'xvfb'],
  },
  postgres: { label: 'PostgreSQL', present: () => !!postgresBin(), packages: ['postgresql'] },
  haproxy: { label: 'haproxy', present: () => existsSync('/usr/sbin/haproxy'), packages: ['haproxy'] },
  slapd: {
    label: 'l’annuaire OpenLDAP (slapd)',
    present: () => existsSync('/usr/sbin/slapd') || onPath('slapd'),
    packages: ['slapd', 'ldap-utils'],
  },
  einvoice: {
    label: 'les validateurs de factures électroniques (Java, Saxon-HE, xmllint, pdfdetach, qpdf)',
    present: () =>
      existsSync('/usr/share/java/Saxon-HE.jar') &&
      onPath('java') &&
      onPath('xmllint') &&
      onPath('pdfdetach') &&
      onPath('qpdf'),
    packages: ['libsaxonhe-java', 'default-jre-headless', 'libxml2-utils', 'poppler-utils', 'qpdf'],
  },
};

/** The install command of these toolsets, as a person would type it. */
export const installCommand = (names) =>
  `sudo apt-get install -y ${[...new Set(names.flatMap((n) => TOOLSETS[n].packages))].join(' ')}`;

/**
 * Installs what is missing when this process may (root with apt), once for every toolset, then says
 * which toolsets are here. Never throws: a failed install leaves the toolsets missing.
 */
export function ensureToolsets(names = Object.keys(TOOLSETS)) {
  const missing = () => names.filter((n) => !TOOLSETS[n].present());
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const before = missing();
  if (before.length && isRoot && existsSync('/usr/bin/apt-get') && process.env.WORKPLACE_TEST_NO_INSTALL !== '1') {
    const packages = [...new Set(before.flatMap((n) => TOOLSETS[n].packages))];
    console.log(`Paquets Debian absents, installation : ${packages.join(', ')}…`);
    try {
      execSync(
        `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${packages.join(' ')}`,
        { stdio: 'inherit' },
      );
    } catch {
      console.log('L’installation a échoué : les voies qui en ont besoin ne seront pas lancées.');
    }
  }
  const absent = new Set(missing());
  return { has: (name) => !absent.has(name), missing: [...absent] };
}

/**
 * The lines that end a run with lanes not run: each lane and what it lacks, the command that
 * installs it all, and whether that fails the run (always with CI=true).
 */
export function notRunReport(notRun, { required, partialAllowed }) {
  if (!notRun.length) return [];
  return [
    `\nVoies non lancées (${notRun.length}) :`,
    ...notRun.map(
      ({ lane, missing }) => `  - ${lane} : il manque ${missing.map((n) => TOOLSETS[n].label).join(', ')}.`,
    ),
    `Pour les lancer, installez ce qui manque :\n  ${installCommand(notRun.flatMap((n) => n.missing))}`,
    required
      ? 'CI=true : toutes les voies sont exigées.'
      : partialAllowed
        ? 'WORKPLACE_TEST_PARTIAL=1 : ces voies manquantes ne font pas échouer le lancement.'
        : 'Le lancement échoue tant qu’elles manquent ; WORKPLACE_TEST_PARTIAL=1 l’accepte sur un poste incomplet.',
  ];
}
