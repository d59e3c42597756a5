// Public entry of the customers feature: what other features may use. Anything else in this
// folder is internal (enforced by the lint, workplace/boundaries in .oxlintrc.json).
export { accountNumberText } from './customer-model';
