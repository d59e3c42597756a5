// The project's own lint rules, run by oxlint as a JS plugin (`jsPlugins` in .oxlintrc.json, rule
// ids `workplace/…`). Why each one exists: docs/decisions/020-lint-and-format.md; why they live
// here rather than in ESLint: docs/decisions/072-lint-in-seconds.md.
//
// - boundaries: the layers (domain → lib → data → features → routes; the app never imports the
//   server) and the public entries of features and server modules — what eslint-plugin-boundaries
//   enforced, with the same elements and policies, judged on the file an import resolves to;
// - table-ownership: a server module imports only its own tables from db/schema (decision 023);
// - routes-without-sql, routes-mounted-only: a route file parses, checks rights, calls its module's
//   service and answers; the SQL is the service's, and only an index.ts mounts routes (decision 080);
// - no-restricted-syntax: ESLint's rule of that name (AST selectors), which oxlint has no native
//   version of; configured per folder in .oxlintrc.json;
// - eslint-directives-only: disable comments are spelled `eslint-disable…`, which
//   eslint-comments/require-description checks, never `oxlint-disable…`, which it does not see.
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The repository's root: this file is scripts/lint/workplace-plugin.mjs. Node gives its real path,
// so a linted file's is taken too (a checkout reached through a symlink is still judged).
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const relative = (file) => path.relative(ROOT, realpathSync(file)).split(path.sep).join('/');

// ── Layers and boundaries ────────────────────────────────────────────────────────────────────────
// Each file belongs to the first element whose folder holds it (`*`: one folder, captured). Elements
// are folders: src/main.tsx and src/router.tsx belong to none, and neither does anything outside them.
const elements = [
  { type: 'domain', pattern: 'src/domain' },
  { type: 'pdf', pattern: 'src/pdf' },
  { type: 'contract', pattern: 'src/contract' },
  { type: 'einvoice', pattern: 'src/einvoice' },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'data', pattern: 'src/data' },
  { type: 'feature', pattern: 'src/features/*' },
  { type: 'components', pattern: 'src/components' },
  { type: 'app', pattern: 'src/routes' },
  { type: 'sw', pattern: 'sw' },
  { type: 'server-module', pattern: 'server/src/modules/*' },
  { type: 'server-http', pattern: 'server/src/http' },
  { type: 'server', pattern: 'server/src' },
].map((element) => ({ ...element, segments: element.pattern.split('/') }));

/** The element of a repository-relative path: its type, captured folder and path inside it. */
export function elementOf(relPath) {
  const folders = relPath.split('/').slice(0, -1);
  for (const { type, segments } of elements) {
    if (folders.length < segments.length) continue;
    if (!segments.every((segment, i) => segment === '*' || segment === folders[i])) continue;
    const captured = segments.includes('*') ? folders[segments.indexOf('*')] : undefined;
    return { type, captured, internalPath: relPath.split('/').slice(segments.length).join('/') };
  }
  return undefined;
}

const appTypes = ['domain', 'pdf', 'contract', 'einvoice', 'lib', 'data', 'feature', 'components', 'app', 'sw'];
const serverTypes = ['server', 'server-http', 'server-module'];

// An import from an element of `from` to one of `disallow` is refused with `message`.
const layerPolicies = [
  {
    from: ['domain'],
    disallow: ['lib', 'data', 'feature', 'components', 'app', 'sw', 'contract', 'einvoice', ...serverTypes],
    message: 'src/domain est pur : aucune entrée-sortie, aucune couche au-dessus de lui.',
  },
  {
    from: ['pdf', 'contract'],
    disallow: ['lib', 'data', 'feature', 'components', 'app', 'sw', 'einvoice', ...serverTypes],
    message: 'src/pdf et src/contract sont partagés avec le serveur : ils n’importent que src/domain.',
  },
  // The e-invoice (Factur-X, UBL, CII, and the reading of a received one) is written from the
  // printed document's model (src/pdf): shared with the server like it, above it.
  {
    from: ['einvoice'],
    disallow: ['lib', 'data', 'feature', 'components', 'app', 'sw', 'contract', ...serverTypes],
    message: 'src/einvoice est partagé avec le serveur : il n’importe que src/domain et src/pdf.',
  },
  // One way down: domain → lib → data → features → routes (the app); what two features share moves down.
  {
    from: ['lib'],
    disallow: ['data', 'feature', 'components', 'app'],
    message: 'src/lib ne dépend que de src/domain (et des paquets).',
  },
  {
    from: ['data'],
    disallow: ['feature', 'components', 'app'],
    message: 'src/data ne dépend pas des écrans : déplacez ce qui est partagé vers src/data, src/lib ou src/domain.',
  },
  {
    from: ['feature', 'components'],
    disallow: ['app'],
    message: 'Les fonctionnalités et composants partagés n’importent pas les routes.',
  },
  {
    from: ['components'],
    disallow: ['feature'],
    message: 'src/components est partagé : il n’importe aucune fonctionnalité.',
  },
  {
    from: appTypes,
    disallow: serverTypes,
    message: 'L’application n’importe jamais le serveur : passez par src/contract ou src/domain.',
  },
  {
    from: serverTypes,
    disallow: ['lib', 'data', 'feature', 'components', 'app', 'sw'],
    message: 'Le serveur n’importe de src/ que src/domain, src/pdf, src/einvoice et src/contract.',
  },
  // The HTTP layer is below the modules (decision 080): what it needs of one comes through Deps.
  {
    from: ['server-http'],
    disallow: ['server-module'],
    message:
      'server/src/http n’importe aucun module : ce qu’il lui faut passe par Deps (http/types.ts) ou vit dans server/src/http (décision 080).',
  },
];

