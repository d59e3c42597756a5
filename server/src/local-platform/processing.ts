import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { Clock } from '../clock/clock';
import { flowMetadata } from './flow-shapes';
import type { LifecycleCode } from '../../../src/einvoice/lifecycle-codes';
import { readInvoiceRouting, readStatus } from './invoice-reading';
import { statusLabel, statusMessage, type StatusInput } from './lifecycle';
import type { PlatformStore } from './store';
import type { AckDetail, DirectoryEntry, StoredFlow } from './types';
import { validateFlowFile } from './validation';

// What the local platform does with a flow once it has answered 202 (decision 087): an invoice is
// checked by the official validators, then « Déposée » (200) or « Rejetée » (213, with the failed
// rules) goes back to its sender as a lifecycle flow; if its buyer's electronic address is a client
// of this platform, a copy arrives there (direction In) and « Mise à disposition » (203) goes to the
// seller. A status sent by one party about a delivered invoice is forwarded to the other.

export interface Tweaks {
  rejectNext: number;
  rejectRules: string[];
  refuseNext: number;
  refuseReasonCode: string;
  refuseReason: string;
}

export const noTweaks = (): Tweaks => ({
  rejectNext: 0,
  rejectRules: [],
  refuseNext: 0,
  refuseReasonCode: 'NON_CONFORME',
  refuseReason: '',
});

export interface WebhookCall {
  url: string;
  status: number | null;
  body: string;
  headers: Record<string, string>;
}

