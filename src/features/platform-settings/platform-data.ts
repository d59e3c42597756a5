// The reads of the platform feature (decision 082). Kept in memory: the settings carry what must not
// be written on the device, and the banner and the transmission are only true online.
import { defineServerData, type NoParams } from '../../data/sync/server-data';
import { can } from '../../domain/rights';
import {
  fetchInvoiceTransmission,
  fetchPlatformSettings,
  fetchPlatformSummary,
  type PlatformSettings,
  type PlatformSummary,
  type Transmission,
} from './api/platform-api';

export const platformSettingsData = defineServerData<NoParams, PlatformSettings>({
  key: 'platformSettings',
  keep: 'memory',
  fetch: (_, { companyId, signal }) => fetchPlatformSettings(companyId, signal),
});

export const platformSummaryData = defineServerData<NoParams, PlatformSummary>({
  key: 'platformSummary',
  keep: 'memory',
  maxAgeMs: 60_000,
  fetch: (_, { companyId, signal }) => fetchPlatformSummary(companyId, signal),
});

export const invoiceTransmissionData = defineServerData<{ id: number }, Transmission>({
  key: 'invoiceTransmission',
  keep: 'memory',
  pollMs: 10_000,
  fetch: ({ id }, { companyId, signal }) => fetchInvoiceTransmission(companyId, id, signal),
});

/** Who sets the platform: the firm, or the company's user administrator (decision 088). */
export const mayManagePlatform = (subject: Parameters<typeof can>[0]) => can(subject, 'managePlatform');
