/** The invoice ranker's candidates of one invented page, as the extraction offers them (no model: features only). */
import { extractFinancial } from '../../../functions/engines/extract/financial.ts';
import type { InvoiceCandidate, InvoiceField } from '../../../functions/engines/extract/invoice-candidates.ts';
import type { buildPage } from './page-builder.ts';

export function candidatesOf(page: ReturnType<typeof buildPage>): Record<InvoiceField, InvoiceCandidate[]> {
  let seen: Record<InvoiceField, InvoiceCandidate[]> | undefined;
  extractFinancial([page], { invoiceModel: null, onInvoiceCandidates: (c) => (seen = c) });
  return seen!;
}
