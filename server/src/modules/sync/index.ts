// The outbox's batch endpoint (decision 026). Mounted by createApp, which gives it the app to dispatch to.
export { syncBatchModule } from './routes';
export type { Dispatch } from './service';
