/**
 * The page-range worker handler (fake blob store, real PDF engine) and the
 * Lambda runner that invokes it (stubbed Lambda client). The round trip
 * feeds the handler's answer through the runner, as Lambda would.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InvokeCommand, type InvokeCommandOutput } from '@aws-sdk/client-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SEGMENT_CONCURRENCY,
  isPageRangeError,
  LambdaPageSegmentRunner,
  type LambdaInvoker,
} from '../../../functions/adapters/aws/lambda-page-segments.ts';
import { DocumentLoadError } from '../../../functions/contracts/errors.ts';
import { createHandler } from '../../../functions/handlers/page-range-worker.ts';
import type { PageSegment } from '../../../functions/ports/page-segments.ts';
import { testContext } from '../../helpers/events.ts';
import { fakeDeps, type FakeDeps } from '../../helpers/fakes.ts';
import { makeNumberedPdf } from '../../helpers/pdf.ts';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'documents', 'pdf', 'sources', name)));

/** A Lambda client stub: records the commands, answers with `respond`. */
class StubLambda implements LambdaInvoker {
  readonly commands: InvokeCommand[] = [];
  constructor(private readonly respond: (payload: unknown) => Promise<Partial<InvokeCommandOutput>>) {}
  async send(command: InvokeCommand): Promise<InvokeCommandOutput> {
    this.commands.push(command);
    const payload = JSON.parse(new TextDecoder().decode(command.input.Payload as Uint8Array)) as unknown;
    return { $metadata: {}, StatusCode: 200, ...(await this.respond(payload)) };
  }
}

/** The SDK hands back a Uint8Array subclass; the runner only reads the bytes. */
const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)) as InvokeCommandOutput['Payload'];

describe('page-range worker handler', () => {
  let deps: FakeDeps;
  let handler: ReturnType<typeof createHandler>;

  beforeEach(async () => {
    // Prepare
    deps = fakeDeps();
    handler = createHandler(() => deps);
    await deps.blobs.put('uploads/org/numbered', await makeNumberedPdf(12), 'application/pdf');
    await deps.blobs.put('uploads/org/encrypted', fixture('encrypted.pdf'), 'application/pdf');
  });

  it('returns only the requested pages, in order, with the engines that ran', async () => {
    // Act
    const result = await handler(
      { blobKey: 'uploads/org/numbered', kind: 'pdf', filename: 'n.pdf', pageNumbers: [4, 5, 6] },
      testContext('page-range-worker'),
    );

    // Assess
    if (isPageRangeError(result)) throw new Error(`unexpected error ${result.error.code}`);
    expect(result.pages.map((p) => p.pageNumber)).toEqual([4, 5, 6]);
    expect(result.engines).toEqual([expect.stringMatching(/^pdfjs-text-layer@/)]);
    expect(result.pages[0].text.length).toBeGreaterThan(0);
    // Plain JSON: crosses the Lambda boundary unchanged.
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });

  it('answers a bad document with a structured DocumentLoadError result', async () => {
    // Act
    const result = await handler({ blobKey: 'uploads/org/encrypted', kind: 'pdf', pageNumbers: [1] });

    // Assess
    expect(result).toEqual({
      error: { type: 'DocumentLoadError', code: 'document_encrypted', message: expect.any(String) },
    });
  });

  it.each([
    ['no page numbers', { blobKey: 'uploads/org/numbered', kind: 'pdf', pageNumbers: [] }],
    ['descending pages', { blobKey: 'uploads/org/numbered', kind: 'pdf', pageNumbers: [3, 2] }],
    ['an unknown kind', { blobKey: 'uploads/org/numbered', kind: 'exe', pageNumbers: [1] }],
    ['no blob key', { kind: 'pdf', pageNumbers: [1] }],
  ])('throws on a malformed segment (%s)', async (_, event) => {
    await expect(handler(event)).rejects.toThrow(/Invalid page segment/);
  });

  it('throws when a page is beyond the document', async () => {
    await expect(handler({ blobKey: 'uploads/org/numbered', kind: 'pdf', pageNumbers: [12, 13] })).rejects.toThrow(
      /Page 13 requested from a document of 12 pages/,
    );
  });

  it('throws when the object is missing', async () => {
    await expect(handler({ blobKey: 'uploads/org/gone', kind: 'pdf', pageNumbers: [1] })).rejects.toThrow(/NoSuchKey/);
  });
});

