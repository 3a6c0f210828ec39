/**
 * The hosted PII engine (redact with Comprehend) against a fake
 * `PiiDetectionService` that answers like Comprehend (its type names, offsets
 * into the text it was sent): type mapping, chunking, custom types and the
 * types Comprehend lacks on the local detector, and masks on the same boxes.
 */
import { describe, expect, it } from 'vitest';
import type { PiiDetectionService, PiiSpan as HostedSpan } from '../../../functions/contracts/hosted-models.ts';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';
import { asksHostedDetector, chunkText, detectPiiWithService, HOSTED_PII_TYPES, piiLanguageCode } from '../../../functions/engines/redact/hosted-detect.ts';
import { planRedaction, redactionText } from '../../../functions/engines/redact/redact.ts';
import { buildPage, prose } from './page-builder.ts';

/** Answers every occurrence of each `[comprehendType, value]` in the text it is sent. */
function fakeComprehend(entities: readonly (readonly [string, string])[], maxTextBytes = 100_000) {
  const calls: { text: string; languageCode: string }[] = [];
  const service: PiiDetectionService = {
    name: 'comprehend/DetectPiiEntities',
    maxTextBytes,
    async detectPii(text, languageCode) {
      calls.push({ text, languageCode });
      expect(Buffer.byteLength(text, 'utf8')).toBeLessThanOrEqual(maxTextBytes);
      const spans: HostedSpan[] = [];
      for (const [type, value] of entities) {
        for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + 1)) spans.push({ type, beginOffset: at, endOffset: at + value.length, score: 0.99 });
      }
      return spans;
    },
  };
  return { service, calls };
}

const EXTEND: DetectionConfig = { mode: 'extend', types: [] };
const found = (spans: { type: string; value: string }[]) => spans.map((s) => [s.type, s.value]);