/** The signature of a webhook call: base64 HMAC-SHA-256, keyed by the signing key's bytes, of the hex SHA-256 of `${body}@${timestamp}`. */
export function signWebhook(signingKey: string, body: string, timestamp: number): string {
  const fingerprint = createHash('sha256').update(`${body}@${timestamp}`).digest('hex');
  return createHmac('sha256', Buffer.from(signingKey, 'base64')).update(fingerprint).digest('base64');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Processor {
  readonly tweaks: Tweaks = noTweaks();
  readonly calls: WebhookCall[] = [];
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly store: PlatformStore,
    private readonly directory: () => DirectoryEntry[],
    private readonly now: Clock,
  ) {}

  /** Runs `work` after the answer, tracked so that `idle()` can wait for it. */
  track(work: Promise<unknown>): void {
    const p = work.catch((error) => console.error('Plateforme locale : traitement d’un flux en échec.', error));
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  async idle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  private iso = () => this.now().toISOString();

  /** The entry (with its account) an electronic address (0225) names, SIREN first. */
  entryOfAddress(address: string | undefined): DirectoryEntry | undefined {
    if (!address) return undefined;
    return this.directory().find(
      (e) =>
        e.siren === address ||
        (e.suffixes ?? []).includes(address) ||
        (e.routingCodes ?? []).some((r) => `${e.siret ?? e.siren}_${r.id}` === address),
    );
  }

  /** A new flow the platform creates (a delivered copy, a status) and announces to its owner's webhooks. */
  private emit(
    flow: Omit<StoredFlow, 'flowId' | 'submittedAt' | 'updatedAt' | 'sha256'> & { file: string },
  ): StoredFlow {
    const at = this.iso();
    const stored: StoredFlow = {
      ...flow,
      flowId: randomUUID(),
      submittedAt: at,
      updatedAt: at,
      sha256: createHash('sha256').update(Buffer.from(flow.file, 'base64')).digest('hex'),
    };
    this.store.addFlow(stored);
    this.notify(stored);
    return stored;
  }

  /** The SIREN of the account that owns a flow (`pa-<SIREN>` for the demo's). */
  sirenOf(owner: string): string {
    return this.directory().find((e) => e.account?.clientId === owner)?.siren ?? '000000000';
  }

  /** A lifecycle status about `invoice` (the seller's original flow) for `owner`, set by `by`. */
  emitStatus(
    owner: string,
    invoice: StoredFlow,
    code: LifecycleCode,
    by: StatusInput['by'],
    extra: Pick<StatusInput, 'reasonCode' | 'reason' | 'rules' | 'collected'> = {},
  ): StoredFlow {
    const xml = statusMessage({
      code,
      invoice,
      sellerSiren: this.sirenOf(invoice.owner),
      at: this.iso(),
      by,
      ...extra,
    });
    const forBuyer = owner !== invoice.owner;
    return this.emit({
      owner,
      name: `CDV-${code}-${(invoice.invoice?.number ?? invoice.flowId).replace(/[^\w-]/g, '_')}.xml`,
      processingRule: invoice.processingRule,
      processingRuleSource: 'Computed',
      flowSyntax: 'CDAR',
      flowProfile: 'Undefined',
      flowType: forBuyer ? 'SupplierInvoiceLC' : 'CustomerInvoiceLC',
      flowDirection: 'In',
      acknowledgement: { status: 'Ok' },
      file: Buffer.from(xml).toString('base64'),
      invoice: invoice.invoice,
      status: { code, label: statusLabel(code), ...(extra.reason ? { reason: extra.reason } : {}) },
      sourceFlowId: invoice.flowId,
    });
  }

  private acknowledge(flow: StoredFlow, status: 'Ok' | 'Error', details?: AckDetail[]): void {
    this.store.acknowledge(flow.flowId, { status, ...(details?.length ? { details } : {}) }, this.iso());
    this.notify(flow);
  }

  /** What happens to a submitted flow, after its 202. */
  async process(flow: StoredFlow): Promise<void> {
    if (flow.flowSyntax === 'CDAR') return this.processStatus(flow);
    if (flow.flowSyntax === 'FRR') return this.acknowledge(flow, 'Ok');
    return this.processInvoice(flow);
  }

  private async processInvoice(flow: StoredFlow): Promise<void> {
    const bytes = Buffer.from(flow.file, 'base64');
    const routing = await readInvoiceRouting(bytes);
    if (!routing) {
      const detail = {
        level: 'Error' as const,
        item: flow.name,
        reasonCode: 'InvalidSchema',
        reasonMessage: 'Le fichier n’est ni une facture CII, ni une UBL, ni une Factur-X lisible.',
      };
      this.acknowledge(flow, 'Error', [detail]);
      this.emitStatus(flow.owner, flow, '213', 'platform', { reasonCode: 'REJ_COH', reason: detail.reasonMessage });
      return;
    }
    this.store.annotate(flow.flowId, {
      invoice: { ...routing, buyerAddress: routing.buyerAddress ?? routing.buyerSiren },
    });
    const failed = await this.failedRules(bytes, flow.name);
    if (failed.length) {
      this.acknowledge(
        flow,
        'Error',
        failed.map((f) => ({
          level: 'Error',
          item: f.rule,
          reasonCode: 'OtherTechnicalError',
          reasonMessage: f.message,
        })),
      );
      this.emitStatus(flow.owner, flow, '213', 'platform', { reasonCode: 'REJ_SEMAN', rules: failed });
      return;
    }
    const known = this.entryOfAddress(flow.invoice?.buyerAddress);
    if (!known) {
      const reason = `L’adresse électronique ${flow.invoice?.buyerAddress ?? '(absente)'} du destinataire est inconnue de l’annuaire.`;
      this.acknowledge(flow, 'Error', [
        { level: 'Error', item: 'BT-49', reasonCode: 'OtherTechnicalError', reasonMessage: reason },
      ]);
      this.emitStatus(flow.owner, flow, '213', 'platform', { reasonCode: 'DEST_INC', reason });
      return;
    }
    this.acknowledge(flow, 'Ok');
    this.emitStatus(flow.owner, flow, '200', 'platform');
    this.deliver(flow);
  }

  private async failedRules(bytes: Uint8Array, name: string) {
    if (this.tweaks.rejectNext > 0) {
      this.tweaks.rejectNext -= 1;
      const rules = this.tweaks.rejectRules.length ? this.tweaks.rejectRules : ['BR-FR-12'];
      return rules.map((rule) => ({ rule, message: `Règle ${rule} non respectée (rejet demandé par le test).` }));
    }
    return validateFlowFile(bytes, name);
  }

  /** The buyer's copy, when its address is a client of this platform. */
  private deliver(flow: StoredFlow): void {
    const entry = this.entryOfAddress(flow.invoice?.buyerAddress);
    const buyer = entry?.account?.clientId;
    if (!buyer) return;
    const copy = this.emit({
      owner: buyer,
      trackingId: undefined,
      name: flow.name,
      processingRule: flow.processingRule,
      processingRuleSource: flow.processingRuleSource,
      flowSyntax: flow.flowSyntax,
      flowProfile: flow.flowProfile,
      flowType: 'SupplierInvoice',
      flowDirection: 'In',
      acknowledgement: { status: 'Ok' },
      file: flow.file,
      invoice: flow.invoice,
      sourceFlowId: flow.flowId,
    });
    this.emitStatus(flow.owner, flow, '203', 'platform');
    if (this.tweaks.refuseNext > 0) {
      this.tweaks.refuseNext -= 1;
      const refusal = {
        reasonCode: this.tweaks.refuseReasonCode,
        reason: this.tweaks.refuseReason || 'Refus demandé par le test.',
      };
      this.emitStatus(flow.owner, flow, '210', 'buyer', refusal);
    }
    void copy;
  }

  /** A status a client sends: forwarded to the other party of the invoice it names. */
  private processStatus(flow: StoredFlow): void {
    const reading = readStatus(Buffer.from(flow.file, 'base64'));
    const fail = (reasonCode: string, reasonMessage: string) =>
      this.acknowledge(flow, 'Error', [{ level: 'Error', item: flow.name, reasonCode, reasonMessage }]);
    if (!reading)
      return fail('InvalidSchema', 'Le message de cycle de vie (CDAR) est illisible : statut ou facture absents.');
    const flows = [...this.store.flows.values()];
    const same = (f: StoredFlow) =>
      f.invoice?.number === reading.invoiceNumber &&
      (!reading.sellerSiren || !f.invoice?.sellerSiren || f.invoice.sellerSiren === reading.sellerSiren);
    // The buyer speaks of an invoice delivered to it: the seller gets the status.
    const received = flows.find((f) => f.owner === flow.owner && f.flowType === 'SupplierInvoice' && same(f));
    // The seller speaks of its own invoice (« Encaissée »): the buyer gets it, if it is a client here.
    const sent = flows.find((f) => f.owner === flow.owner && f.flowType === 'CustomerInvoice' && same(f));
    const invoice = received ? this.store.flows.get(received.sourceFlowId ?? '') : sent;
    if (!invoice)
      return fail(
        'InvoiceLCRuleError',
        `Aucune facture ${reading.invoiceNumber} connue de la plateforme pour ce compte.`,
      );
    this.store.annotate(flow.flowId, {
      flowType: received ? 'SupplierInvoiceLC' : 'CustomerInvoiceLC',
      invoice: invoice.invoice,
      status: {
        code: reading.code,
        label: statusLabel(reading.code),
        ...(reading.reason ? { reason: reading.reason } : {}),
      },
    });
    this.acknowledge(flow, 'Ok');
    const stored = this.store.flows.get(flow.flowId)!;
    const to = received
      ? invoice.owner
      : flows.find((f) => f.sourceFlowId === invoice.flowId && f.flowType === 'SupplierInvoice')?.owner;
    if (!to) return;
    this.emit({
      owner: to,
      name: flow.name,
      processingRule: flow.processingRule,
      processingRuleSource: 'Computed',
      flowSyntax: 'CDAR',
      flowProfile: 'Undefined',
      flowType: received ? 'CustomerInvoiceLC' : 'SupplierInvoiceLC',
      flowDirection: 'In',
      acknowledgement: { status: 'Ok' },
      file: flow.file,
      invoice: invoice.invoice,
      status: stored.status,
      sourceFlowId: flow.flowId,
    });
  }

  /** Calls the owner's webhooks whose filters match, signed (Afnor-Signature), retried twice. */
  notify(flow: StoredFlow): void {
    const hooks = [...this.store.webhooks.values()].filter(
      (w) =>
        w.owner === flow.owner &&
        (!w.flowTypes?.length || w.flowTypes.includes(flow.flowType)) &&
        (!w.flowDirection || w.flowDirection === flow.flowDirection) &&
        (!w.ackStatus || w.ackStatus === flow.acknowledgement.status),
    );
    for (const hook of hooks)
      this.track(this.call(hook.callbackUrl, hook.signingKey, JSON.stringify(flowMetadata(flow))));
  }

  private async call(url: string, key: string, body: string): Promise<void> {
    for (const wait of [0, 300, 1500]) {
      if (wait) await sleep(wait);
      const timestamp = Math.floor(this.now().getTime() / 1000);
      const headers = {
        'content-type': 'application/json',
        'afnor-signature': signWebhook(key, body, timestamp),
        'afnor-signature-timestamp': String(timestamp),
      };
      const record: WebhookCall = { url, status: null, body, headers };
      this.calls.push(record);
      try {
        const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5000) });
        record.status = res.status;
        await res.body?.cancel();
        if (res.status < 500) return;
      } catch {
        // Unreachable receiver: tried again, then given up (the receiver polls the search as well).
      }
    }
  }
}