// Another feature or server module is reached only through its public entry. Every folder under
// src/features and server/src/modules is one, so a new feature or module is covered as it appears.
const entryPolicies = [
  {
    type: 'feature',
    entry: /^index\.tsx?$/,
    message: 'Une fonctionnalité n’importe une autre que par son entrée publique (src/features/<nom>/index.ts).',
  },
  {
    type: 'server-module',
    // One public service per module (decision 080); index.ts is what mounts its routes.
    entry: /^(index|service)\.ts$/,
    message:
      'Un module serveur n’en appelle un autre que par son service public (service.ts ; index.ts pour le monter).',
  },
];

/**
 * Why an import from `from` to `to` (elements) is refused, or undefined when it is allowed. When
 * several policies refuse it, the last one speaks, as with eslint-plugin-boundaries.
 */
export function boundaryViolation(from, to) {
  const refusing = [
    ...layerPolicies.filter((policy) => policy.from.includes(from.type) && policy.disallow.includes(to.type)),
    ...entryPolicies.filter(
      (policy) =>
        from.type === policy.type &&
        to.type === policy.type &&
        from.captured !== to.captured &&
        !policy.entry.test(to.internalPath),
    ),
  ];
  return refusing.at(-1)?.message;
}

// Node's resolution of a relative import, with the extensions the sources use. A package (or any
// bare name) is outside every element and is left to no-restricted-imports.
const extensions = ['.ts', '.tsx', '.js', '.mjs', '.json'];
const isFile = (file) => existsSync(file) && statSync(file).isFile();
export function resolveImport(specifier, importer) {
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) return undefined;
  const target = path.resolve(path.dirname(importer), specifier.replace(/\?.*$/, ''));
  const candidates = [
    target,
    ...extensions.map((ext) => target + ext),
    ...extensions.map((ext) => path.join(target, `index${ext}`)),
  ];
  return candidates.find(isFile);
}

// What boundaries counted as a dependency: static imports and exports (types included), `import()`
// and `require()` of a string.
function importSources(onSource) {
  const fromDeclaration = (node) => node.source && onSource(node.source);
  return {
    ImportDeclaration: fromDeclaration,
    ExportNamedDeclaration: fromDeclaration,
    ExportAllDeclaration: fromDeclaration,
    ImportExpression: (node) => onSource(node.source),
    CallExpression(node) {
      if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments.length > 0)
        onSource(node.arguments[0]);
    },
  };
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Layers, and the public entries of features and modules.' },
    schema: [],
  },
  create(context) {
    const importer = context.filename;
    const from = elementOf(relative(importer));
    if (!from) return {};
    return importSources((source) => {
      if (source.type !== 'Literal' || typeof source.value !== 'string') return;
      const resolved = resolveImport(source.value, importer);
      const to = resolved && elementOf(relative(resolved));
      const message = to && boundaryViolation(from, to);
      if (message) context.report({ node: source, message });
    });
  },
};

// ── Ownership of tables ──────────────────────────────────────────────────────────────────────────
// A table belongs to the module its schema file is named after: server/src/db/schema/<module>.ts
// declares <module>'s tables (http.ts the HTTP layer's). A file of server/src/modules/<m> may import
// from db/schema only what no other module declares. The ownership test derives the same map.
const schemaSource = /(^|\/)db\/schema(\/[^/]+)?$/;
const SCHEMA_DIR = path.join(ROOT, 'server/src/db/schema');
/** Table export → owning module, read from the schema files' `export const x = pgTable(`. */
export function tableOwners(dir = SCHEMA_DIR) {
  const owners = new Map();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'index.ts'))
    for (const m of readFileSync(path.join(dir, file), 'utf8').matchAll(/export const (\w+)\s*=\s*pgTable\(/g))
      owners.set(m[1], file.slice(0, -3));
  return owners;
}
let ownersOnce;
const tableOwnership = {
  meta: {
    type: 'problem',
    docs: { description: 'A server module reads and writes another module’s tables through its service.' },
    schema: [],
  },
  create(context) {
    const module = /^server\/src\/modules\/([^/]+)\//.exec(relative(context.filename))?.[1];
    if (!module) return {};
    ownersOnce ??= tableOwners();
    const ownerOf = new Map([...ownersOnce].filter(([, owner]) => owner !== module));
    const message = (owner) =>
      owner === 'http'
        ? 'Table de la couche HTTP (server/src/http) : aucun module ne la lit.'
        : `Table du module ${owner} : passez par son service (server/src/modules/${owner}).`;
    const check = (node, names) => {
      if (!schemaSource.test(node.source?.value ?? '')) return;
      for (const [name, at] of names) {
        if (name === '*') {
          context.report({
            node: at,
            message: 'Importez les tables une à une : db/schema contient celles des autres modules.',
          });
          continue;
        }
        const owner = ownerOf.get(name);
        if (owner) context.report({ node: at, message: message(owner) });
      }
    };
    const nameOf = (id) => (id.type === 'Identifier' ? id.name : id.value);
    return {
      ImportDeclaration(node) {
        check(
          node,
          node.specifiers.map((s) => [
            s.type === 'ImportSpecifier' ? nameOf(s.imported) : s.type === 'ImportNamespaceSpecifier' ? '*' : 'default',
            s,
          ]),
        );
      },
      ExportNamedDeclaration(node) {
        if (node.source)
          check(
            node,
            node.specifiers.map((s) => [nameOf(s.local), s]),
          );
      },
      ExportAllDeclaration(node) {
        check(node, [['*', node]]);
      },
    };
  },
};