describe('redact with a hosted PII detector', () => {
  it("maps Comprehend's types to ours and ignores the types redact does not report", async () => {
    // Arrange
    const text = 'Patient Oskar Lindqvist, email oskar.l@example.net, visit https://clinic.example.org on 2024-03-02.';
    const { service } = fakeComprehend([
      ['NAME', 'Oskar Lindqvist'],
      ['EMAIL', 'oskar.l@example.net'],
      ['URL', 'https://clinic.example.org'],
      ['DATE_TIME', '2024-03-02'],
    ]);
    // Act
    const spans = await detectPiiWithService(text, EXTEND, service, { languageCode: 'en' });
    // Assess
    expect(found(spans)).toEqual([
      ['PERSON', 'Oskar Lindqvist'],
      ['EMAIL_ADDRESS', 'oskar.l@example.net'],
    ]);
  });

  it('sends the text as a viewer shows it and places the spans back on the characters as written', async () => {
    // Arrange: a value typed with en dashes and a soft hyphen; the service knows only the ASCII form.
    const text = 'Patient Oskar Lind\u00adqvist, SSN 536\u201322\u20138145.';
    const { service, calls } = fakeComprehend([
      ['NAME', 'Oskar Lindqvist'],
      ['SSN', '536-22-8145'],
    ]);
    // Act
    const spans = await detectPiiWithService(text, EXTEND, service, { languageCode: 'en' });
    // Assess
    expect(calls[0].text).toBe('Patient Oskar Lindqvist, SSN 536-22-8145.');
    expect(found(spans)).toEqual([
      ['PERSON', 'Oskar Lind\u00adqvist'],
      ['US_SSN', '536\u201322\u20138145'],
    ]);
  });

  it('keeps custom types and the built-in types Comprehend lacks on the local detector', async () => {
    // Arrange
    const text = 'Employee ID: EMP-20391\nDate of birth: 04/17/1986\nMRN: 00482913\nContact: Ida Brandt';
    const config: DetectionConfig = { mode: 'extend', types: [{ name: 'EMPLOYEE_ID', description: 'employee ids such as "EMP-10001"', hasSyntheticReplacement: true }] };
    const { service } = fakeComprehend([['NAME', 'Ida Brandt']]);
    // Act
    const spans = await detectPiiWithService(text, config, service, { languageCode: 'en' });
    // Assess
    expect(found(spans)).toEqual([
      ['EMPLOYEE_ID', 'EMP-20391'],
      ['DATE_OF_BIRTH', '04/17/1986'],
      ['MEDICAL_RECORD_NUMBER', '00482913'],
      ['PERSON', 'Ida Brandt'],
    ]);
  });

  it('lets Comprehend answer alone for the types it covers (a local-only match is not added)', async () => {
    // Arrange: the local detector finds this email; the fake Comprehend does not.
    const text = 'Write to someone@example.com today';
    const { service } = fakeComprehend([]);
    // Act
    const spans = await detectPiiWithService(text, EXTEND, service, { languageCode: 'en' });
    // Assess
    expect(found(await detectPii(text, EXTEND))).toEqual([['EMAIL_ADDRESS', 'someone@example.com']]);
    expect(spans).toEqual([]);
    expect(HOSTED_PII_TYPES.has('EMAIL_ADDRESS')).toBe(true);
  });

  it("maps Comprehend's UK National Insurance numbers to UK_NINO and keeps the local recognizer for other prefixes", async () => {
    // Arrange: Comprehend reports a number the local recognizer would not take alone; the second is found locally only.
    const text = 'Ticket BG510862A closed.\nNational Insurance number QQ 73 19 40 C.';
    const { service } = fakeComprehend([['UK_NATIONAL_INSURANCE_NUMBER', 'BG510862A']]);
    // Act
    const spans = await detectPiiWithService(text, EXTEND, service, { languageCode: 'en' });
    // Assess
    expect(found(await detectPii('Ticket BG510862A closed.', EXTEND))).toEqual([]);
    expect(found(spans)).toEqual([
      ['UK_NINO', 'BG510862A'],
      ['UK_NINO', 'QQ 73 19 40 C'],
    ]);
    expect(HOSTED_PII_TYPES.has('UK_NINO')).toBe(false);
  });

  it("adds Comprehend's passwords, logins, hardware addresses and plates to what the local recognizers find", async () => {
    // Arrange: Comprehend reports a PIN and a plate no label names; the Benutzername line is found locally only.
    const text = 'Door code 7741 for the van QLT 448.\nBenutzername: m.kessler';
    const { service } = fakeComprehend([
      ['PIN', '7741'],
      ['LICENSE_PLATE', 'QLT 448'],
    ]);
    // Act
    const spans = await detectPiiWithService(text, EXTEND, service, { languageCode: 'en' });
    // Assess
    expect(found(spans)).toEqual([
      ['PASSWORD', '7741'],
      ['VEHICLE_ID', 'QLT 448'],
      ['USERNAME', 'm.kessler'],
    ]);
    expect(HOSTED_PII_TYPES.has('USERNAME')).toBe(false);
  });

  it('does not call the service when only custom types are asked for (replace mode)', async () => {
    // Arrange
    const config: DetectionConfig = { mode: 'replace', types: [{ name: 'CASE_NO', description: 'case numbers like "CN-4471"', hasSyntheticReplacement: false }] };
    const { service, calls } = fakeComprehend([['NAME', 'Ida Brandt']]);
    // Act
    const spans = await detectPiiWithService('Case CN-9912 for Ida Brandt', config, service, { languageCode: 'en' });
    // Assess
    expect(calls).toHaveLength(0);
    expect(asksHostedDetector(config)).toBe(false);
    expect(asksHostedDetector(EXTEND)).toBe(true);
    expect(found(spans)).toEqual([['CASE_NO', 'CN-9912']]);
  });

  it('in replace mode asks for a named built-in type and reports only it', async () => {
    // Arrange
    const config: DetectionConfig = { mode: 'replace', types: [{ name: 'PERSON', description: 'people', hasSyntheticReplacement: true }] };
    const { service, calls } = fakeComprehend([
      ['NAME', 'Ida Brandt'],
      ['EMAIL', 'ida@example.com'],
    ]);
    // Act
    const spans = await detectPiiWithService('Ida Brandt <ida@example.com>', config, service, { languageCode: 'en' });
    // Assess
    expect(calls).toHaveLength(1);
    expect(found(spans)).toEqual([['PERSON', 'Ida Brandt']]);
  });

  it('chunks a long text on line breaks within the byte limit and maps offsets back', async () => {
    // Arrange: 60 lines, each with a name; chunks of at most 400 bytes (multi-byte letters included).
    const lines = Array.from({ length: 60 }, (_, i) => `Zeile ${i}: Grüße an Jörg Öberg, Raum ${i}`);
    const text = lines.join('\n');
    const { service, calls } = fakeComprehend([['NAME', 'Jörg Öberg']], 400);
    // Act
    const spans = await detectPiiWithService(text, EXTEND, service, { languageCode: 'en' });
    // Assess
    expect(calls.length).toBeGreaterThan(5);
    expect(calls.slice(0, -1).every((c) => c.text.endsWith('\n'))).toBe(true);
    expect(calls.map((c) => c.text).join('')).toBe(text);
    expect(spans).toHaveLength(60);
    expect(spans.every((s) => text.slice(s.start, s.end) === 'Jörg Öberg' && s.type === 'PERSON')).toBe(true);
  });

  it('cuts a chunk at a space when a line is longer than the limit, and hard only inside one long word', () => {
    // Arrange
    const words = 'alpha beta gamma delta epsilon zeta eta theta iota kappa';
    // Act
    const chunks = chunkText(words, 16);
    const hard = chunkText('x'.repeat(40), 16);
    // Assess
    expect(chunks.map((c) => c.text).join('')).toBe(words);
    expect(chunks.slice(0, -1).every((c) => c.text.endsWith(' ') && Buffer.byteLength(c.text) <= 16)).toBe(true);
    expect(hard.map((c) => c.text.length)).toEqual([16, 16, 8]);
  });

  it('masks the same boxes as the local detector for the same span', async () => {
    // Arrange
    const pages = [buildPage({ items: prose(['Statement for Ida Brandt', 'Email: ida.brandt@example.com'], 72, 72, 16) })];
    const text = redactionText(pages);
    const { service } = fakeComprehend([
      ['NAME', 'Ida Brandt'],
      ['EMAIL', 'ida.brandt@example.com'],
    ]);
    // Act
    const spans = await detectPiiWithService(text, EXTEND, service, { languageCode: 'en' });
    const hosted = await planRedaction(pages, { mode: 'redact', config: EXTEND, spans });
    const local = await planRedaction(pages, { mode: 'redact', config: EXTEND });
    // Assess
    expect(hosted.summary).toEqual({ PERSON: 1, EMAIL_ADDRESS: 1 });
    expect(hosted.updatedText).toBe(local.updatedText);
    expect(hosted.boxes).toEqual(local.boxes);
  });

  it('asks in Spanish only when the request reads Spanish', () => {
    expect(piiLanguageCode(['es'])).toBe('es');
    expect(piiLanguageCode(['de'])).toBe('en');
    expect(piiLanguageCode(undefined)).toBe('en');
  });
});
