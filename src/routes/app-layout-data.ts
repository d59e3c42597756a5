// What the app's layout reads from the server (decision 082: datasets are declared in -data.ts files).
import { fetchMe } from '../features/auth/api/session-api';
import { defineServerData, type NoParams } from '../data/sync/server-data';
import { replaceProfile } from '../lib/session';

export const profileData = defineServerData<NoParams, Awaited<ReturnType<typeof fetchMe>>>({
  key: 'profile',
  keep: 'memory',
  perCompany: false,
  maxAgeMs: 5 * 60_000,
  fetch: async () => {
    const profile = await fetchMe();
    replaceProfile(profile);
    return profile;
  },
});
