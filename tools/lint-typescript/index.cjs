// typescript-eslint needs TypeScript's JavaScript compiler API, which TypeScript 7 (the project's
// compiler, native) no longer ships. This package carries TypeScript 6 for the linter only.
// npm hoists ts-api-utils (a dependency of typescript-eslint) to the root node_modules because its
// peer range (typescript >=4.8.4) also accepts 7; from there `require('typescript')` would find
// TypeScript 7. Resolve that one request to our TypeScript 6. Remove this package once
// typescript-eslint supports TypeScript 7.
const Module = require('node:module');
const path = require('node:path');

const typescript6 = require.resolve('typescript');
const resolve = Module._resolveFilename;
Module._resolveFilename = function resolveTypescript6(request, parent, ...rest) {
  if (request === 'typescript' && parent?.filename?.includes(`${path.sep}ts-api-utils${path.sep}`)) return typescript6;
  return resolve.call(this, request, parent, ...rest);
};

module.exports = require('typescript-eslint');
