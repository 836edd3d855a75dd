/** Accounts receivable (issue 15): the Accounting page's invoices, payments, aging and ready-to-invoice claims. */
export { Accounting } from './components/accounting';
export { ClaimInvoiceCard } from './components/claim-invoice-card';
