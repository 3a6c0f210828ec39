/**
 * Contract tests of the language-model engines (classify, split, extract)
 * through the real Bedrock adapter with a mocked SDK client and recorded
 * Converse responses: what each engine sends (options only a language model
 * can honour), and that it maps the answer to exactly the local engines'
 * result shapes, or refuses an answer out of schema (`invalid_response`).
 */
import { BedrockRuntimeClient, ConverseCommand, type ConverseCommandInput, type ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { BedrockLanguageModel } from '../../../functions/adapters/aws/bedrock-language-model.ts';
import { HostedEngineError } from '../../../functions/contracts/hosted-models.ts';
import { ExtractCitation } from '../../../functions/contracts/schemas/extract.ts';
import { SplitOptions } from '../../../functions/contracts/schemas/classify.ts';
import { buildClassSet } from '../../../functions/engines/classify/class-set.ts';
import { classifyText } from '../../../functions/engines/classify/classifier.ts';
import { localExtractor } from '../../../functions/engines/extract/extractor.ts';
import { FINANCIAL_FIELDS } from '../../../functions/engines/extract/financial.ts';
import { classifyWithModel, CLASSIFY_TOOL } from '../../../functions/engines/hosted/classify.ts';
import { languageModelExtractor } from '../../../functions/engines/hosted/extract.ts';
import { MAX_DOCUMENT_TOKENS, CHARS_PER_TOKEN } from '../../../functions/engines/hosted/prompt-text.ts';
import { splitWithModel } from '../../../functions/engines/hosted/split.ts';
import { splitPages } from '../../../functions/engines/split/splitter.ts';
import { segmentClasses } from '../../../functions/operations/split-operation.ts';
import { buildPage } from './page-builder.ts';

const recorded = (name: string): ConverseCommandOutput =>
  ({ ...JSON.parse(readFileSync(new URL(`../../fixtures/bedrock/${name}.json`, import.meta.url), 'utf8')), $metadata: { httpStatusCode: 200 } }) as ConverseCommandOutput;

/** A recorded response whose tool input is replaced (answers out of schema). */
function withToolInput(name: string, input: unknown): ConverseCommandOutput {
  const base = recorded(name);
  const block = base.output!.message!.content!.find((b) => b.toolUse)!;
  return { ...base, output: { message: { role: 'assistant', content: [{ toolUse: { ...block.toolUse!, input: input as never } }] } } };
}

const bedrock = mockClient(BedrockRuntimeClient);
const model = () => new BedrockLanguageModel(new BedrockRuntimeClient({ region: 'us-east-1', credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' } }), { modelId: 'amazon.nova-lite-v1:0' });
const sent = () => bedrock.commandCalls(ConverseCommand)[0].args[0].input as ConverseCommandInput;
const promptSent = () => sent().messages![0].content![0].text!;
const toolSchema = () => sent().toolConfig!.tools![0].toolSpec!.inputSchema!.json as Record<string, any>;

beforeEach(() => bedrock.reset());

const INVOICE_PAGE = { pageNumber: 1, text: 'INVOICE\nInvoice number: LK-4410\nBill to: Quarry Lane Bakery\nAmount due 412.00' };
const defaultOptions = { classes: buildClassSet({ type: 'default' }), depth: 'balanced' as const, nonDomainLabel: 'other' };

describe('hosted classify', () => {
  it("answers in the local classifier's shape: label, confidence, up to five candidates", async () => {
    bedrock.on(ConverseCommand).resolves(recorded('converse-classify'));
    const hosted = await classifyWithModel(model(), [INVOICE_PAGE], defaultOptions);
    const local = classifyText([INVOICE_PAGE], defaultOptions);

    expect(hosted).toEqual({ label: 'invoice', confidence: 0.93, candidates: [{ label: 'invoice', confidence: 0.93 }, { label: 'receipt', confidence: 0.04 }, { label: 'quote', confidence: 0.02 }] });
    expect(Object.keys(hosted).sort()).toEqual(['candidates', 'confidence', 'label']);
    expect(Object.keys(local)).toEqual(expect.arrayContaining(Object.keys(hosted)));
    expect(hosted.candidates.length).toBeLessThanOrEqual(5);
    // The tool offers exactly the class set (and "none of these").
    expect(toolSchema().properties.label.enum).toEqual([...defaultOptions.classes.map((c) => c.label), 'other']);
    expect(sent().toolConfig!.toolChoice).toEqual({ tool: { name: CLASSIFY_TOOL } });
  });

  it('sends system_instruction, custom class descriptions and confusion neighbours; thorough asks for reasoning', async () => {
    bedrock.on(ConverseCommand).resolves(withToolInput('converse-classify', { label: 'tenancy_notice', confidence: 0.8, candidates: [{ label: 'tenancy_notice', confidence: 0.8 }, { label: 'letter', confidence: 0.15 }] }));
    const classes = buildClassSet({ type: 'default', active: ['letter', 'tenancy_notice'], custom: { tenancy_notice: 'A landlord tells a tenant the rent changes or the lease ends.' } });
    const hosted = await classifyWithModel(model(), [{ pageNumber: 1, text: 'Dear tenant, your lease ends on 30 June.' }], {
      ...defaultOptions,
      classes,
      depth: 'thorough',
      systemInstruction: 'Documents come from a property manager in Lisbon.',
      neighbors: { letter: ['tenancy_notice'] },
    });

    expect(hosted).toEqual({ label: 'tenancy_notice', confidence: 0.8, candidates: [{ label: 'tenancy_notice', confidence: 0.8 }, { label: 'letter', confidence: 0.15 }] });
    expect(sent().system![0].text).toContain('Documents come from a property manager in Lisbon.');
    expect(promptSent()).toContain('- tenancy_notice: A landlord tells a tenant the rent changes or the lease ends.');
    expect(promptSent()).toContain('letter is often confused with tenancy_notice');
    expect(toolSchema().properties.label.enum).toEqual(['letter', 'tenancy_notice', 'other']);
    // Nova has no reasoning switch: the request is the plain forced tool call.
    expect(sent().additionalModelRequestFields).toBeUndefined();
  });

  it('scales candidates that sum past 1, and applies the non-domain exit label like the local classifier', async () => {
    bedrock.on(ConverseCommand).resolves(withToolInput('converse-classify', { label: 'invoice', confidence: 0.9, candidates: [{ label: 'invoice', confidence: 0.9 }, { label: 'receipt', confidence: 0.6 }] }));
    const hosted = await classifyWithModel(model(), [INVOICE_PAGE], { ...defaultOptions, domains: ['medical'], nonDomainExitLabel: 'not_ours' });
    expect(hosted.label).toBe('not_ours');
    expect(hosted.candidates).toEqual([{ label: 'invoice', confidence: 0.6 }, { label: 'receipt', confidence: 0.4 }]);
    expect(hosted.candidates.reduce((s, c) => s + c.confidence, 0)).toBeLessThanOrEqual(1);
  });

  it.each([
    ['a label outside the class set', { label: 'spaceship', confidence: 0.9, candidates: [] }],
    ['a confidence above 1', { label: 'invoice', confidence: 7, candidates: [] }],
    ['no label', { confidence: 0.9, candidates: [] }],
  ])('refuses %s (invalid_response)', async (_label, input) => {
    bedrock.on(ConverseCommand).resolves(withToolInput('converse-classify', input));
    const error = await classifyWithModel(model(), [INVOICE_PAGE], defaultOptions).catch((e) => e);
    expect(error).toBeInstanceOf(HostedEngineError);
    expect(error.reason).toBe('invalid_response');
  });
});

const PACKET = [
  { pageNumber: 1, text: 'INVOICE\nInvoice number: LK-4410\nPage 1 of 2' },
  { pageNumber: 2, text: 'Invoice LK-4410 continued\nAmount due 412.00\nPage 2 of 2' },
  { pageNumber: 3, text: 'CORNER CAFE\nLatte 4.50\nTotal 4.50\nCash 5.00' },
];

describe('hosted split', () => {
  const classes = segmentClasses(SplitOptions.parse({}));

  it("answers in the local splitter's shape: ordered segments covering every page once", async () => {
    bedrock.on(ConverseCommand).resolves(recorded('converse-split'));
    const hosted = await splitWithModel(model(), PACKET, { classes, thorough: false });
    const local = splitPages(PACKET, { classes, thorough: false });

    expect(hosted).toEqual([
      { document_index: 0, start_page: 1, end_page: 2, type: 'invoice' },
      { document_index: 1, start_page: 3, end_page: 3, type: 'receipt' },
    ]);
    expect(Object.keys(hosted[0]).sort()).toEqual(Object.keys(local[0]).sort());
    expect(promptSent()).toContain('File of 3 pages');
    expect(promptSent()).toContain('--- page 3 ---\nCORNER CAFE');
  });

  it('honours segment_classes (descriptions, standalone) and the domain guidelines', async () => {
    bedrock.on(ConverseCommand).resolves(withToolInput('converse-split', { documents: [{ start_page: 1, end_page: 2, type: 'loan_form' }, { start_page: 3, end_page: 3, type: 'pay_slip' }] }));
    const custom = segmentClasses(
      SplitOptions.parse({
        segment_classes: { loan_form: { description: 'A loan application form' }, pay_slip: { description: 'A monthly pay slip', standalone: true } },
        custom_domain_guidelines: { domain_name: 'mortgage lending', identifier_patterns: 'Application ID AP-\\d+' },
      }),
    );
    const pages = [...PACKET.slice(0, 2), PACKET[2]];
    const hosted = await splitWithModel(model(), pages, { classes: custom, thorough: true, guidelines: { domainName: 'mortgage lending', identifierPatterns: 'Application ID AP-\\d+' } });
    expect(hosted.map((s) => s.type)).toEqual(['loan_form', 'pay_slip']);
    expect(promptSent()).toContain('- pay_slip: A monthly pay slip (always one page per document)');
    expect(promptSent()).toContain('Domain: mortgage lending.');
    expect(promptSent()).toContain('Application ID AP-\\d+');
  });

  it('cuts a standalone class into one document per page', async () => {
    bedrock.on(ConverseCommand).resolves(withToolInput('converse-split', { documents: [{ start_page: 1, end_page: 3, type: 'receipt' }] }));
    const standalone = [{ definition: buildClassSet({ type: 'default', active: ['receipt'] })[0], standalone: true }];
    expect(await splitWithModel(model(), PACKET, { classes: standalone, thorough: false })).toEqual([
      { document_index: 0, start_page: 1, end_page: 1, type: 'receipt' },
      { document_index: 1, start_page: 2, end_page: 2, type: 'receipt' },
      { document_index: 2, start_page: 3, end_page: 3, type: 'receipt' },
    ]);
  });

  it('keeps each page within its share of the budget (start and end kept)', async () => {
    bedrock.on(ConverseCommand).resolves(withToolInput('converse-split', { documents: [{ start_page: 1, end_page: 1, type: 'report' }] }));
    const long = `TITLE OF THE REPORT\n${'filler words here '.repeat(20_000)}\nPage 1 of 1`;
    await splitWithModel(model(), [{ pageNumber: 1, text: long }], { classes, thorough: false });
    expect(promptSent().length).toBeLessThan(MAX_DOCUMENT_TOKENS * CHARS_PER_TOKEN);
    expect(promptSent()).toContain('TITLE OF THE REPORT');
    expect(promptSent()).toContain('Page 1 of 1');
  });

  it.each([
    ['a gap', [{ start_page: 1, end_page: 1, type: 'invoice' }, { start_page: 3, end_page: 3, type: 'receipt' }]],
    ['an overlap', [{ start_page: 1, end_page: 2, type: 'invoice' }, { start_page: 2, end_page: 3, type: 'receipt' }]],
    ['pages left over', [{ start_page: 1, end_page: 2, type: 'invoice' }]],
    ['an unknown type', [{ start_page: 1, end_page: 3, type: 'spaceship' }]],
    ['no documents', []],
  ])('refuses %s (invalid_response)', async (_label, documents) => {
    bedrock.on(ConverseCommand).resolves(withToolInput('converse-split', { documents }));
    const error = await splitWithModel(model(), PACKET, { classes, thorough: false }).catch((e) => e);
    expect(error).toBeInstanceOf(HostedEngineError);
    expect(error.reason).toBe('invalid_response');
  });
});

/** A look-alike invoice, one line per row (the recorded answer cites these line numbers). */
const invoicePage = () =>
  buildPage({
    items: [
      { text: 'Harbor Lamp Works Ltd', x: 72, y: 60 },
      { text: 'Invoice No: HX-20931', x: 72, y: 90 },
      { text: 'Date: 14.03.2026', x: 72, y: 110 },
      { text: 'Description Qty Unit Total', x: 72, y: 150 },
      { text: 'Brass desk lamp 4 210.00 840.00', x: 72, y: 170 },
      { text: 'Linen shade 8 50.00 400.00', x: 72, y: 190 },
      { text: 'Subtotal 1,240.00', x: 72, y: 230 },
      { text: 'VAT 19% 235.60', x: 72, y: 250 },
      { text: 'Total EUR 1,475.60', x: 72, y: 270 },
    ],
  });

describe('hosted extract: financial', () => {
  it("maps the answer to the local extractor's shape, normalised, with citations grounded to the cited lines' boxes", async () => {
    bedrock.on(ConverseCommand).resolves(recorded('converse-extract-financial'));
    const pages = [invoicePage()];
    const hosted = await languageModelExtractor(model()).financial(pages);
    const local = await localExtractor.financial(pages);

    expect(promptSent()).toContain('--- page 1 ---\n[0] Harbor Lamp Works Ltd\n[1] Invoice No: HX-20931');
    expect(hosted.entities).toEqual({
      invoice_number: 'HX-20931',
      invoice_date: '2026-03-14',
      vendor_name: 'Harbor Lamp Works Ltd',
      currency: 'EUR',
      subtotal: '1240.00',
      tax_amount: '235.60',
      total_amount: '1475.60',
    });
    // Same keys, in the same documented order, as the local extractor; the same normal forms.
    expect(Object.keys(hosted.entities)).toEqual(FINANCIAL_FIELDS.filter((f) => f in hosted.entities));
    expect(local.entities.total_amount).toBe(hosted.entities.total_amount);
    expect(hosted.confidence).toMatchObject({ invoice_number: 0.97, total_amount: 0.96 });
    expect(Object.keys(hosted.confidence)).toEqual(Object.keys(hosted.entities));
    expect(hosted.line_items).toEqual([
      { description: 'Brass desk lamp', quantity: 4, unit_price: '210.00', total: '840.00' },
      { description: 'Linen shade', quantity: 8, unit_price: '50.00', total: '400.00' },
    ]);
    const citations = hosted.citations!;
    expect(citations.entities.total_amount).toMatchObject({ page: 1, text: expect.stringContaining('1,475.60') });
    expect(citations.entities.invoice_date.text).toContain('14.03.2026');
    expect(citations.entities.vendor_name.text).toBe('Harbor Lamp Works Ltd');
    expect(citations.entities.currency).toBeUndefined();
    for (const c of [...Object.values(citations.entities), ...citations.line_items]) expect(ExtractCitation.safeParse(c).success).toBe(true);
    expect(citations.line_items.map((c) => c?.text)).toEqual([expect.stringContaining('Brass desk lamp'), expect.stringContaining('Linen shade')]);
    // The box of the total is the words on its line, not the whole page.
    const [left, top, right, bottom] = citations.entities.total_amount.bbox;
    expect(right - left).toBeLessThan(0.5);
    expect(bottom - top).toBeLessThan(0.05);
  });

  it('leaves out what the shared normaliser cannot read and gives no citation to a value on no page', async () => {
    bedrock.on(ConverseCommand).resolves(
      withToolInput('converse-extract-financial', { fields: { total_amount: { value: 'about a thousand', lines: [8], confidence: 0.3 }, customer_name: { value: 'Someone Not On The Page', lines: [], confidence: 0.2 } }, line_items: [] }),
    );
    const hosted = await languageModelExtractor(model()).financial([invoicePage()]);
    expect(hosted.entities).toEqual({ customer_name: 'Someone Not On The Page' });
    expect(hosted.citations!.entities).toEqual({});
  });

  it.each([
    ['fields as a list', { fields: [], line_items: [] }],
    ['a line item without a description', { fields: {}, line_items: [{ quantity: 1 }] }],
    ['a confidence above 1', { fields: { invoice_number: { value: 'X', lines: [], confidence: 3 } }, line_items: [] }],
  ])('refuses %s (invalid_response)', async (_label, input) => {
    bedrock.on(ConverseCommand).resolves(withToolInput('converse-extract-financial', input));
    const error = await languageModelExtractor(model()).financial([invoicePage()]).catch((e) => e);
    expect(error).toBeInstanceOf(HostedEngineError);
    expect(error.reason).toBe('invalid_response');
  });
});

describe('hosted extract: schema-guided', () => {
  const schema = { applicant: { full_name: null, date_of_birth: null }, newsletter: 'unselected' as const, agrees_to_terms: false as const, references: [{ name: null }] };
  const formPage = () => buildPage({ items: [{ text: 'Applicant: Tomas Ferreira', x: 72, y: 60 }, { text: 'Born 1988-07-02', x: 72, y: 80 }, { text: '[x] Newsletter', x: 72, y: 100 }] });

  it("fills the caller's shape like the local filler: every key present, confidence for the paths found", async () => {
    bedrock.on(ConverseCommand).resolves(recorded('converse-extract-schema'));
    const hosted = await languageModelExtractor(model()).fillSchema(schema, [formPage()]);
    const local = await localExtractor.fillSchema(schema, [formPage()]);

    expect(hosted.result).toEqual({ applicant: { full_name: 'Tomas Ferreira', date_of_birth: '1988-07-02' }, newsletter: 'selected', agrees_to_terms: true, references: [] });
    expect(Object.keys(hosted.result as object)).toEqual(Object.keys(local.result as object));
    expect(hosted.confidence).toEqual({ 'applicant.full_name': 0.94, 'applicant.date_of_birth': 0.9, newsletter: 0.7, agrees_to_terms: 0.6 });
    // The tool schema mirrors the caller's shape.
    expect(toolSchema().properties.data).toEqual({
      type: 'object',
      properties: {
        applicant: { type: 'object', properties: { full_name: { type: ['string', 'null'] }, date_of_birth: { type: ['string', 'null'] } } },
        newsletter: { type: 'string', enum: ['selected', 'unselected'] },
        agrees_to_terms: { type: 'boolean' },
        references: { type: 'array', items: { type: 'object', properties: { name: { type: ['string', 'null'] } } } },
      },
    });
  });

  it.each([
    ['an object where text belongs', { applicant: { full_name: { first: 'T' } } }],
    ['text where a list belongs', { references: 'none' }],
    ['a checkbox that is neither', { newsletter: 'maybe' }],
  ])('refuses %s (invalid_response)', async (_label, data) => {
    bedrock.on(ConverseCommand).resolves(withToolInput('converse-extract-schema', { data, confidence: {} }));
    const error = await languageModelExtractor(model()).fillSchema(schema, [formPage()]).catch((e) => e);
    expect(error).toBeInstanceOf(HostedEngineError);
    expect(error.reason).toBe('invalid_response');
  });
});
