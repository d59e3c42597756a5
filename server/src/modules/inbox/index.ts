// The inbox is mounted with the documents (documents/index.ts): they share the file rules and stored bytes.
export { inboxModule } from './routes';
