// The cash registers' database work (decision 037), and the module's one face for the others. Every
// write takes the register row FOR UPDATE, reads the chains' heads, inserts the linked and signed
// records and moves the heads, in one transaction: the server assigns seq and hash, never a device.
// By responsibility: registers.ts (the registers and their movement types), reads.ts (what the
// screens read), movements.ts with corrections.ts and receipts.ts (new movements on an open day),
// closings.ts (a day's closing), chain.ts (linking, signing, storing; the head's check), records.ts
// (a record and its row).
export { createRegister, findRegister, findRegisterById, typesOf, type Actor } from './registers';
export { journalOf, journals, listRegisters, registerLinks, registerSummary } from './reads';
export { addMovements, sameIdOtherMovement } from './movements';
export { findReceipt, receiptsUsingBlob } from './receipts';
export { closeDay, closingRows, type Counted, type JTotals } from './closings';
export { insertClosings, insertMovements, linkMovementRows, saveHeads, signHeadOf } from './chain';
export { toClosingRecord, toMovementRecord } from './records';
