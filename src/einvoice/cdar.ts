// Decision 089: the lifecycle status messages of XP Z12-012 (« messages de cycle de vie », flow 6) as
// UN/CEFACT CDAR D22B (CrossDomainAcknowledgementAndResponse), laid out as the FNFE's examples do
// (XP Z12-012 annex B, « UC1_F202500003_07-CDV-212_Encaissée »): the context (REGULATED, profile
// urn.cpro.gouv.fr:1p0:CDV:invoice), the message's header with its parties (sender MDT-21, issuer
// MDT-38..40, recipients MDT-57..59 with their electronic address MDT-73), then one referenced invoice
// (MDT-87 number, MDT-91 type, MDT-100 date, MDT-129 seller) with its status code (MDT-105) and label
// (MDT-106), and status details (MDG-37, each numbered, BR-FR-CDV-16): the reason (MDT-113/114), the
// requested action (MDT-121/122), the amounts received per VAT rate for « Encaissée » (MEN, MDT-215 and
// MDT-224, BR-FR-CDV-14), one detail per failed rule for « Rejetée ». Every message written passes the
// CDAR XSD and BR-FR-CDV Schematron (tests/validators/fnfe-fr/cdar, tests/support/cdar-validators.ts).
// Dates and times (format 204) are UTC. Pure: no I/O.
import {
  LIFECYCLE,
  isLifecycleCode,
  lifecycleLabel,
  reasonAllowed,
  reasonLabel,
  type LifecycleCode,
} from './lifecycle-codes';
import { amount, date102, el, esc, quantity } from './xml';
import { childOf, childrenOf, parseXml, type XmlElement } from './xml-read';

export const CDAR_NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
} as const;

/** The profile of lifecycle messages exchanged between platforms (MDT-3). */
export const CDV_PROFILE = 'urn.cpro.gouv.fr:1p0:CDV:invoice';
/** The public portal as a recipient (« PPF », scheme 0238), as the examples name it. */
export const PUBLIC_PORTAL: CdarParty = { role: 'DFH', platformId: '9998', name: 'PPF' };

/** A party of the message: its role (UNCL 3035: SE seller, BY buyer, WK platform, DFH public portal). */
export interface CdarParty {
  role: string;
  /** SIREN (GlobalID, scheme 0002). */
  siren?: string;
  /** A platform's number (GlobalID, scheme 0238). */
  platformId?: string;
  name?: string;
  /** Electronic address (URIID), required of a recipient other than a platform (BR-FR-CDV-08). */
  electronicAddress?: string;
  /** Its scheme (EAS); 0225, the French directory's, when absent. */
  addressScheme?: string;
}

export interface CdarInvoiceRef {
  /** BT-1. */
  number: string;
  /** BT-3 (380 invoice, 381 credit note, 386 deposit, 384 corrective…). */
  typeCode: string;
  /** BT-2, YYYY-MM-DD. */
  issueDate: string;
  /** The seller's SIREN (MDT-129). */
  sellerSiren: string;
  /** When the one who sets the status received the invoice (MDT-95), ISO. */
  receivedAt?: string;
}

export interface CdarCollected {
  /** Amount received including VAT, for this VAT rate. */
  amount: number;
  vatRate: number;
  currency: string;
}

export interface CdarFailedRule {
  id: string;
  text: string;
}

export interface LifecycleStatus {
  code: LifecycleCode;
  /** MDT-106; written as the standard's label, read as sent. */
  label?: string;
  /** MDT-4; by default `<number>_<code>_<date-time>`. */
  messageId?: string;
  /** MDT-8: when the message was made, ISO. */
  createdAt: string;
  /** MDT-78: when the status was set, ISO (createdAt by default). */
  setAt?: string;
  /** Who made the message (MDT-21): written by its role only. */
  sender: { role: string };
  issuer: CdarParty;
  recipients: CdarParty[];
  invoice: CdarInvoiceRef;
  reason?: { code: string; text?: string };
  requestedAction?: { code: string; text?: string };
  failedRules?: CdarFailedRule[];
  collected?: CdarCollected[];
}

/** A status that cannot be written, or a message that cannot be read: the French message says why. */
export class CdarError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CdarError';
  }
}

const ACTION_CODES = new Set(['NOA', 'PIN', 'NIN', 'CNF', 'CNP', 'CNA', 'OTH']);

function ts204(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) throw new CdarError(`Date et heure invalides : ${iso}`);
  return d.toISOString().slice(0, 19).replace(/[-T:]/g, '');
}

