/**
 * Contract test of the Comprehend adapter against recorded DetectPiiEntities
 * answers (the shapes the service returns), with the SDK client mocked: no
 * network, no credentials.
 */
import { ComprehendClient, DetectPiiEntitiesCommand, type DetectPiiEntitiesCommandOutput, InternalServerException, InvalidRequestException, TooManyRequestsException } from '@aws-sdk/client-comprehend';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { codePointToUtf16, ComprehendPiiDetection } from '../../../functions/adapters/aws/comprehend-pii.ts';
import { HostedEngineError } from '../../../functions/contracts/hosted-models.ts';

const comprehend = mockClient(ComprehendClient);
afterEach(() => comprehend.reset());

const detector = () => new ComprehendPiiDetection(new ComprehendClient({ region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } }));

/** A recorded answer: DetectPiiEntities on "Contact Maria Lopez at maria.lopez@example.org or 206-555-0147." */
const RECORDED: DetectPiiEntitiesCommandOutput = {
  Entities: [
    { Score: 0.9998, Type: 'NAME', BeginOffset: 8, EndOffset: 19 },
    { Score: 0.9999, Type: 'EMAIL', BeginOffset: 23, EndOffset: 46 },
    { Score: 0.9997, Type: 'PHONE', BeginOffset: 50, EndOffset: 62 },
  ],
  $metadata: { httpStatusCode: 200, requestId: '4f1c0f1e-5a2b-4d8e-9a51-3b0c6e1a2d77' },
};
const TEXT = 'Contact Maria Lopez at maria.lopez@example.org or 206-555-0147.';

describe('ComprehendPiiDetection', () => {
  it('sends the text and language, and returns the entities as spans of the text sent', async () => {
    // Arrange
    comprehend.on(DetectPiiEntitiesCommand).resolves(RECORDED);
    // Act
    const spans = await detector().detectPii(TEXT, 'en');
    // Assess
    expect(comprehend.commandCalls(DetectPiiEntitiesCommand)[0].args[0].input).toEqual({ Text: TEXT, LanguageCode: 'en' });
    expect(spans.map((s) => [s.type, TEXT.slice(s.beginOffset, s.endOffset)])).toEqual([
      ['NAME', 'Maria Lopez'],
      ['EMAIL', 'maria.lopez@example.org'],
      ['PHONE', '206-555-0147'],
    ]);
  });

  it('turns code-point offsets into string indices when an astral character comes first', async () => {
    // Arrange: "😀 Maria Lopez": the emoji is one code point, two UTF-16 units.
    const text = '😀 Maria Lopez';
    comprehend.on(DetectPiiEntitiesCommand).resolves({ Entities: [{ Score: 0.99, Type: 'NAME', BeginOffset: 2, EndOffset: 13 }] });
    // Act
    const [span] = await detector().detectPii(text, 'en');
    // Assess
    expect(text.slice(span.beginOffset, span.endOffset)).toBe('Maria Lopez');
    expect(codePointToUtf16('abc')(2)).toBe(2);
  });

  it('sends a language Comprehend does not offer as English, and skips blank text without a call', async () => {
    // Arrange
    comprehend.on(DetectPiiEntitiesCommand).resolves({ Entities: [] });
    // Act
    await detector().detectPii('Hallo Welt', 'de');
    const blank = await detector().detectPii('   \n ', 'en');
    // Assess
    expect(comprehend.commandCalls(DetectPiiEntitiesCommand).map((c) => c.args[0].input.LanguageCode)).toEqual(['en']);
    expect(blank).toEqual([]);
  });

  it.each([
    ['throttled', new TooManyRequestsException({ message: 'Rate exceeded', $metadata: { httpStatusCode: 400 } })],
    ['throttled', Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException', $metadata: { httpStatusCode: 429 } })],
    ['unavailable', new InternalServerException({ message: 'Internal error', $metadata: { httpStatusCode: 500 } })],
    ['unavailable', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' })],
    ['unavailable', new InvalidRequestException({ message: 'bad', $metadata: { httpStatusCode: 400 } })],
    ['access_denied', Object.assign(new Error('not authorized'), { name: 'AccessDeniedException', $fault: 'client', $metadata: { httpStatusCode: 400 } })],
    ['access_denied', Object.assign(new Error('Could not load credentials from any providers'), { name: 'CredentialsProviderError' })],
    ['timeout', Object.assign(new Error('The operation was aborted'), { name: 'AbortError' })],
  ] as const)('maps the failure to reason %s', async (reason, error) => {
    // Arrange
    comprehend.on(DetectPiiEntitiesCommand).rejects(error);
    // Act
    const failure = await detector().detectPii(TEXT, 'en').catch((e: unknown) => e);
    // Assess
    expect(failure).toBeInstanceOf(HostedEngineError);
    expect((failure as HostedEngineError).reason).toBe(reason);
    // The message names the service and error type, never the text.
    expect((failure as HostedEngineError).message).not.toContain('Maria');
  });

  it('answers out of shape → invalid_response', async () => {
    // Arrange
    comprehend.on(DetectPiiEntitiesCommand).resolvesOnce({}).resolvesOnce({ Entities: [{ Type: 'NAME', BeginOffset: 0, EndOffset: 500 }] });
    // Act
    const missing = await detector().detectPii(TEXT, 'en').catch((e: unknown) => e);
    const outside = await detector().detectPii(TEXT, 'en').catch((e: unknown) => e);
    // Assess
    expect((missing as HostedEngineError).reason).toBe('invalid_response');
    expect((outside as HostedEngineError).reason).toBe('invalid_response');
  });

  it('stops when the request is aborted (timeout)', async () => {
    // Arrange
    comprehend.on(DetectPiiEntitiesCommand).callsFake((_input, getClient) => new Promise(() => void getClient));
    const controller = new AbortController();
    // Act
    const pending = detector().detectPii(TEXT, 'en', controller.signal).catch((e: unknown) => e);
    controller.abort(new Error('deadline'));
    const failure = await pending;
    // Assess
    expect((failure as HostedEngineError).reason).toBe('timeout');
  });

  it('propagates errors that are not service failures (bugs)', async () => {
    // Arrange
    comprehend.on(DetectPiiEntitiesCommand).rejects(new TypeError('cannot read properties of undefined'));
    // Act / Assess
    await expect(detector().detectPii(TEXT, 'en')).rejects.toBeInstanceOf(TypeError);
  });
});
