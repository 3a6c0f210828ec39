/**
 * The shared entry of the document-engine functions runs the handler its
 * DOCINTEL_HANDLER names, and refuses to initialise on any other value.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENV } from '../../../functions/contracts/env.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('handlers/engines: one bundle, the handler DOCINTEL_HANDLER names', () => {
  it.each(['parse', 'redact', 'page-range-worker'])('exports the %s handler itself', async (name) => {
    // Prepare
    vi.stubEnv(ENV.handlerName, name);
    // Act
    const { handler } = await import('../../../functions/handlers/engines.ts');
    const own = (await import(`../../../functions/handlers/${name}.ts`)) as { handler: unknown };
    // Assess
    expect(handler).toBe(own.handler);
  });

  it('fails to initialise when the variable names no engine handler (a light handler, or nothing)', async () => {
    for (const value of ['limits', '']) {
      vi.stubEnv(ENV.handlerName, value);
      vi.resetModules();
      await expect(import('../../../functions/handlers/engines.ts')).rejects.toThrow(/DOCINTEL_HANDLER names no engine handler/);
    }
  });
});