function fromTs204(s: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?(\d{2})?$/.exec(s.trim());
  if (!m) throw new CdarError(`Date et heure illisibles : ${s}`);
  return `${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}.000Z`;
}

function party(tag: string, p: CdarParty): string {
  const ids =
    (p.siren ? el('ram:GlobalID', p.siren, ' schemeID="0002"') : '') +
    (p.platformId ? el('ram:GlobalID', p.platformId, ' schemeID="0238"') : '');
  const uri = p.electronicAddress
    ? `<ram:URIUniversalCommunication>${el('ram:URIID', p.electronicAddress, ` schemeID="${esc(p.addressScheme ?? '0225')}"`)}</ram:URIUniversalCommunication>`
    : '';
  return `<${tag}>${ids}${el('ram:Name', p.name)}${el('ram:RoleCode', p.role)}${uri}</${tag}>`;
}

function check(status: LifecycleStatus): void {
  if (!isLifecycleCode(status.code)) throw new CdarError(`Code de statut inconnu : ${String(status.code)}`);
  const info = LIFECYCLE[status.code];
  if (!status.invoice.number) throw new CdarError('Le numéro de la facture manque.');
  if (!/^\d{9}$/.test(status.invoice.sellerSiren))
    throw new CdarError('Le SIREN du vendeur (9 chiffres) manque à la référence de la facture.');
  if (!/^\d{4}-\d{2}-\d{2}/.test(status.invoice.issueDate)) throw new CdarError('La date de la facture manque.');
  if (info.phase === 'processing' && !status.issuer.siren)
    throw new CdarError('Le SIREN de l’émetteur du statut manque (BR-FR-CDV-07).');
  if (!status.recipients.length) throw new CdarError('Le statut n’a aucun destinataire.');
  for (const r of status.recipients)
    if (r.role !== 'WK' && r.role !== 'DFH' && !r.electronicAddress)
      throw new CdarError(
        `L’adresse électronique du destinataire ${r.name ?? r.siren ?? r.role} manque (BR-FR-CDV-08).`,
      );
  if (info.reasonRequired && !status.reason?.code) throw new CdarError(`Le statut « ${info.label} » demande un motif.`);
  if (status.reason?.code && !reasonAllowed(status.code, status.reason.code))
    throw new CdarError(`Le motif ${status.reason.code} n’est pas admis pour le statut « ${info.label} ».`);
  if (status.requestedAction && !ACTION_CODES.has(status.requestedAction.code))
    throw new CdarError(`Action demandée inconnue : ${status.requestedAction.code}`);
  if (status.code === '212') {
    if (!status.collected?.length)
      throw new CdarError('Le statut « Encaissée » demande le montant encaissé par taux de TVA (BR-FR-CDV-14).');
    for (const c of status.collected)
      if (!Number.isFinite(c.amount) || !Number.isFinite(c.vatRate) || c.vatRate < 0)
        throw new CdarError('Montant encaissé ou taux de TVA invalide.');
  }
}

interface Detail {
  reasonCode?: string;
  reason?: string;
  actionCode?: string;
  action?: string;
  characteristics?: string;
}

function details(status: LifecycleStatus): Detail[] {
  const out: Detail[] = [];
  const collected = (status.collected ?? [])
    .map(
      (c) =>
        `<ram:SpecifiedDocumentCharacteristic><ram:TypeCode>MEN</ram:TypeCode>` +
        `<ram:ValueAmount currencyID="${esc(c.currency)}">${amount(c.amount)}</ram:ValueAmount>` +
        `<ram:ValuePercent>${quantity(c.vatRate)}</ram:ValuePercent></ram:SpecifiedDocumentCharacteristic>`,
    )
    .join('');
  if (status.reason || status.requestedAction || collected)
    out.push({
      reasonCode: status.reason?.code,
      reason: status.reason ? (status.reason.text ?? reasonLabel(status.reason.code)) : undefined,
      actionCode: status.requestedAction?.code,
      action: status.requestedAction?.text,
      characteristics: collected,
    });
  for (const rule of status.failedRules ?? [])
    out.push({ reasonCode: status.reason?.code, reason: `${rule.id} : ${rule.text}` });
  return out;
}

function detailXml(d: Detail, seq: number): string {
  return (
    '<ram:SpecifiedDocumentStatus>' +
    el('ram:ReasonCode', d.reasonCode) +
    el('ram:Reason', d.reason) +
    el('ram:RequestedActionCode', d.actionCode) +
    el('ram:RequestedAction', d.action) +
    `<ram:SequenceNumeric>${seq}</ram:SequenceNumeric>` +
    (d.characteristics ?? '') +
    '</ram:SpecifiedDocumentStatus>'
  );
}

