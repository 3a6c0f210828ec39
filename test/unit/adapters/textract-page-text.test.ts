/**
 * Contract test of the Textract adapter against a recorded DetectDocumentText
 * answer (PAGE, LINE and WORD blocks with CHILD relationships), with the SDK
 * client mocked: no network, no credentials.
 */
import { DetectDocumentTextCommand, type DetectDocumentTextCommandOutput, InternalServerError, ProvisionedThroughputExceededException, TextractClient, ThrottlingException, UnsupportedDocumentException } from '@aws-sdk/client-textract';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { TextractPageText } from '../../../functions/adapters/aws/textract-page-text.ts';
import { HostedEngineError } from '../../../functions/contracts/hosted-models.ts';

const textract = mockClient(TextractClient);
afterEach(() => textract.reset());

const reader = () => new TextractPageText(new TextractClient({ region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } }));
const IMAGE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

const geometry = (Left: number, Top: number, Width: number, Height: number) => ({ BoundingBox: { Left, Top, Width, Height } });

/** A recorded answer for a two-line page ("Invoice 4471" / "Total due 12.50"), trimmed of polygons. */
const RECORDED_PAGE: DetectDocumentTextCommandOutput = {
  DocumentMetadata: { Pages: 1 },
  DetectDocumentTextModelVersion: '1.0',
  Blocks: [
    { BlockType: 'PAGE', Id: 'p1', Geometry: geometry(0, 0, 1, 1), Relationships: [{ Type: 'CHILD', Ids: ['l1', 'l2'] }] },
    { BlockType: 'LINE', Id: 'l1', Text: 'Invoice 4471', Confidence: 99.6, Geometry: geometry(0.1, 0.08, 0.3, 0.03), Relationships: [{ Type: 'CHILD', Ids: ['w1', 'w2'] }] },
    { BlockType: 'LINE', Id: 'l2', Text: 'Total due 12.50', Confidence: 98.2, Geometry: geometry(0.1, 0.5, 0.35, 0.03), Relationships: [{ Type: 'CHILD', Ids: ['w3', 'w4', 'w5'] }] },
    { BlockType: 'WORD', Id: 'w1', Text: 'Invoice', TextType: 'PRINTED', Confidence: 99.8, Geometry: geometry(0.1, 0.08, 0.18, 0.03) },
    { BlockType: 'WORD', Id: 'w2', Text: '4471', TextType: 'PRINTED', Confidence: 99.4, Geometry: geometry(0.3, 0.08, 0.1, 0.03) },
    { BlockType: 'WORD', Id: 'w3', Text: 'Total', TextType: 'PRINTED', Confidence: 99.1, Geometry: geometry(0.1, 0.5, 0.1, 0.03) },
    { BlockType: 'WORD', Id: 'w4', Text: 'due', TextType: 'PRINTED', Confidence: 98.7, Geometry: geometry(0.22, 0.5, 0.07, 0.03) },
    { BlockType: 'WORD', Id: 'w5', Text: '12.50', TextType: 'PRINTED', Confidence: 96.9, Geometry: geometry(0.35, 0.5, 0.1, 0.03) },
  ],
  $metadata: { httpStatusCode: 200, requestId: 'a2f4f1c6-3e5b-4b7a-8f2d-5c9e0a1b2c3d' },
};

describe('TextractPageText', () => {
  it('sends the image bytes and returns lines with their words, boxes in page fractions, confidences in 0..1', async () => {
    // Arrange
    textract.on(DetectDocumentTextCommand).resolves(RECORDED_PAGE);
    // Act
    const { lines } = await reader().detectText(IMAGE);
    // Assess
    expect(textract.commandCalls(DetectDocumentTextCommand)[0].args[0].input.Document?.Bytes).toEqual(IMAGE);
    expect(lines.map((l) => [l.text, l.words.map((w) => w.text)])).toEqual([
      ['Invoice 4471', ['Invoice', '4471']],
      ['Total due 12.50', ['Total', 'due', '12.50']],
    ]);
    expect(lines[0].words[1].box).toEqual({ left: 0.3, top: 0.08, width: expect.closeTo(0.1, 6), height: expect.closeTo(0.03, 6) });
    expect(lines[1].words[2].confidence).toBeCloseTo(0.969, 6);
  });

  it('clamps boxes that reach past the page edge', async () => {
    // Arrange
    textract.on(DetectDocumentTextCommand).resolves({
      Blocks: [
        { BlockType: 'LINE', Id: 'l', Text: 'Edge', Confidence: 90, Geometry: geometry(0.95, -0.01, 0.1, 0.05), Relationships: [{ Type: 'CHILD', Ids: ['w'] }] },
        { BlockType: 'WORD', Id: 'w', Text: 'Edge', Confidence: 90, Geometry: geometry(0.95, -0.01, 0.1, 0.05) },
      ],
    });
    // Act
    const { lines } = await reader().detectText(IMAGE);
    // Assess
    const box = lines[0].words[0].box;
    expect(box.left + box.width).toBeLessThanOrEqual(1);
    expect(box.top).toBe(0);
  });

  it.each([
    ['throttled', new ThrottlingException({ message: 'Slow down', $metadata: { httpStatusCode: 400 } })],
    ['throttled', new ProvisionedThroughputExceededException({ message: 'Slow down', $metadata: { httpStatusCode: 400 } })],
    ['unavailable', new InternalServerError({ message: 'Internal', $metadata: { httpStatusCode: 500 } })],
    ['unavailable', new UnsupportedDocumentException({ message: 'Unsupported', $metadata: { httpStatusCode: 400 } })],
    ['access_denied', Object.assign(new Error('denied'), { name: 'AccessDeniedException', $fault: 'client', $metadata: { httpStatusCode: 400 } })],
  ] as const)('maps the failure to reason %s', async (reason, error) => {
    // Arrange
    textract.on(DetectDocumentTextCommand).rejects(error);
    // Act
    const failure = await reader().detectText(IMAGE).catch((e: unknown) => e);
    // Assess
    expect(failure).toBeInstanceOf(HostedEngineError);
    expect((failure as HostedEngineError).reason).toBe(reason);
  });

  it('answers without Blocks or without a box → invalid_response', async () => {
    // Arrange
    textract
      .on(DetectDocumentTextCommand)
      .resolvesOnce({})
      .resolvesOnce({
        Blocks: [
          { BlockType: 'LINE', Id: 'l', Text: 'x', Relationships: [{ Type: 'CHILD', Ids: ['w'] }] },
          { BlockType: 'WORD', Id: 'w', Text: 'x' },
        ],
      });
    // Act
    const missing = await reader().detectText(IMAGE).catch((e: unknown) => e);
    const boxless = await reader().detectText(IMAGE).catch((e: unknown) => e);
    // Assess
    expect((missing as HostedEngineError).reason).toBe('invalid_response');
    expect((boxless as HostedEngineError).reason).toBe('invalid_response');
  });

  it('refuses an image over the synchronous limit without calling the service', async () => {
    // Arrange
    const service = reader();
    // Act
    const failure = await service.detectText(new Uint8Array(service.maxImageBytes + 1)).catch((e: unknown) => e);
    // Assess
    expect((failure as HostedEngineError).reason).toBe('unavailable');
    expect(textract.commandCalls(DetectDocumentTextCommand)).toHaveLength(0);
  });
});
