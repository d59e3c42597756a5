// The company's approved platform (decision 088): its settings (online only, the secrets never come
// back), the connection test, the banner's summary and an invoice's transmission.
import { api } from '../../../contract/index';
import type { PlatformSettings, PlatformSettingsBody, PlatformSummary, Transmission } from '../../../contract/platform';
import { call } from '../../../data/api-call';

export type { PlatformSettings, PlatformSettingsBody, PlatformSummary, Transmission } from '../../../contract/platform';

export const fetchPlatformSettings = (companyId: number, signal?: AbortSignal): Promise<PlatformSettings> =>
  call(api.platform.getPlatformSettings, { companyId, options: { signal } });

export const savePlatformSettings = (companyId: number, body: PlatformSettingsBody): Promise<PlatformSettings> =>
  call(api.platform.updatePlatformSettings, { companyId, body });

export const testPlatformConnection = (companyId: number): Promise<{ ok: boolean; message: string }> =>
  call(api.platform.testPlatformConnection, { companyId });

export const fetchPlatformSummary = (companyId: number, signal?: AbortSignal): Promise<PlatformSummary> =>
  call(api.platform.getPlatformSummary, { companyId, options: { signal } });

export const fetchInvoiceTransmission = (companyId: number, id: number, signal?: AbortSignal): Promise<Transmission> =>
  call(api.platform.getInvoiceTransmission, { companyId, params: { id }, options: { signal } });