/** The CDAR D22B message of a lifecycle status; throws CdarError when the status misses what the rules require. */
export function writeStatusMessage(status: LifecycleStatus): string {
  check(status);
  const info = LIFECYCLE[status.code];
  const created = ts204(status.createdAt);
  const label = status.label ?? info.label;
  const id = status.messageId ?? `${status.invoice.number}_${status.code}_${created}`;
  const name = `${status.invoice.number}-CDV-${status.code}_${info.label.replace(/ /g, '_')}`;
  const ref = status.invoice;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<rsm:CrossDomainAcknowledgementAndResponse xmlns:rsm="${CDAR_NS.rsm}" xmlns:ram="${CDAR_NS.ram}" xmlns:udt="${CDAR_NS.udt}" xmlns:qdt="${CDAR_NS.qdt}">` +
    '<rsm:ExchangedDocumentContext>' +
    '<ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>REGULATED</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter>' +
    `<ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${CDV_PROFILE}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>` +
    '</rsm:ExchangedDocumentContext>' +
    '<rsm:ExchangedDocument>' +
    el('ram:ID', id) +
    el('ram:Name', name) +
    `<ram:IssueDateTime><udt:DateTimeString format="204">${created}</udt:DateTimeString></ram:IssueDateTime>` +
    // The sender by its role only (MDT-21), as in the examples: a sender's GlobalID other than the public
    // portal's (0238) trips the B2G branch of BR-FR-CDV-CL-09 on « Refusée ».
    `<ram:SenderTradeParty>${el('ram:RoleCode', status.sender.role)}</ram:SenderTradeParty>` +
    party('ram:IssuerTradeParty', status.issuer) +
    status.recipients.map((r) => party('ram:RecipientTradeParty', r)).join('') +
    '</rsm:ExchangedDocument>' +
    '<rsm:AcknowledgementDocument>' +
    '<ram:MultipleReferencesIndicator><udt:Indicator>false</udt:Indicator></ram:MultipleReferencesIndicator>' +
    `<ram:TypeCode>${info.phase === 'transmission' ? '305' : '23'}</ram:TypeCode>` +
    `<ram:IssueDateTime><udt:DateTimeString format="204">${ts204(status.setAt ?? status.createdAt)}</udt:DateTimeString></ram:IssueDateTime>` +
    '<ram:ReferenceReferencedDocument>' +
    el('ram:IssuerAssignedID', ref.number) +
    el('ram:TypeCode', ref.typeCode) +
    (ref.receivedAt
      ? `<ram:ReceiptDateTime><udt:DateTimeString format="204">${ts204(ref.receivedAt)}</udt:DateTimeString></ram:ReceiptDateTime>`
      : '') +
    `<ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${date102(ref.issueDate)}</qdt:DateTimeString></ram:FormattedIssueDateTime>` +
    `<ram:ProcessConditionCode>${status.code}</ram:ProcessConditionCode>` +
    el('ram:ProcessCondition', label) +
    `<ram:IssuerTradeParty>${el('ram:GlobalID', ref.sellerSiren, ' schemeID="0002"')}</ram:IssuerTradeParty>` +
    details(status)
      .map((d, i) => detailXml(d, i + 1))
      .join('') +
    '</ram:ReferenceReferencedDocument>' +
    '</rsm:AcknowledgementDocument>' +
    '</rsm:CrossDomainAcknowledgementAndResponse>\n'
  );
}

// ---- reading ----

const ram = (e: XmlElement | undefined, name: string) => childOf(e, CDAR_NS.ram, name);
const text = (e: XmlElement | undefined) => e?.text.trim() ?? '';

function dateTimeOf(e: XmlElement | undefined): string | undefined {
  const s = e?.children.find((c) => c.name === 'DateTimeString');
  return s ? fromTs204(s.text) : undefined;
}

function readParty(e: XmlElement): CdarParty {
  const p: CdarParty = { role: text(ram(e, 'RoleCode')) };
  for (const g of childrenOf(e, CDAR_NS.ram, 'GlobalID')) {
    if (g.attrs.schemeID === '0238') p.platformId = text(g);
    else p.siren = text(g);
  }
  const name = text(ram(e, 'Name'));
  if (name) p.name = name;
  const uriEl = ram(ram(e, 'URIUniversalCommunication'), 'URIID');
  const uri = text(uriEl);
  if (uri) p.electronicAddress = uri;
  if (uri && uriEl?.attrs.schemeID && uriEl.attrs.schemeID !== '0225') p.addressScheme = uriEl.attrs.schemeID;
  return p;
}

const RULE_REASON = /^([A-Z][A-Za-z0-9]*(?:[-_.][A-Za-z0-9]+)+) : ([\s\S]*)$/;

function readDetails(ref: XmlElement, status: LifecycleStatus): void {
  const failed: CdarFailedRule[] = [];
  const collected: CdarCollected[] = [];
  for (const d of childrenOf(ref, CDAR_NS.ram, 'SpecifiedDocumentStatus')) {
    const code = text(ram(d, 'ReasonCode'));
    const reason = text(ram(d, 'Reason'));
    const rule = RULE_REASON.exec(reason);
    if (rule) failed.push({ id: rule[1], text: rule[2] });
    else if (code || reason) status.reason ??= { code, text: reason || undefined };
    const action = text(ram(d, 'RequestedActionCode'));
    if (action) status.requestedAction ??= { code: action, text: text(ram(d, 'RequestedAction')) || undefined };
    for (const c of childrenOf(d, CDAR_NS.ram, 'SpecifiedDocumentCharacteristic')) {
      if (text(ram(c, 'TypeCode')) !== 'MEN') continue;
      const a = ram(c, 'ValueAmount');
      collected.push({
        amount: Number(text(a)),
        vatRate: Number(text(ram(c, 'ValuePercent'))),
        currency: a?.attrs.currencyID ?? 'EUR',
      });
    }
  }
  if (!status.reason && failed.length) {
    const first = childrenOf(ref, CDAR_NS.ram, 'SpecifiedDocumentStatus')[0];
    const code = text(ram(first, 'ReasonCode'));
    if (code) status.reason = { code };
  }
  if (failed.length) status.failedRules = failed;
  if (collected.length) status.collected = collected;
}

/** A CDAR lifecycle message read back; throws CdarError (French) when it is not one. */
export function readStatusMessage(xml: string): LifecycleStatus {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (e) {
    throw new CdarError(`Message de cycle de vie illisible : ${(e as Error).message}`);
  }
  if (root.ns !== CDAR_NS.rsm || root.name !== 'CrossDomainAcknowledgementAndResponse')
    throw new CdarError('Ce fichier n’est pas un message de cycle de vie CDAR.');
  const doc = childOf(root, CDAR_NS.rsm, 'ExchangedDocument');
  const ack = childOf(root, CDAR_NS.rsm, 'AcknowledgementDocument');
  const ref = ram(ack, 'ReferenceReferencedDocument');
  if (!doc || !ack || !ref)
    throw new CdarError('Message de cycle de vie incomplet : document ou facture visée absents.');
  const code = text(ram(ref, 'ProcessConditionCode'));
  if (!isLifecycleCode(code)) throw new CdarError(`Code de statut inconnu : ${code || '(vide)'}`);
  const createdAt = dateTimeOf(ram(doc, 'IssueDateTime'));
  if (!createdAt) throw new CdarError('La date du message de cycle de vie manque.');
  const sender = ram(doc, 'SenderTradeParty');
  const issuer = ram(doc, 'IssuerTradeParty');
  const issueDate = text(ref.children.find((c) => c.name === 'FormattedIssueDateTime')?.children[0]);
  const status: LifecycleStatus = {
    code,
    label: text(ram(ref, 'ProcessCondition')) || lifecycleLabel(code),
    messageId: text(ram(doc, 'ID')) || undefined,
    createdAt,
    setAt: dateTimeOf(ram(ack, 'IssueDateTime')),
    sender: { role: text(ram(sender, 'RoleCode')) },
    issuer: issuer ? readParty(issuer) : { role: '' },
    recipients: childrenOf(doc, CDAR_NS.ram, 'RecipientTradeParty').map(readParty),
    invoice: {
      number: text(ram(ref, 'IssuerAssignedID')),
      typeCode: text(ram(ref, 'TypeCode')),
      issueDate: /^\d{8}$/.test(issueDate)
        ? `${issueDate.slice(0, 4)}-${issueDate.slice(4, 6)}-${issueDate.slice(6, 8)}`
        : '',
      sellerSiren: text(childrenOf(ram(ref, 'IssuerTradeParty'), CDAR_NS.ram, 'GlobalID')[0]),
      receivedAt: dateTimeOf(ram(ref, 'ReceiptDateTime')),
    },
  };
  if (!status.invoice.number) throw new CdarError('Le numéro de la facture visée manque au message.');
  readDetails(ref, status);
  return status;
}
