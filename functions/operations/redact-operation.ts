/**
 * Redact as a pipeline operation (SPEC "POST /v1/redact"): PII found over
 * the document model's words, masked on page images (black boxes, or
 * synthetic values in de-identify mode), returned as short-lived links
 * (`output=urls`), inline base64 PNGs, or one redacted PDF with an
 * invisible text layer of the words left (`output=pdf`, beyond the spec).
 *
 * @module
 */
import { LIFETIMES, SYNC_REDACT_MAX_PAGES } from '../contracts/limits.ts';
import { RedactForm, RedactQuery } from '../contracts/schemas/redact.ts';
import { objectKeys } from '../contracts/storage.ts';
import { detectPii, type DetectionConfig, type PiiSpan } from '../engines/redact/detect.ts';
import {
  asksHostedDetector,
  detectPiiWithService,
  piiLanguageCode,
  type HostedTextLimit,
  type PageTextRange,
} from '../engines/redact/hosted-detect.ts';
import { maskPages, redactedPdfPages, type MaskPagesOptions } from '../engines/redact/mask-pages.ts';
import { buildRedactedPdf } from '../engines/redact/redacted-pdf.ts';
import { redactedEmailSummary } from '../engines/redact/email-metadata.ts';
import { planRenderedRedaction } from '../engines/redact/rendered-redaction.ts';
import { ApiError } from '../contracts/errors.ts';
import { withLocalFallback, type EngineOutcome } from './engine-fallback.ts';
import type { OperationContext, OperationSpec } from '../pipeline/operation.ts';
import { extractForRequest } from './segmented-extract.ts';
import { readingMetadata } from './document-metadata.ts';

/** Masked pages are rendered at this resolution: readable, and small enough to ship 36 inline. */
const MASK_DPI = 150;

export interface RedactedPageLink {
  page_number: number;
  image_url: string;
}

export interface RedactedPageInline {
  page_number: number;
  content_type: 'image/png';
  width: number;
  height: number;
  image_base64: string;
}

function detectionConfig(form: RedactForm): DetectionConfig {
  const config = form.pii_config;
  return {
    mode: config?.mode ?? 'extend',
    types: (config?.types ?? []).map((t) => ({ name: t.name, description: t.description, hasSyntheticReplacement: t.has_synthetic_replacement })),
  };
}

/** The local detector's name in `model_used`. */
const LOCAL_PII_ENGINE = 'docintel-pii@1';

/**
 * The PII spans of the pages: with Amazon Comprehend when the deployment
 * chose it (custom types and the built-in types it has no equivalent of stay
 * on the local detector), the local detector answering when Comprehend
 * cannot; else the local detector alone.
 */
async function findSpans(
  context: OperationContext<RedactQuery, RedactForm>,
  text: string,
  pages: readonly PageTextRange[],
  config: DetectionConfig,
): Promise<EngineOutcome<{ spans: PiiSpan[]; engine: string; hostedTextLimit?: HostedTextLimit }>> {
  const { deps, query, signal } = context;
  const local = async () => ({ spans: await detectPii(text, config, signal), engine: LOCAL_PII_ENGINE });
  const service = deps.engines?.redact === 'comprehend' ? deps.hosted?.piiDetection : undefined;
  // Only custom types asked for: Comprehend has nothing to answer, and `model_used` must not name it.
  if (!service || !asksHostedDetector(config)) return { value: await local() };
  return withLocalFallback(
    'redact',
    'comprehend',
    async () => {
      let hostedTextLimit: HostedTextLimit | undefined;
      // Each page and the request are capped (HOSTED_SPEND_LIMITS); the text past the caps is detected locally.
      const options = {
        languageCode: piiLanguageCode(query.languages),
        signal,
        pages,
        onLimit: (limit: HostedTextLimit) => (hostedTextLimit = limit),
      };
      const spans = await detectPiiWithService(text, config, service, options);
      // The local recognizers still answer for custom types and the types Comprehend lacks.
      return { spans, engine: `${LOCAL_PII_ENGINE}+${service.name}`, ...(hostedTextLimit ? { hostedTextLimit } : {}) };
    },
    local,
    signal,
  );
}

type RenderedPages = Awaited<ReturnType<typeof planRenderedRedaction>>['pages'];
type Masking = Omit<MaskPagesOptions<'png'>, 'format'>;

/**
 * The masked pages in the requested output: one redacted PDF (stored, linked),
 * page images stored and linked (`urls`), or inline base64 PNGs; with the
 * number of logos masked.
 */
