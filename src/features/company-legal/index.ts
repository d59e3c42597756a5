// Public entry of the company's legal details feature (issue 18): what other features may use.
export { isLegalDetailsRefusal, LEGAL_DETAILS_PATH } from './paths';
