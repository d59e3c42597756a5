// @eslint-community/eslint-plugin-eslint-comments' two rules that the lint uses, for oxlint
// (`jsPlugins` in .oxlintrc.json, rule ids `eslint-comments/…`; decision 072).
//
// The rules are the plugin's own. They report on a directive comment at column -1, ESLint's way of
// saying "this report cannot be disabled by the comment itself"; oxlint turns that column into an
// offset, one character before the comment (the previous line, or an error on line 1). Column 0 is
// the comment's start, which is what ESLint showed.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { rules } = require('@eslint-community/eslint-plugin-eslint-comments');

const atColumnZero = (loc) => (loc?.start?.column < 0 ? { ...loc, start: { ...loc.start, column: 0 } } : loc);

// A directive comment starts with one of these words (the plugin's own list): a file without any
// has none, and is not parsed for its comments, which would be most of the rules' time.
const mayHoldDirectives = /eslint|exported|global/;

const located = (rule) => ({
  ...rule,
  create(context) {
    if (!mayHoldDirectives.test(context.sourceCode.text)) return {};
    const report = (descriptor) => context.report({ ...descriptor, loc: atColumnZero(descriptor.loc) });
    return rule.create(Object.create(context, { report: { value: report } }));
  },
});

export default {
  meta: { name: 'eslint-comments' },
  rules: {
    'require-description': located(rules['require-description']),
    'no-unlimited-disable': located(rules['no-unlimited-disable']),
  },
};
