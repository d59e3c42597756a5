import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Acknowledgement } from './flow-shapes';
import type { StoredFlow, Webhook } from './types';

// The local platform's memory (decision 087): flows and webhooks in maps, and when a data folder is
// given, every change appended to one JSON-lines journal read back at start, so the demo keeps its
// flows across restarts. A line is written whole with one synchronous append before the answer.

type JournalEvent =
  | { t: 'flow'; flow: StoredFlow }
  | { t: 'ack'; flowId: string; acknowledgement: Acknowledgement; updatedAt: string }
  | { t: 'set'; flowId: string; patch: Partial<Pick<StoredFlow, 'invoice' | 'flowType' | 'status'>> }
  | { t: 'webhook'; webhook: Webhook }
  | { t: 'unhook'; webhookId: string }
  | { t: 'reset' };

export const JOURNAL_FILE = 'local-platform.ndjson';

export class PlatformStore {
  readonly flows = new Map<string, StoredFlow>();
  readonly webhooks = new Map<string, Webhook>();
  /** Each flow's rank of arrival: the search's order among flows updated in the same millisecond. */
  private readonly rank = new Map<string, number>();
  private readonly journal: string | null;

  constructor(dataDir: string | null) {
    this.journal = dataDir ? join(dataDir, JOURNAL_FILE) : null;
    if (!dataDir || !this.journal) return;
    mkdirSync(dataDir, { recursive: true });
    if (!existsSync(this.journal)) return;
    for (const line of readFileSync(this.journal, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        this.apply(JSON.parse(line) as JournalEvent);
      } catch {
        // A line cut by a crash mid-write is the last one: what came before it stands.
      }
    }
  }

  private apply(event: JournalEvent): void {
    if (event.t === 'flow') {
      this.flows.set(event.flow.flowId, event.flow);
      this.rank.set(event.flow.flowId, this.rank.size);
    } else if (event.t === 'ack') {
      const flow = this.flows.get(event.flowId);
      if (flow) Object.assign(flow, { acknowledgement: event.acknowledgement, updatedAt: event.updatedAt });
    } else if (event.t === 'set') {
      const flow = this.flows.get(event.flowId);
      if (flow) Object.assign(flow, event.patch);
    } else if (event.t === 'webhook') this.webhooks.set(event.webhook.webhookId, event.webhook);
    else if (event.t === 'unhook') this.webhooks.delete(event.webhookId);
    else {
      this.flows.clear();
      this.webhooks.clear();
      this.rank.clear();
    }
  }

  private write(event: JournalEvent): void {
    this.apply(event);
    if (this.journal) appendFileSync(this.journal, `${JSON.stringify(event)}\n`);
  }

  addFlow(flow: StoredFlow): void {
    this.write({ t: 'flow', flow });
  }

  acknowledge(flowId: string, acknowledgement: Acknowledgement, updatedAt: string): void {
    this.write({ t: 'ack', flowId, acknowledgement, updatedAt });
  }

  /** What the platform learnt of a flow by reading it (kept in the journal: statuses are routed by it after a restart). */
  annotate(flowId: string, patch: Partial<Pick<StoredFlow, 'invoice' | 'flowType' | 'status'>>): void {
    this.write({ t: 'set', flowId, patch });
  }

  addWebhook(webhook: Webhook): void {
    this.write({ t: 'webhook', webhook });
  }

  removeWebhook(webhookId: string): void {
    this.write({ t: 'unhook', webhookId });
  }

  reset(): void {
    this.write({ t: 'reset' });
  }

  rankOf(flowId: string): number {
    return this.rank.get(flowId) ?? -1;
  }

  /** Flows in the order the search pages them: last update, then arrival. */
  ordered(): StoredFlow[] {
    return [...this.flows.values()].sort((a, b) =>
      a.updatedAt === b.updatedAt ? this.rankOf(a.flowId) - this.rankOf(b.flowId) : a.updatedAt < b.updatedAt ? -1 : 1,
    );
  }
}
