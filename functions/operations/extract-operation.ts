/**
 * Extract as a pipeline operation (SPEC "POST /v1/extract"): invoices and
 * receipts (`category=financial`) or any document filled into a schema
 * (`category=non_financial`, from the request or the organization's stored
 * template).
 *
 * @module
 */
import { ApiError } from '../contracts/errors.ts';
import { TIER_LIMITS } from '../contracts/limits.ts';
import { ExtractForm, ExtractQuery, ExtractTemplate } from '../contracts/schemas/extract.ts';
import { disagreementWarning, eInvoiceDisagreements, readEInvoice, withEInvoice } from '../engines/extract/e-invoice.ts';
import { localExtractor } from '../engines/extract/extractor.ts';
import { languageModelExtractor } from '../engines/hosted/extract.ts';
import { fallbackMetadata, runLanguageModelEngine } from './language-model-engine.ts';
import type { OperationSpec } from '../pipeline/operation.ts';
import { extractForRequest } from './segmented-extract.ts';
import { readingMetadata } from './document-metadata.ts';

export const extractOperation: OperationSpec<ExtractQuery, ExtractForm> = {
  operation: 'extract',
  endpoint: '/v1/extract',
  querySchema: ExtractQuery,
  formSchema: ExtractForm,
  forceRefresh: (q) => q.force_refresh,
  params: (q, f) => ({ category: q.category, parse_mode: q.parse_mode, schema: f.schema ?? null, ...(q.languages ? { languages: q.languages.join(',') } : {}) }),
  priceMode: (q) => q.parse_mode,
  pageCap: (q, limits, raised) =>
    q.parse_mode === 'advanced' ? (raised && limits.raised ? limits.raised.advancedPages : limits.advancedPages) : undefined,
  authorize(query, principal) {
    if (query.parse_mode === 'advanced' && !TIER_LIMITS[principal.tier].advancedParseMode) {
      throw new ApiError('plan_required', 'parse_mode=advanced needs the Pro or Enterprise plan.', { details: { tier: principal.tier } });
    }
  },
  async execute(context) {
    const { deps, principal, query, form, signal } = context;
    const organization = await deps.accounts.getOrganization(principal.orgId);
    if (query.parse_mode === 'advanced' && organization?.extractAdvancedEnabled === false) {
      throw new ApiError('invalid_option', 'parse_mode=advanced is not enabled for this organization; ask your administrator, or use parse_mode=fast.');
    }
    let schema = form.schema;
    if (query.category === 'non_financial' && !schema) {
      const stored = organization?.extractTemplate ? ExtractTemplate.safeParse(organization.extractTemplate) : undefined;
      if (!stored?.success) {
        throw new ApiError('invalid_request', 'category=non_financial needs a schema form field, or a template stored for the organization (admin set-template).');
      }
      schema = stored.data;
    }
    const local = deps.extractor ?? localExtractor;
    // Advanced reads rulings and figures too: ruled tables are found from their lines.
    // Text a reader cannot see is left out (and said in metadata.warnings): a document must not steer extract with it.
    const parsed = await extractForRequest(context, { graphics: query.parse_mode === 'advanced', languages: query.languages, visibleOnly: true });
    // The deployment's language model when extract runs on Bedrock, with the local extractor behind it.
    const run = <T>(work: (extractor: typeof local) => Promise<T>) =>
      // The caller's schema is caller text in the prompt (its own token budget).
      runLanguageModelEngine(deps, 'extract', (model) => work(languageModelExtractor(model)), () => work(local), signal, schema ? JSON.stringify(schema) : '');
    const common = (answer: { hostedModel?: string }) => ({
      modelUsed: [...parsed.engines, answer.hostedModel ?? local.model].join('+'),
      pages: parsed.pages.length,
    });
    if (query.category === 'non_financial') {
      const answer = await run((extractor) => extractor.fillSchema(schema!, parsed.pages, signal));
      const filled = answer.value;
      return {
        ...common(answer),
        // SPEC: an extract result's `entities` maps field names to values, and for non_financial it follows the
        // supplied schema: the filled schema goes there, and stays in `data` for clients written before.
        result: {
          entities: filled.result as Record<string, unknown>,
          data: filled.result as Record<string, unknown>,
          confidence: filled.confidence,
          schema_source: form.schema ? 'request' : 'template',
        },
        metadata: { category: query.category, parse_mode: query.parse_mode, file_type: parsed.kind, ...readingMetadata(parsed), ...fallbackMetadata(answer) },
      };
    }
    const answer = await run((extractor) => extractor.financial(parsed.pages, signal));
    const fromPages = answer.value;
    // A Factur-X/ZUGFeRD/XRechnung PDF (or an e-invoice XML upload) carries the invoice as data: exact, and it prevails.
    const eInvoice = readEInvoice((await context.document.dataFiles?.()) ?? []);
    const extraction = eInvoice ? withEInvoice(fromPages, eInvoice.extraction) : fromPages;
    // Where the XML and the visible invoice disagree (totals, IBAN, parties), both values are said; the XML one is reported.
    // An XML upload has no visible invoice to compare with: its "pages" are the XML's own text.
    const disagreements = eInvoice && parsed.kind !== 'xml' ? eInvoiceDisagreements(fromPages, eInvoice.extraction) : [];
    const reading = readingMetadata(parsed);
    const warnings = [...(reading.warnings ?? []), ...disagreements.map(disagreementWarning)];
    const used = common(answer);
    return {
      ...used,
      ...(eInvoice ? { modelUsed: `${used.modelUsed}+e-invoice-${eInvoice.format}` } : {}),
      result: {
        entities: extraction.entities,
        confidence: extraction.confidence,
        line_items: extraction.line_items,
        citations: extraction.citations ?? { entities: {}, line_items: extraction.line_items.map(() => null) },
      },
      metadata: {
        category: query.category,
        parse_mode: query.parse_mode,
        file_type: parsed.kind,
        ...reading,
        ...(warnings.length ? { warnings } : {}),
        ...(eInvoice ? { e_invoice: { format: eInvoice.format, file: eInvoice.file, ...(disagreements.length ? { disagreements } : {}) } } : {}),
        ...fallbackMetadata(answer),
      },
    };
  },
};
