// Public entry of the auth feature: what other features may use. Anything else in this folder is
// internal (enforced by eslint.config.js, boundaries/dependencies).
export { changePassword } from './api/session-api';
