import { defineConfig } from 'vitest/config';

// The local stack started by the integration global setup logs through the same
// logger as Lambda; keep test output readable unless asked otherwise.
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';

export default defineConfig({
  test: {
    // Handlers log structured JSON; tests keep the output readable.
    env: { POWERTOOLS_LOG_LEVEL: 'SILENT', AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // One emulator pair per run, shared by every file: run files one at a time.
          fileParallelism: false,
        },
      },
    ],
  },
});
