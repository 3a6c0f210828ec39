import { defineConfig } from 'vitest/config';

/**
 * The fast lane (`npm run test:fast`): the unit tests minus the few files that
 * run real OCR on page-size images, esbuild bundling, `tsc`, shell tools or an
 * emulator. Everything left out here still runs in `npm test` (the `unit`
 * project of vitest.config.ts includes every file). docs/development.md says
 * when to use which.
 */
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';

export const SLOW_UNIT_FILES = [
  // Real Tesseract on page-size images.
  'test/unit/engines/ocr*.test.ts',
  'test/unit/engines/pdf-scanned.test.ts',
  'test/unit/engines/image-backend.test.ts',
  'test/unit/engines/hosted-page-read.test.ts',
  'test/unit/engines/warm-up.test.ts',
  // esbuild bundles of the Lambda functions, shell commands, `tsc` over the SDK types, pdftotext.
  'test/unit/cdk/assets.test.ts',
  'test/unit/cdk/runtime-assets.test.ts',
  'test/unit/sdk/types.test.ts',
  'test/unit/sdk/sdk.test.ts',
  'test/unit/engines/redact-pdf.test.ts',
  // Synthesize the whole stack once per engine selection (over a minute each on 2 busy cores).
  'test/unit/cdk/containment.test.ts',
  'test/unit/cdk/hosted-engines.test.ts',
  // DynamoDB emulator (dynalite) in process.
  'test/unit/adapters/dynamodb-batches.test.ts',
  'test/unit/adapters/dynamodb-leases.test.ts',
  'test/unit/batch/batch-recovery.test.ts',
];

export default defineConfig({
  test: {
    name: 'fast',
    include: ['test/unit/**/*.test.ts'],
    exclude: SLOW_UNIT_FILES,
    environment: 'node',
    env: { POWERTOOLS_LOG_LEVEL: 'SILENT', AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
