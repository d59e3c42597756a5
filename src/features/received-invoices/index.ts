// « Factures reçues » (decision 046): another feature or a route reaches this one through here.
export { ReceivedInvoicesPage } from './components/received-invoices-page';
export { ReceivedInvoicePage } from './components/received-invoice-page';
export { LifecycleBadge, LifecycleTrail } from './components/lifecycle-trail';
