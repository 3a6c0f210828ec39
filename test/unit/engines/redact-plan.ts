/** Test helpers: a document redacted as the redact operation plans and paints it (built-in types). */
import { openDocument } from '../../../functions/engines/registry.ts';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';
import { maskPages } from '../../../functions/engines/redact/mask-pages.ts';
import { planRenderedRedaction } from '../../../functions/engines/redact/rendered-redaction.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };

/** The redacted text of `bytes` opened as `filename` (its extension picks the reader). */
export async function redactedText(bytes: Uint8Array, filename: string): Promise<string> {
  const document = await openDocument(bytes, { filename });
  try {
    const parsed = await document.extract(undefined, { graphics: true });
    const { plan } = await planRenderedRedaction(parsed.pages, {
      renderer: document.renderer,
      mode: 'redact',
      config: BUILT_INS,
      findSpans: async (text) => ({ spans: await detectPii(text, BUILT_INS) }),
    });
    return plan.updatedText;
  } finally {
    await document.close();
  }
}

/** A document redacted as the operation does it: the reading, the plan, and its first page masked as a 150-dpi PNG. */
export async function redactedFirstPage(bytes: Uint8Array, filename: string, mode: 'redact' | 'deidentify' = 'redact') {
  const document = await openDocument(bytes, { filename });
  try {
    const parsed = await document.extract(undefined, { graphics: true });
    const { pages, plan } = await planRenderedRedaction(parsed.pages, {
      renderer: document.renderer,
      mode,
      config: BUILT_INS,
      findSpans: async (text) => ({ spans: await detectPii(text, BUILT_INS) }),
    });
    const [masked] = await maskPages(pages, { renderer: document.renderer, dpi: 150, boxesFor: (i) => plan.boxes.get(i) ?? [], format: 'png' });
    return { parsed, plan, masked };
  } finally {
    await document.close();
  }
}
