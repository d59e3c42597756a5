// « Factures reçues » (issue 18): suppliers' e-invoices, read, checked and kept with their original file.
export { receivedInvoicesModule } from './routes';