async function maskedOutput(
  context: OperationContext<RedactQuery, RedactForm>,
  parsedPages: readonly { pageNumber: number }[],
  rendered: RenderedPages,
  masking: Masking,
): Promise<{ pages: (RedactedPageLink | RedactedPageInline | { page_number: number })[]; logos: number; pdf?: { pdf_url: string } }> {
  const { deps, principal, requestId, query, assets, signal } = context;
  const pages: (RedactedPageLink | RedactedPageInline | { page_number: number })[] = [];
  let logos = 0;
  if (query.output === 'pdf') {
    const masked = await maskPages(rendered, { ...masking, format: 'flate-rgb' });
    for (const [pageIndex, page] of parsedPages.entries()) {
      logos += masked[pageIndex].logos;
      pages.push({ page_number: page.pageNumber });
    }
    signal?.throwIfAborted();
    const key = objectKeys.storedRedactedPdf(principal.orgId, requestId);
    await deps.blobs.put(key, await buildRedactedPdf(redactedPdfPages(rendered, masked)), 'application/pdf');
    // Same lifetime as page image links (15 minutes), re-signed on every later read.
    return { pages, logos, pdf: { pdf_url: (await assets.sign(key, LIFETIMES.pageImageUrlSeconds, ['result', 'pdf_url'])).url } };
  }
  const masked = await maskPages(rendered, { ...masking, format: 'png' });
  for (const [pageIndex, page] of parsedPages.entries()) {
    const result = masked[pageIndex];
    logos += result.logos;
    if (query.output === 'urls') {
      const key = objectKeys.storedPageImage(principal.orgId, requestId, page.pageNumber);
      await deps.blobs.put(key, result.png, 'image/png');
      const link = await assets.sign(key, LIFETIMES.pageImageUrlSeconds, ['result', 'pages', pages.length, 'image_url']);
      pages.push({ page_number: page.pageNumber, image_url: link.url });
    } else {
      pages.push({
        page_number: page.pageNumber,
        content_type: 'image/png',
        width: result.width,
        height: result.height,
        image_base64: Buffer.from(result.png).toString('base64'),
      });
    }
  }
  return { pages, logos };
}

export const redactOperation: OperationSpec<RedactQuery, RedactForm> = {
  operation: 'redact',
  endpoint: '/v1/redact',
  querySchema: RedactQuery,
  formSchema: RedactForm,
  forceRefresh: (q) => q.force_refresh,
  params: (q, f) => ({
    mode: q.mode,
    include_logos: q.include_logos,
    output: q.output ?? 'inline',
    pii_config: f.pii_config ?? null,
    ...(q.languages ? { languages: q.languages.join(',') } : {}),
  }),
  priceMode: () => 'fast',
  // Spec: inline base64 up to 36 pages, links up to 60 (the PDF is a link too); refused with 413 before any billable work.
  pageCap: (q, limits) => (q.output === 'urls' || q.output === 'pdf' ? limits.redactUrlPages : limits.redactInlinePages),
  // Every page is rendered, masked and encoded: a synchronous call takes at most what fits in 29 s on a busy machine; more goes as a job.
  syncPageCap: () => SYNC_REDACT_MAX_PAGES,
  async execute(context) {
    const { deps, query, form, document, signal } = context;
    // A dynamic XFA form's pages draw a placeholder, not the form: nothing on them is what the form holds.
    if (await document.dynamicXfa?.()) {
      throw new ApiError(
        'unsupported_file_type',
        'The PDF is a dynamic XFA form, whose content cannot be rendered for redaction; print it to PDF first.',
        {
          details: { reason: 'dynamic_xfa_form' },
        },
      );
    }
    // PDF image placements feed logo masking and the pictures read on text pages.
    const parsed = await extractForRequest(context, { graphics: true, languages: query.languages });
    const config = detectionConfig(form);
    // What is on each page as rendered (text layer, annotations, pictures on text pages), indexed once for detection and masks.
    const pageText = deps.engines?.ocr === 'textract' ? deps.hosted?.pageText : undefined;
    const {
      pages: rendered,
      plan,
      found: detection,
    } = await planRenderedRedaction(parsed.pages, {
      renderer: document.renderer,
      mode: query.mode,
      config,
      pictures: { languages: query.languages, pageText, signal },
      findSpans: (text, pages) => findSpans(context, text, pages, config).then((outcome) => ({ ...outcome, spans: outcome.value.spans })),
    });
    const masking = {
      renderer: document.renderer,
      dpi: MASK_DPI,
      boxesFor: (pageIndex: number) => plan.boxes.get(pageIndex) ?? [],
      includeLogos: query.include_logos,
      signal,
    };
    const { pages, logos, pdf } = await maskedOutput(context, parsed.pages, rendered, masking);
    if (query.include_logos && logos > 0) plan.summary.LOGO = logos;
    return {
      result: {
        output: query.output ?? 'inline',
        ...pdf,
        pages,
        updated_text_block: plan.updatedText,
        summary: plan.summary,
      },
      modelUsed: [...parsed.engines, detection.value.engine].join('+'),
      pages: parsed.pages.length,
      metadata: {
        mode: query.mode,
        file_type: parsed.kind,
        ...readingMetadata(parsed),
        // The header fields and attachment names say who wrote to whom: redacted like the text.
        ...(parsed.email ? { email: await redactedEmailSummary(parsed.email, config, signal) } : {}),
        ...(detection.fallback ? { engine_fallback: detection.fallback } : {}),
        ...(detection.value.hostedTextLimit ? { hosted_text_limit: detection.value.hostedTextLimit } : {}),
      },
    };
  },
};
