import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mediaTypeForFilename } from '../../../functions/contracts/media-types.ts';
import { createHandler as createParse } from '../../../functions/handlers/parse.ts';
import { inferenceEvent, testContext } from '../../helpers/events.ts';
import { fakeDeps, putDocument, seedKey } from '../../helpers/fakes.ts';

const KEY = 'hk_test_' + 'F'.repeat(40);
const DIR = join(import.meta.dirname, '../../fixtures/documents/office');

async function parseFixture(name: string, query: Record<string, string> = {}) {
  const deps = fakeDeps();
  await seedKey(deps, KEY, 'acme', 'pro');
  const type = mediaTypeForFilename(name)!;
  const documentKey = await putDocument(deps, 'acme', new Uint8Array(readFileSync(join(DIR, name))), name, type.mime, type.kind);
  const res = await createParse(() => deps)(inferenceEvent('parse', KEY, { document_key: documentKey }, query), testContext());
  return { statusCode: res.statusCode, body: JSON.parse(res.body) };
}

describe('Engine: Office and text documents through POST /v1/parse', () => {
  it.each([
    ['sample.docx', 'docx', 'docx-ooxml@1', 3],
    ['sample.xlsx', 'xlsx', 'xlsx-ooxml@1', 2],
    ['sample.pptx', 'pptx', 'pptx-ooxml@1', 3],
    ['sample.csv', 'csv', 'text-csv@1', 1],
    ['sample.txt', 'txt', 'text-plain@1', 2],
    ['sample.rtf', 'rtf', 'rtf-tokenizer@1', 2],
    ['sample.json', 'json', 'text-json@1', 1],
    ['sample.xml', 'xml', 'text-xml@1', 1],
  ])('parses %s with boxes', async (name, fileType, engine, pages) => {
    // Act
    const { statusCode, body } = await parseFixture(name, { include_boxes: 'true' });

    // Assess
    expect(statusCode).toBe(200);
    expect(body.model_used).toBe(engine);
    expect(body.metadata).toMatchObject({ pages, file_type: fileType });
    expect(body.result.pages).toHaveLength(pages);
    expect(body.result.pages[0].boxes.length).toBeGreaterThan(0);
    expect(body.result.pages[0].boxes[0]).toMatchObject({ confidence: 1, bbox: expect.any(Array) });
  });

  it.each([
    ['not-office.docx', 422, 'document_corrupt'],
    ['zip-bomb.docx', 422, 'document_corrupt'],
  ])('refuses %s with %i %s', async (name, status, code) => {
    // Act
    const { statusCode, body } = await parseFixture(name);

    // Assess
    expect(statusCode).toBe(status);
    expect(body.error.code).toBe(code);
  });
});
