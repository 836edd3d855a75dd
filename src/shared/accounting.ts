/**
 * Accounts receivable (issue 15, PRODUCT.md §2 Invoice), by responsibility: what an invoice is and how it is
 * numbered (accounting-documents.ts), its totals (invoice-totals.ts), the billing fields (accounting-fields.ts),
 * the invoice API (invoice-schemas.ts), payments and credit notes (payment-schemas.ts), and what may be done to
 * an invoice (accounting.policy.ts). Importers keep reading them from here.
 */
export * from './accounting-documents.js';
export * from './invoice-totals.js';
export * from './accounting-fields.js';
export * from './invoice-schemas.js';
export * from './payment-schemas.js';
