// Public entry of the company's legal details feature (decision 046): what other features may use.
export { isLegalDetailsRefusal, LEGAL_DETAILS_PATH } from './paths';
