// Public entry of the customers feature: what other features may use. Anything else in this
// folder is internal (enforced by eslint.config.js, boundaries/dependencies).
export { accountNumberText } from './customer-model';
