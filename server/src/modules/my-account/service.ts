import { customerOptionLabel } from '../../../../src/domain/customers';
import { eq } from 'drizzle-orm';
import type { FirmInvoice, FirmLink, Statement } from '../../../../src/contract/my-account';
import { todayInParis } from '../../../../src/domain/dates';
import { can } from '../../../../src/domain/rights';
import type { DbOrTx } from '../../db/client';
import { firmAccounts } from '../../db/schema/index';
import { conflict, forbidden, notFound, unprocessable } from '../../http/errors';
import { customerBusinessDocuments, customerPayments, type CustomerBusinessDocument } from '../invoices/service';
import { customerOfDocument } from '../catalogue/service';
import { findCompany, membershipScope } from '../users/service';
import { euros } from './money';
import { balanceCents } from './statement';
import { remainingCents, toFirmInvoice } from './status';

// « Mon compte » (decision 043): a client company reads, read-only, what its accounting
// firm — itself a company of the portal using the invoicing module — issued to the customer record
// the firm linked to it. Everything here is scoped by the CLIENT company: a document of another
// customer is simply not found. The card payment (./payments) builds on firmInvoiceOf and
// statementBalance.

export const INVOICE_NOT_FOUND = 'Facture introuvable.';
export const COMPANY_NOT_FOUND = 'Société introuvable.';
export const CUSTOMER_NOT_FOUND = 'Client introuvable chez ce cabinet.';
export const CUSTOMER_TAKEN = 'Cette fiche client est déjà reliée à une autre société.';
export const cannotLink = (firmLabel: string) =>
  `Vous ne pouvez pas relier une fiche client de « ${firmLabel} » : il faut y gérer les clients et y lire les factures.`;
export const LINK_TO_ITSELF =
  'Une société ne peut pas être reliée à une de ses propres fiches clients : choisissez la société du cabinet.';

/** Who sets or reads a link: the firm's staff, within their own memberships (decision 073). */
export interface LinkCaller {
  id: number;
  userType: number | null;
}

/**
 * The client company of a link must be one of the caller's companies, as every company a request
 * names (decision 073): another one is « Société introuvable » (404), never revealing it.
 */
async function assertClientCompany(db: DbOrTx, caller: LinkCaller, clientCompanyId: number): Promise<void> {
  if (!(await membershipScope(db, caller.id, clientCompanyId))) throw notFound(COMPANY_NOT_FOUND);
}

/**
 * The firm company of a link: one of the caller's (404 otherwise) where they may link its customer
 * records — manage its customers and read its invoices, which the link shows to the client (403).
 */
async function assertFirmCompany(db: DbOrTx, caller: LinkCaller, firmCompanyId: number): Promise<void> {
  const firm = await membershipScope(db, caller.id, firmCompanyId);
  if (!firm) throw notFound(COMPANY_NOT_FOUND);
  if (!can({ userType: caller.userType, appRights: firm.rights }, 'linkFirmAccount'))
    throw forbidden(cannotLink(firm.label));
}

export interface AccountLink {
  clientCompanyId: number;
  firmCompanyId: number;
  customerId: number;
  linkedAt: Date;
  /** The firm as the client reads it (its company label). */
  firm: { label: string };
}

/** The client company's link with its firm, or null when the firm has not set it up yet. */
export async function accountLink(db: DbOrTx, clientCompanyId: number): Promise<AccountLink | null> {
  const [link] = await db.select().from(firmAccounts).where(eq(firmAccounts.clientCompanyId, clientCompanyId));
  if (!link) return null;
  const firm = await findCompany(db, link.firmCompanyId);
  return { ...link, firm: { label: firm?.label ?? '' } };
}

/** The firm's documents to the client company, oldest first ([] without a link). */
export async function firmBusinessDocuments(db: DbOrTx, clientCompanyId: number): Promise<CustomerBusinessDocument[]> {
  const link = await accountLink(db, clientCompanyId);
  return link ? customerBusinessDocuments(db, link.firmCompanyId, link.customerId) : [];
}

/**
 * For the card payment: one of the firm's validated invoices (or credit notes) to the client
 * company, with its remaining amount; null when it is not one of this company's (→ 404).
 */
export async function firmInvoiceOf(
  db: DbOrTx,
  clientCompanyId: number,
  invoiceId: number,
  now: Date,
): Promise<(FirmInvoice & { firmCompanyId: number; remainingCents: number }) | null> {
  const link = await accountLink(db, clientCompanyId);
  if (!link) return null;
  const [doc] = await customerBusinessDocuments(db, link.firmCompanyId, link.customerId, invoiceId);
  if (!doc) return null;
  return {
    ...toFirmInvoice(doc, todayInParis(now)),
    firmCompanyId: link.firmCompanyId,
    remainingCents: remainingCents(doc),
  };
}

