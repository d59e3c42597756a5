// The inbox's wire shapes are the contract's (src/contract/inbox.ts, decision 021).
export type { BatchView, DepositItem, DepositPage } from '../../../contract/inbox';
