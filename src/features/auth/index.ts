// Public entry of the auth feature: what other features may use. Anything else in this folder is
// internal (enforced by the lint, workplace/boundaries in .oxlintrc.json).
export { changePassword } from './api/session-api';