/**
 * For the card payment of the balance: what the client company owes its firm today over the whole
 * account (invoices − credit notes − payments), in euros and cents; null without a link.
 */
export async function statementBalance(
  db: DbOrTx,
  clientCompanyId: number,
): Promise<{ firmCompanyId: number; balance: number; balanceCents: number } | null> {
  const link = await accountLink(db, clientCompanyId);
  if (!link) return null;
  const [docs, payments] = [
    await customerBusinessDocuments(db, link.firmCompanyId, link.customerId),
    await customerPayments(db, link.firmCompanyId, link.customerId),
  ];
  const total = balanceCents(docs, payments);
  return { firmCompanyId: link.firmCompanyId, balance: euros(total), balanceCents: total };
}

/** The documents and payments a statement is built from (empty without a link). */
export async function statementData(db: DbOrTx, clientCompanyId: number) {
  const link = await accountLink(db, clientCompanyId);
  if (!link) return { firm: null as Statement['firm'], documents: [], payments: [] };
  return {
    firm: link.firm,
    // One after the other: a PGlite connection runs one query at a time anyway.
    documents: await customerBusinessDocuments(db, link.firmCompanyId, link.customerId),
    payments: await customerPayments(db, link.firmCompanyId, link.customerId),
  };
}

/** What the screen says of a customer record kept in a firm company the caller is not a member of. */
export const FOREIGN_CUSTOMER = 'Fiche client d’une société du cabinet dont vous n’êtes pas membre';

async function linkJson(db: DbOrTx, link: typeof firmAccounts.$inferSelect, ownsFirm: boolean): Promise<FirmLink> {
  // The customer record belongs to the firm company: only its members read its name (decision 073).
  const customer = ownsFirm ? await customerOfDocument(db, link.customerId) : null;
  return {
    clientCompanyId: link.clientCompanyId,
    firmCompanyId: link.firmCompanyId,
    customerId: link.customerId,
    // As the screens show it: « Café des Arts (C00004) ».
    customerLabel: customer ? customerOptionLabel(customer) : ownsFirm ? '' : FOREIGN_CUSTOMER,
    linkedAt: link.linkedAt.toISOString(),
  };
}

/** The firm's view of a client company's link (404 for a company that is not one of the caller's). */
export async function readLink(db: DbOrTx, caller: LinkCaller, clientCompanyId: number): Promise<FirmLink | null> {
  await assertClientCompany(db, caller, clientCompanyId);
  const [link] = await db.select().from(firmAccounts).where(eq(firmAccounts.clientCompanyId, clientCompanyId));
  if (!link) return null;
  return linkJson(db, link, !!(await membershipScope(db, caller.id, link.firmCompanyId)));
}

/**
 * Links (or re-links) a client company to the firm's customer record that represents it. Both
 * companies are the caller's (404 otherwise), the caller may link the firm company's customers
 * (403), a company is not its own firm (422), the customer belongs to the firm company (404), and
 * one customer record represents one client company only (409). Every check comes before the one
 * write: a refusal stores nothing.
 */
export async function saveLink(
  db: DbOrTx,
  caller: LinkCaller,
  clientCompanyId: number,
  target: { firmCompanyId: number; customerId: number },
  now: Date,
): Promise<FirmLink> {
  await assertClientCompany(db, caller, clientCompanyId);
  await assertFirmCompany(db, caller, target.firmCompanyId);
  if (target.firmCompanyId === clientCompanyId) throw unprocessable(LINK_TO_ITSELF, [LINK_TO_ITSELF]);
  const customer = await customerOfDocument(db, target.customerId);
  if (!customer || customer.companyId !== target.firmCompanyId) throw notFound(CUSTOMER_NOT_FOUND);
  const [taken] = await db.select().from(firmAccounts).where(eq(firmAccounts.customerId, target.customerId));
  if (taken && taken.clientCompanyId !== clientCompanyId) throw conflict(CUSTOMER_TAKEN);
  const values = { clientCompanyId, ...target, linkedAt: now };
  const [saved] = await db
    .insert(firmAccounts)
    .values(values)
    .onConflictDoUpdate({ target: firmAccounts.clientCompanyId, set: { ...target, linkedAt: now } })
    .returning();
  return linkJson(db, saved!, true); // the caller is a member of the firm company (checked above)
}