// ── Route files ──────────────────────────────────────────────────────────────────────────────────
// A module's route files (routes.ts, *-routes.ts, *-route.ts) hold no query: the service runs it, with
// its transactions and errors (decision 080). Turned on for those files in .oxlintrc.json.
const sqlSource = /^drizzle-orm(\/|$)|(^|\/)db\/schema(\/[^/]+)?$/;
const routesWithoutSql = {
  meta: {
    type: 'problem',
    docs: { description: 'Route files import neither drizzle-orm nor the schema: queries live in services.' },
    schema: [],
  },
  create(context) {
    return importSources((source) => {
      if (source.type === 'Literal' && typeof source.value === 'string' && sqlSource.test(source.value))
        context.report({
          node: source,
          message:
            'Un fichier de routes ne fait pas de SQL : la requête va dans le service du module, qui la lance (décision 080).',
        });
    });
  },
};

// Routes are mounted by index.ts files (a module's, or server/src/modules/index.ts) and by route files
// that group others: a service or any other file that imported a route file would depend on the
// HTTP answer's shape.
const routeFile = /^server\/src\/modules\/.+\/(routes|[^/]+-routes?)\.ts$/;
export const isRouteFile = (relPath) => routeFile.test(relPath);
const routesMountedOnly = {
  meta: {
    type: 'problem',
    docs: { description: 'Only index.ts and route files import route files.' },
    schema: [],
  },
  create(context) {
    const importer = context.filename;
    const from = relative(importer);
    if (/(^|\/)index\.ts$/.test(from) || isRouteFile(from)) return {};
    return importSources((source) => {
      if (source.type !== 'Literal' || typeof source.value !== 'string') return;
      const resolved = resolveImport(source.value, importer);
      if (resolved && isRouteFile(relative(resolved)))
        context.report({
          node: source,
          message:
            'Seuls un index.ts ou un fichier de routes importent un fichier de routes (pour le monter) : ce qui est partagé va dans le service du module (décision 080).',
        });
    });
  },
};

// ── Restricted syntax ────────────────────────────────────────────────────────────────────────────
// ESLint's no-restricted-syntax: options are selectors, or { selector, message }.
const noRestrictedSyntax = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Forbid the syntax matched by the configured AST selectors.' },
    schema: {
      type: 'array',
      items: {
        oneOf: [
          { type: 'string' },
          {
            type: 'object',
            properties: { selector: { type: 'string' }, message: { type: 'string' } },
            required: ['selector'],
            additionalProperties: false,
          },
        ],
      },
    },
  },
  create(context) {
    return Object.fromEntries(
      context.options
        .map((option) => (typeof option === 'string' ? { selector: option } : option))
        .map(({ selector, message }) => [
          selector,
          (node) => context.report({ node, message: message ?? `Using '${selector}' is not allowed.` }),
        ]),
    );
  },
};

// ── Directive spelling ───────────────────────────────────────────────────────────────────────────
const eslintDirectivesOnly = {
  meta: { type: 'suggestion', docs: { description: 'Disable comments are spelled eslint-disable.' }, schema: [] },
  create(context) {
    if (!context.sourceCode.text.includes('oxlint-')) return {};
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments())
          if (/^\s*oxlint-(disable|enable)/.test(comment.value))
            context.report({
              loc: comment.loc,
              message:
                'Écrivez `eslint-disable-next-line <règle> -- <raison>` : oxlint le lit, et la raison est vérifiée.',
            });
      },
    };
  },
};

export default {
  meta: { name: 'workplace' },
  rules: {
    boundaries,
    'table-ownership': tableOwnership,
    'routes-without-sql': routesWithoutSql,
    'routes-mounted-only': routesMountedOnly,
    'no-restricted-syntax': noRestrictedSyntax,
    'eslint-directives-only': eslintDirectivesOnly,
  },
};
