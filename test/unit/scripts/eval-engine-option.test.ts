/**
 * `npm run eval -- parse|redact --engine <name>`: the engine names each slot
 * accepts, and a clear refusal before any work when AWS credentials or a
 * region are missing (never a run that silently measures the local engine).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../../scripts/lib/cli.ts';
import { engineOption, pageTextFor, piiDetectionFor } from '../../../scripts/lib/hosted-engine.ts';

const SAVED = { ...process.env };

describe('eval --engine', () => {
  beforeEach(() => {
    for (const name of Object.keys(process.env)) if (name.startsWith('AWS_')) delete process.env[name];
    // No credentials anywhere: no files, no instance metadata.
    process.env.AWS_SHARED_CREDENTIALS_FILE = '/nonexistent/credentials';
    process.env.AWS_CONFIG_FILE = '/nonexistent/config';
    process.env.AWS_EC2_METADATA_DISABLED = 'true';
  });
  afterEach(() => {
    process.env = { ...SAVED };
  });

  it('accepts the engines of the slot and refuses others', () => {
    expect(engineOption({}, 'ocr')).toBe('local');
    expect(engineOption({ engine: 'textract' }, 'ocr')).toBe('textract');
    expect(engineOption({ engine: 'comprehend' }, 'redact')).toBe('comprehend');
    expect(() => engineOption({ engine: 'comprehend' }, 'ocr')).toThrow(/--engine must be one of: local, textract/);
    expect(() => engineOption({ engine: true }, 'redact')).toThrow(UsageError);
  });

  it('builds nothing for local', async () => {
    expect(await pageTextFor('local')).toBeUndefined();
    expect(await piiDetectionFor('local')).toBeUndefined();
  });

  it('refuses a hosted engine without a region, then without credentials, naming the permission needed', async () => {
    await expect(pageTextFor('textract')).rejects.toThrow(/set AWS_REGION/);
    process.env.AWS_REGION = 'eu-west-1';
    await expect(pageTextFor('textract')).rejects.toThrow(/needs credentials allowed textract:DetectDocumentText/);
    await expect(piiDetectionFor('comprehend')).rejects.toThrow(/needs credentials allowed comprehend:DetectPiiEntities/);
  });
});
