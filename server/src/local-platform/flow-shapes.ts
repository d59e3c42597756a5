import type { AckDetail, AckStatus, StoredFlow } from './types';

// The Flow Service's answer shapes (flow-service-1.3.0.json): what a stored flow looks like on
// the wire. `Flow` (search results, metadata, webhook calls) and `FullFlowInfo` (the 202 of a submission).

export interface Acknowledgement {
  status: AckStatus;
  details?: AckDetail[];
}

export const PROCESSING_RULES = [
  'B2B',
  'B2BInt',
  'B2C',
  'B2G',
  'B2GInt',
  'OutOfScope',
  'B2GOutOfScope',
  'ArchiveOnly',
  'NotApplicable',
  'Undefined',
] as const;
export const FLOW_SYNTAXES = ['CII', 'UBL', 'Factur-X', 'CDAR', 'FRR'] as const;
export const FLOW_PROFILES = ['Basic', 'CIUS', 'Extended-CTC-FR', 'Undefined'] as const;

export function fullFlowInfo(flow: StoredFlow) {
  return {
    flowId: flow.flowId,
    submittedAt: flow.submittedAt,
    ...(flow.trackingId ? { trackingId: flow.trackingId } : {}),
    name: flow.name,
    processingRule: flow.processingRule,
    flowSyntax: flow.flowSyntax,
    flowProfile: flow.flowProfile,
    sha256: flow.sha256,
  };
}

export function flowMetadata(flow: StoredFlow) {
  return {
    ...fullFlowInfo(flow),
    updatedAt: flow.updatedAt,
    flowType: flow.flowType,
    processingRuleSource: flow.processingRuleSource,
    flowDirection: flow.flowDirection,
    acknowledgement: flow.acknowledgement,
  };
}

/** The Error schema, with a French message (errorMessage). */
export const apiError = (errorCode: string, errorMessage: string) => ({ errorCode, errorMessage });
