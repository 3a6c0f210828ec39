import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocumentLoadError } from '../../../functions/contracts/errors.ts';
import type { FileKind } from '../../../functions/contracts/media-types.ts';
import { openDocument, type OpenHint } from '../../../functions/engines/registry.ts';

const FIXTURES = join(import.meta.dirname, '../../fixtures/documents/pdf/sources');
const source = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));
const text = (s: string) => new TextEncoder().encode(s);

async function openError(bytes: Uint8Array, hint: OpenHint = {}, options = {}): Promise<DocumentLoadError> {
  const error = await openDocument(bytes, hint, options).then(
    async (opened) => {
      await opened.close();
      return undefined;
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocumentLoadError);
  return error as DocumentLoadError;
}

describe('Engine: registry', () => {
  it('opens a PDF with its page count before extraction, then extracts and renders it', async () => {
    // Prepare
    const opened = await openDocument(source('one-page.pdf'), { declaredKind: 'pdf', filename: 'report.pdf' });

    try {
      // Act
      const pageCount = opened.pageCount;
      const document = await opened.extract();
      const image = await opened.renderer!.renderPng(1, { dpi: 72 });

      // Assess
      expect(opened.kind).toBe('pdf');
      expect(pageCount).toBe(1);
      expect(opened.engines).toEqual([expect.stringMatching(/^pdfjs-text-layer@\d+\.\d+\.\d+$/)]);
      expect(document.engines).toEqual(opened.engines);
      expect(document.pages[0].text).toContain('Hello World from docintel.');
      expect(image).toMatchObject({ width: 612, height: 792 });
    } finally {
      await opened.close();
    }
  });

  it('opens a PDF whatever was declared', async () => {
    // Act
    const opened = await openDocument(source('one-page.pdf'), { declaredKind: 'txt' });
    await opened.close();

    // Assess
    expect(opened.kind).toBe('pdf');
  });

  it.each([
    ['empty bytes', new Uint8Array(), { declaredKind: 'pdf' }, 'document_empty', undefined],
    ['a PDF without pages', source('zero-pages.pdf'), {}, 'document_empty', undefined],
    ['an encrypted PDF', source('encrypted.pdf'), { declaredKind: 'pdf' }, 'document_encrypted', undefined],
    ['a truncated PDF', source('truncated.pdf'), { declaredKind: 'pdf' }, 'document_corrupt', undefined],
    ['binary garbage declared as PDF', new Uint8Array(2048).map((_, i) => (i * 7919) % 251), { declaredKind: 'pdf' }, 'document_corrupt', undefined],
    ['binary garbage, nothing declared', new Uint8Array(2048).map((_, i) => (i * 7919) % 251), {}, 'unsupported_file_type', null],
  ] as [string, Uint8Array, OpenHint, string, FileKind | null | undefined][])(
    'refuses %s with %s',
    async (_name, bytes, hint, code, detected) => {
      // Act
      const error = await openError(bytes, hint);

      // Assess
      expect(error.code).toBe(code);
      if (detected !== undefined) expect(error.details?.detected_type).toBe(detected);
    },
  );

  it('opens a PNG named .pdf as the PNG it is (the bytes decide)', async () => {
    // Act
    const opened = await openDocument(source('not-a-pdf.pdf'), { declaredKind: 'pdf', filename: 'scan.pdf' });
    await opened.close();

    // Assess
    expect(opened.kind).toBe('png');
    expect(opened.ocrPageCount).toBe(1);
  });

  it('lists the supported types when the bytes match none', async () => {
    // Act
    const error = await openError(new Uint8Array(2048).map((_, i) => (i * 7919) % 251), {});

    // Assess
    expect(error.message).toMatch(/supported: PDF, .*PNG/);
    expect(error.statusCode).toBe(415);
  });

  it('keeps the pdf.js error as the cause', async () => {
    // Act
    const error = await openError(source('encrypted.pdf'));

    // Assess
    expect((error.cause as Error).name).toBe('PasswordException');
  });

  it('enforces maxPages before extraction', async () => {
    // Act
    const error = await openError(source('hundred-pages.pdf'), {}, { maxPages: 50 });

    // Assess
    expect(error.code).toBe('page_limit_exceeded');
  });
});
