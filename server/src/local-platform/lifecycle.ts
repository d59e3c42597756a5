import { writeStatusMessage, type CdarParty } from '../../../src/einvoice/cdar';
import {
  LIFECYCLE,
  lifecycleLabel,
  REASONS_BY_STATUS,
  type LifecycleCode,
} from '../../../src/einvoice/lifecycle-codes';
import type { StoredFlow } from './types';

// Lifecycle statuses the local platform emits (decision 087), as CDAR D22B messages written by the
// portal's own writer (src/einvoice/cdar.ts, decision 089): codes, labels and reasons are XP Z12-012's.

export const PLATFORM_PARTY: CdarParty = { role: 'WK', name: 'Plateforme agréée locale' };

export interface StatusInput {
  code: LifecycleCode;
  /** The seller's invoice flow the status is about. */
  invoice: StoredFlow;
  /** The seller's SIREN when the invoice does not give it (its sender's account). */
  sellerSiren: string;
  at: string;
  /** Who sets it: the platform, the buyer or the seller. */
  by: 'platform' | 'buyer' | 'seller';
  reasonCode?: string;
  reason?: string;
  rules?: Array<{ rule: string; message: string }>;
  collected?: Array<{ amount: number; vatRate: number; currency: string }>;
}

export const statusLabel = (code: string) => lifecycleLabel(code);

/** A status's reason: the one asked for when the status admits it, else the status's first. */
function reasonOf(s: StatusInput): { code: string; text?: string } | undefined {
  const allowed = REASONS_BY_STATUS[s.code] ?? [];
  const code =
    s.reasonCode && allowed.includes(s.reasonCode)
      ? s.reasonCode
      : LIFECYCLE[s.code].reasonRequired
        ? allowed[0]
        : undefined;
  return code ? { code, ...(s.reason ? { text: s.reason } : {}) } : undefined;
}

/** The CDAR message of a status (the one place a status becomes a file). */
export function statusMessage(s: StatusInput): string {
  const inv = s.invoice.invoice;
  const sellerSiren = inv?.sellerSiren && /^\d{9}$/.test(inv.sellerSiren) ? inv.sellerSiren : s.sellerSiren;
  const seller: CdarParty = { role: 'SE', siren: sellerSiren, electronicAddress: inv?.sellerAddress ?? sellerSiren };
  const buyer: CdarParty = {
    role: 'BY',
    ...(inv?.buyerSiren ? { siren: inv.buyerSiren } : {}),
    electronicAddress: inv?.buyerAddress ?? inv?.buyerSiren ?? 'inconnue',
  };
  const issuer = s.by === 'platform' ? PLATFORM_PARTY : s.by === 'buyer' ? buyer : seller;
  const recipients = s.by === 'seller' ? [buyer] : [seller];
  const reason = reasonOf(s);
  return writeStatusMessage({
    code: s.code,
    createdAt: s.at,
    sender: { role: 'WK' },
    issuer,
    recipients,
    invoice: {
      number: inv?.number ?? s.invoice.name,
      typeCode: inv?.typeCode ?? '380',
      issueDate: inv?.issueDate ?? s.invoice.submittedAt.slice(0, 10),
      sellerSiren,
      receivedAt: s.invoice.submittedAt,
    },
    ...(reason ? { reason } : {}),
    ...(s.rules?.length ? { failedRules: s.rules.map((r) => ({ id: r.rule, text: r.message })) } : {}),
    ...(s.collected?.length ? { collected: s.collected } : {}),
  });
}
