// « Factures reçues » (decision 046): suppliers' e-invoices, read, checked and kept with their original file.
export { receivedInvoicesModule } from './routes';
