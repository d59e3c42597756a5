import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { freePort } from './child-server';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// A real OpenLDAP (Debian's slapd) for the directory sign-in tests (decision 041; notes C.2): a
// temporary slapd.conf and LDIF in mkdtemp, passwords hashed by slappasswd, a self-signed
// certificate from openssl, on free loopback ports: ldap:// (plain and StartTLS) and ldaps://.
// `slapd -d 0` stays in the foreground, so the spawned child is slapd itself and SIGTERM stops it.

export interface DirectoryPerson {
  uid: string;
  mail: string;
  password: string;
  cn: string;
  sn: string;
}

export interface Slapd {
  /** ldap://127.0.0.1:port, which also offers StartTLS. */
  url: string;
  /** ldaps://127.0.0.1:port. */
  ldapsUrl: string;
  /** The certificate of both listeners (self-signed, for IP:127.0.0.1 only), as a CA file. */
  caFile: string;
  suffix: string;
  peopleBase: string;
  service: { dn: string; password: string };
  stop(): Promise<void>;
}

const INSTALL =
  'slapd est introuvable : installez-le avec « sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y ' +
  '--no-install-recommends slapd ldap-utils » (.ci/run le fait sur une machine neuve).\n' +
  'slapd not found: install it with "sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y ' +
  '--no-install-recommends slapd ldap-utils" (.ci/run does so on a fresh machine).';

/** A program of the slapd package: on PATH, else in /usr/sbin (not on a normal user's PATH). */
function program(name: string): string {
  for (const dir of [...(process.env.PATH ?? '').split(':').filter(Boolean), '/usr/sbin', '/usr/local/sbin']) {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      /* not here */
    }
  }
  throw new Error(INSTALL);
}

/** Where the package put a file (schemas, modules), from dpkg so it holds on any Debian machine. */
function packageDir(suffix: string, fallback: string): string {
  try {
    const line = execFileSync('dpkg', ['-L', 'slapd'], { encoding: 'utf8' })
      .split('\n')
      .find((l) => l.endsWith(suffix));
    if (line) return dirname(line);
  } catch {
    /* not Debian: the usual place */
  }
  return fallback;
}

/** The same free-port finder as the child servers' (tests/support/child-server.ts). */
export { freePort };

/** LDIF line: values that are not plain ASCII (accents) are written base64 (RFC 2849). */
const attr = (name: string, value: string) =>
  /^[\x21-\x39\x3b\x3d-\x7e][\x20-\x7e]*$/.test(value) && !value.endsWith(' ')
    ? `${name}: ${value}`
    : `${name}:: ${Buffer.from(value, 'utf8').toString('base64')}`;

export async function startSlapd(people: DirectoryPerson[]): Promise<Slapd> {
  const slapd = program('slapd');
  const hash = (password: string) => execFileSync(program('slappasswd'), ['-s', password], { encoding: 'utf8' }).trim();
  const suffix = 'dc=cabinet,dc=test';
  const peopleBase = `ou=people,${suffix}`;
  const service = { dn: `cn=portail,ou=services,${suffix}`, password: 'Service-annuaire-2026' };
  const dir = mkdtempSync(join(tmpdir(), 'workplace-slapd-'));
  mkdirSync(join(dir, 'db'));
  const caFile = join(dir, 'cert.pem');
  // Only the IP in the certificate: a client that checked it against "localhost" would fail.
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', join(dir, 'key.pem'), '-out', caFile, '-days', '2', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  const schema = packageDir('/core.schema', '/etc/ldap/schema');
  writeFileSync(
    join(dir, 'slapd.conf'),
    [
      ...['core', 'cosine', 'inetorgperson'].map((s) => `include ${schema}/${s}.schema`),
      `pidfile ${dir}/slapd.pid`,
      `modulepath ${packageDir('/back_mdb.so', '/usr/lib/ldap')}`,
      'moduleload back_mdb',
      // TLS before the database: for the whole server (StartTLS on ldap://, and ldaps://).
      `TLSCertificateFile ${caFile}`,
      `TLSCertificateKeyFile ${join(dir, 'key.pem')}`,
      'database mdb',
      'maxsize 10485760',
      `suffix "${suffix}"`,
      `rootdn "cn=admin,${suffix}"`,
      `rootpw ${hash('admin-secret')}`,
      `directory ${dir}/db`,
      // As a real directory: nothing for anonymous searches, so the portal must bind as its service account.
      'access to attrs=userPassword by self =xw by anonymous auth by * none',
      'access to * by users read by anonymous auth',
      '',
    ].join('\n'),
  );
  const entry = (lines: string[]) => lines.join('\n');
  const ldif = [
    entry([`dn: ${suffix}`, 'objectClass: dcObject', 'objectClass: organization', 'dc: cabinet', 'o: Cabinet test']),
    entry([`dn: ${peopleBase}`, 'objectClass: organizationalUnit', 'ou: people']),
    entry([`dn: ou=services,${suffix}`, 'objectClass: organizationalUnit', 'ou: services']),
    entry([
      `dn: ${service.dn}`,
      'objectClass: organizationalRole',
      'objectClass: simpleSecurityObject',
      'cn: portail',
      `userPassword: ${hash(service.password)}`,
    ]),
    ...people.map((p) =>
      entry([
        `dn: uid=${p.uid},${peopleBase}`,
        'objectClass: inetOrgPerson',
        attr('uid', p.uid),
        attr('cn', p.cn),
        attr('sn', p.sn),
        attr('mail', p.mail),
        `userPassword: ${hash(p.password)}`,
      ]),
    ),
  ].join('\n\n');
  writeFileSync(join(dir, 'data.ldif'), `${ldif}\n`);
  execFileSync(program('slapadd'), ['-f', join(dir, 'slapd.conf'), '-l', join(dir, 'data.ldif')], {
    stdio: 'pipe',
  });

  // A free port can be taken between the check and slapd's bind: start again on other ports.
  for (let tries = 1; ; tries++) {
    const [port, tlsPort] = [await freePort(), await freePort()];
    const url = `ldap://127.0.0.1:${port}`;
    const ldapsUrl = `ldaps://127.0.0.1:${tlsPort}`;
    const child = spawn(slapd, ['-d', '0', '-f', join(dir, 'slapd.conf'), '-h', `${url}/ ${ldapsUrl}/`], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const alive = () => child.exitCode === null && child.signalCode === null;
    const up = (await listening(port, alive)) && (await listening(tlsPort, alive));
    if (up)
      return {
        url,
        ldapsUrl,
        caFile,
        suffix,
        peopleBase,
        service,
        async stop() {
          await stopChild(child, exited);
          rmSync(dir, { recursive: true, force: true });
        },
      };
    await stopChild(child, exited);
    if (tries >= 3) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`slapd n’a pas démarré / slapd did not start:\n${stderr.slice(-2000)}`);
    }
  }
}

/** Whether something accepts connections on 127.0.0.1:port while `alive()` (polls; gives up after 20 s). */
async function listening(port: number, alive: () => boolean): Promise<boolean> {
  const deadline = Date.now() + 20_000;
  while (alive() && Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

async function stopChild(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  const killed = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killed);
}
