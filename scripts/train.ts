/**
 * `npm run train -- <what> [options]`: fits a model from the evaluation
 * corpus and writes its weights as JSON into the repository (seeded,
 * reproducible). Each trainer lives in scripts/train/<what>.ts.
 *
 * @module
 */
const TRAINERS: Record<string, () => Promise<(args: readonly string[]) => Promise<void>>> = {
  classify: async () => async () => (await import('./train/classify.ts')).trainClassify(),
  extract: async () => (await import('./train/extract.ts')).trainExtract,
  invoice: async () => (await import('./train/extract-invoice.ts')).trainInvoice,
  layout: async () => async () => (await import('./train/layout.ts')).trainLayout(),
  redact: async () => (await import('./train/redact.ts')).trainRedact,
  split: async () => (await import('./train/split.ts')).trainSplit,
  'receipt-char-model': async () => async () => (await import('./train/receipt-char-model.ts')).trainReceiptCharModel(),
  'receipt-glyphs': async () => (await import('./train/receipt-glyphs.ts')).trainReceiptGlyphs,
};

const [what, ...args] = process.argv.slice(2);
const trainer = what ? TRAINERS[what] : undefined;
if (!trainer) {
  console.error(`usage: npm run train -- <${Object.keys(TRAINERS).join('|')}> [options]`);
  process.exit(2);
}
await (await trainer())(args);
