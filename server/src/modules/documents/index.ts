// Documents (GED, decision 004); the inbox is mounted beside them by server/src/modules/index.ts.
export { documentsModule } from './routes';
