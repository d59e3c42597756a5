// The local approved platform's own model (decision 087): a stand-in for a « plateforme agréée »
// speaking the AFNOR Flow Service and Directory Service, for the demo and the tests.

/** A company the platform's directory knows. `account` says it is a client of this platform. */
export interface DirectoryEntry {
  siren: string;
  siret?: string;
  name: string;
  entityType?: 'Public' | 'PrivateVatRegistered';
  address?: { line1?: string; postalCode?: string; locality?: string; countryCode?: string };
  /** Electronic addresses (scheme 0225) beyond the SIREN itself: `SIREN_SUFFIX`, routing codes. */
  suffixes?: string[];
  routingCodes?: Array<{ id: string; name: string }>;
  /** A client of this platform (its invoices are delivered here); otherwise served by another one. */
  account?: { clientId: string; clientSecret: string };
}

export type FlowSyntax = 'CII' | 'UBL' | 'Factur-X' | 'CDAR' | 'FRR';
export type FlowProfile = 'Basic' | 'CIUS' | 'Extended-CTC-FR' | 'Undefined';
export type FlowDirection = 'In' | 'Out';
export type AckStatus = 'Pending' | 'Ok' | 'Error';

export interface AckDetail {
  level: 'Error' | 'Warning';
  item: string;
  reasonCode: string;
  reasonMessage: string;
}

/** One flow as the platform keeps it: the Flow schema's fields, its owner and its file. */
export interface StoredFlow {
  flowId: string;
  /** The account (client_id) that sees this flow. */
  owner: string;
  trackingId?: string;
  name: string;
  processingRule: string;
  processingRuleSource: 'Input' | 'Computed';
  flowSyntax: FlowSyntax;
  flowProfile: FlowProfile;
  flowType: string;
  flowDirection: FlowDirection;
  sha256: string;
  submittedAt: string;
  updatedAt: string;
  acknowledgement: { status: AckStatus; details?: AckDetail[] };
  /** The file, base64 (kept so the journal is plain JSON lines). */
  file: string;
  /** What the platform read of it: the invoice it is or the invoice a status is about. */
  invoice?: {
    number: string;
    typeCode?: string;
    issueDate?: string;
    sellerSiren?: string;
    buyerSiren?: string;
    sellerAddress?: string;
    buyerAddress?: string;
  };
  status?: { code: string; label: string; reason?: string };
  /** For a delivered copy or a status: the flow it came from. */
  sourceFlowId?: string;
}

export interface Webhook {
  webhookId: string;
  owner: string;
  callbackUrl: string;
  flowTypes?: string[];
  flowDirection?: FlowDirection;
  ackStatus?: AckStatus;
  signingKey: string;
  createdAt: string;
}

/** What a test may ask of the platform (`control`, and POST /_control/… over HTTP). */
export interface PlatformControl {
  /** The next `count` invoice flows are rejected (« Rejetée », 213) with these rules. */
  reject(count?: number, rules?: string[]): void;
  /** The next `count` invoices delivered to a client are refused by their buyer (210, with a reason). */
  refuseAsBuyer(count?: number, reasonCode?: string, reason?: string): void;
  /** Every answer waits this long first. */
  latency(ms: number): void;
  /** Both services go away: 503 answers, or sockets closed without an answer. */
  down(mode?: '503' | 'close'): void;
  up(): void;
  /** The next `count` calls to the services answer 500. */
  fail5xx(count?: number): void;
  /** Emits a lifecycle status about an invoice flow to its sender (and its delivered copy's owner). */
  statusFor(flowId: string, code: string, reason?: string, reasonCode?: string): Promise<StoredFlow>;
  /** Forgets every flow, webhook and control setting (the directory and accounts stay). */
  reset(): void;
  /** Every flow the platform holds, oldest first (`owner` to keep one account's). */
  flows(owner?: string): StoredFlow[];
  /** Webhook calls made, with their answer status (for tests). */
  webhookCalls(): Array<{ url: string; status: number | null; body: string; headers: Record<string, string> }>;
  /** Resolves when no flow is being processed. */
  idle(): Promise<void>;
}
