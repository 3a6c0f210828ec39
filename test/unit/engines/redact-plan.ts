/** Test helper: the redacted text of a document as the redact operation plans it (built-in types, redact mode). */
import { openDocument } from '../../../functions/engines/registry.ts';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';
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
