// The inbox shares the documents' file rules and stored bytes (documents/service.ts); it is mounted
// beside them by server/src/modules/index.ts.
export { inboxModule, type ReceivedInvoices } from './routes';