describe('LambdaPageSegmentRunner', () => {
  const segment: PageSegment = { blobKey: 'uploads/org/numbered', kind: 'pdf', filename: 'n.pdf', pageNumbers: [2, 3] };

  it('invokes the worker synchronously with the segment as payload and returns its pages', async () => {
    // Prepare: the stub runs the real handler, as the deployed worker would.
    const deps = fakeDeps();
    await deps.blobs.put('uploads/org/numbered', await makeNumberedPdf(5), 'application/pdf');
    const worker = createHandler(() => deps);
    const lambda = new StubLambda(async (payload) => ({ Payload: encode(await worker(payload)) }));
    const runner = new LambdaPageSegmentRunner(lambda, 'docintel-page-range');

    // Act
    const result = await runner.run(segment);

    // Assess
    expect(result.pages.map((p) => p.pageNumber)).toEqual([2, 3]);
    expect(lambda.commands).toHaveLength(1);
    expect(lambda.commands[0].input).toMatchObject({ FunctionName: 'docintel-page-range', InvocationType: 'RequestResponse' });
    expect(JSON.parse(new TextDecoder().decode(lambda.commands[0].input.Payload as Uint8Array))).toEqual(segment);
  });

  it('turns a structured error result back into the same DocumentLoadError', async () => {
    // Prepare
    const deps = fakeDeps();
    await deps.blobs.put('uploads/org/encrypted', fixture('encrypted.pdf'), 'application/pdf');
    const worker = createHandler(() => deps);
    const lambda = new StubLambda(async (payload) => ({ Payload: encode(await worker(payload)) }));
    const runner = new LambdaPageSegmentRunner(lambda, 'fn');
    let inProcess: unknown;
    try {
      const { openDocument } = await import('../../../functions/engines/registry.ts');
      await openDocument(fixture('encrypted.pdf'), { declaredKind: 'pdf' });
    } catch (error) {
      inProcess = error;
    }

    // Act
    const error = await runner.run({ ...segment, blobKey: 'uploads/org/encrypted', pageNumbers: [1] }).catch((e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(DocumentLoadError);
    expect(inProcess).toBeInstanceOf(DocumentLoadError);
    const [remote, local] = [error as DocumentLoadError, inProcess as DocumentLoadError];
    expect([remote.code, remote.message, remote.statusCode]).toEqual([local.code, local.message, local.statusCode]);
  });

  it('rethrows a FunctionError with the worker error type and message', async () => {
    // Prepare
    const lambda = new StubLambda(async () => ({
      FunctionError: 'Unhandled',
      Payload: encode({ errorType: 'Sandbox.Timedout', errorMessage: 'Task timed out after 25.00 seconds' }),
    }));
    const runner = new LambdaPageSegmentRunner(lambda, 'fn');

    // Act & Assess
    const error = await runner.run(segment).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(DocumentLoadError);
    expect((error as Error).message).toMatch(/pages 2-3 \(Unhandled\): Sandbox\.Timedout: Task timed out after 25\.00 seconds/);
  });

  it('rejects a payload that is neither pages nor an error, or has the wrong page count', async () => {
    // Prepare
    const garbage = new LambdaPageSegmentRunner(new StubLambda(async () => ({ Payload: encode({ hello: 1 }) })), 'fn');
    const short = new LambdaPageSegmentRunner(new StubLambda(async () => ({ Payload: encode({ pages: [], engines: [] }) })), 'fn');

    // Act & Assess
    await expect(garbage.run(segment)).rejects.toThrow(/unexpected payload/);
    await expect(short.run(segment)).rejects.toThrow(/returned 0 pages for 2/);
  });

  it('propagates SDK errors (throttling after retries, access denied) unchanged', async () => {
    // Prepare
    const denied = Object.assign(new Error('not authorized to perform: lambda:InvokeFunction'), { name: 'AccessDeniedException' });
    const runner = new LambdaPageSegmentRunner({ send: async () => Promise.reject(denied) }, 'fn');

    // Act & Assess
    await expect(runner.run(segment)).rejects.toBe(denied);
  });

  it('defaults to 8 concurrent segments and validates the option', () => {
    const lambda = new StubLambda(async () => ({}));
    expect(new LambdaPageSegmentRunner(lambda, 'fn').concurrency).toBe(DEFAULT_PAGE_SEGMENT_CONCURRENCY);
    expect(DEFAULT_PAGE_SEGMENT_CONCURRENCY).toBe(8);
    expect(new LambdaPageSegmentRunner(lambda, 'fn', { concurrency: 32 }).concurrency).toBe(32);
    expect(() => new LambdaPageSegmentRunner(lambda, 'fn', { concurrency: 0 })).toThrow(/positive integer/);
    expect(() => new LambdaPageSegmentRunner(lambda, '')).toThrow(/function name/);
  });
});
