import { describe, expect, it } from 'vitest';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';
import { decodePageImage, findHeaderGraphics } from '../../../functions/engines/redact/mask.ts';
import { planRedaction } from '../../../functions/engines/redact/redact.ts';
import { SyntheticValues } from '../../../functions/engines/redact/synthetic.ts';
import { abaValid, cardNumberValid, ibanValid, ssnValid } from '../../../functions/engines/redact/validators.ts';
import { buildPage, prose } from './page-builder.ts';

const pageFromLines = (lines: string[], pageNumber: number) => buildPage({ items: prose(lines, 72, 72, 16), pageNumber });

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const found = async (text: string, config = BUILT_INS) => (await detectPii(text, config)).map((s) => [s.type, s.value]);

describe('PII detection: each built-in type, valid and invalid', () => {
  it.each([
    ['EMAIL_ADDRESS', 'Write to jane.doe+billing@example.co.uk today', 'jane.doe+billing@example.co.uk'],
    ['PHONE_NUMBER', 'Call us at (415) 555-0132 after 9', '(415) 555-0132'],
    ['PHONE_NUMBER', 'Tel. +44 20 7123 4567', '+44 20 7123 4567'],
    ['PHONE_NUMBER', 'Telefon: +49 30 1234567', '+49 30 1234567'],
    // International form in ranges the numbering plans do not hold, and with the trunk 0 in brackets.
    ['PHONE_NUMBER', 'Desk: +41 (0)96 471 07 95', '+41 (0)96 471 07 95'],
    ['PHONE_NUMBER', 'reach me on +1-984-182-0190 tonight', '+1-984-182-0190'],
    ['US_SSN', 'SSN 536-22-8145 on file', '536-22-8145'],
    ['US_SSN', 'social security number 536228145', '536228145'],
    ['CREDIT_CARD', 'Visa 4111 1111 1111 1111 exp 12/29', '4111 1111 1111 1111'],
    ['CREDIT_CARD', 'card 5500-0000-0000-0004', '5500-0000-0000-0004'],
    ['IBAN_CODE', 'IBAN DE89 3704 0044 0532 0130 00 BIC COBADEFFXXX', 'DE89 3704 0044 0532 0130 00'],
    ['IBAN_CODE', 'pay to GB82WEST12345698765432 today', 'GB82WEST12345698765432'],
    ['ABA_ROUTING_NUMBER', 'Routing number: 121000358', '121000358'],
    ['US_BANK_NUMBER', 'Account number 000123456789', '000123456789'],
    ['DATE_OF_BIRTH', 'Date of birth: 04/17/1986', '04/17/1986'],
    ['DATE_OF_BIRTH', 'born on 17 March 1986 in Lyon', '17 March 1986'],
    // The street line and the postcode are masked; the town is left readable (see the address tests in redact-precision).
    ['STREET_ADDRESS', 'Ship to 1600 Amphitheatre Parkway, Mountain View, CA 94043', '1600 Amphitheatre Parkway'],
    ['STREET_ADDRESS', 'Ship to 1600 Amphitheatre Parkway, Mountain View, CA 94043', '94043'],
    ['STREET_ADDRESS', 'Adresse: Hauptstraße 5, 10115 Berlin', 'Hauptstraße 5'],
    ['STREET_ADDRESS', 'Adresse: Hauptstraße 5, 10115 Berlin', '10115'],
    ['PASSPORT_NUMBER', 'Passport No. X12345678', 'X12345678'],
    ['DRIVER_LICENSE', "Driver's license: D1234-5678-9012", 'D1234-5678-9012'],
    ['IP_ADDRESS', 'from 192.168.10.254 at noon', '192.168.10.254'],
    ['IP_ADDRESS', 'host 2001:db8:85a3::8a2e:370:7334 down', '2001:db8:85a3::8a2e:370:7334'],
    ['TAX_ID', 'EIN: 12-3456789', '12-3456789'],
    ['TAX_ID', 'USt-IdNr. DE274819365', 'DE274819365'],
    ['MEDICAL_RECORD_NUMBER', 'MRN: 00482913', '00482913'],
    ['PERSON', 'Dear Mrs. Katarzyna Wiśniewska,', 'Katarzyna Wiśniewska'],
    ['PERSON', 'Patient: Jonathan Miller', 'Jonathan Miller'],
  ])('finds %s in %j', async (type, text, value) => {
    expect((await found(text))).toContainEqual([type, value]);
  });

  it.each([
    ['an SSN with area 000', 'SSN 000-12-3456'],
    ['an SSN with area 666', 'SSN 666-12-3456'],
    ['an SSN with area 9xx', 'SSN 912-12-3456'],
    ['an SSN with group 00', 'SSN 536-00-8145'],
    ['an SSN with serial 0000', 'SSN 536-22-0000'],
    ['an SSN with mixed delimiters', 'SSN 536-22.8145'],
    ['a Luhn-invalid card number', 'card 4111 1111 1111 1112'],
    ['a card number with mixed separators', 'card 4111-1111 1111-1111'],
    ['an IBAN with a wrong check digit and no account word', 'ref DE88 3704 0044 0532 0130 00'],
    ['an IP address out of range', 'from 256.1.1.1 to'],
    ['a 9-digit number without routing context', 'Order 121000358 shipped'],
    ['a date without birth context', 'Invoice date: 04/17/1986'],
    ['an account-length number without context', 'Reference 000123456789'],
  ])('does not report %s', async (_label, text) => {
    const types = (await found(text)).map(([t]) => t);
    expect(types.filter((t) => t !== 'PHONE_NUMBER' || /\d{3}[- ]\d{3}/.test(text))).toEqual([]);
  });

  it('keeps table headers, labels and amounts out of PERSON', async () => {
    const text = 'Description Quantity Unit Price Total\nConsulting Services 10 150.00 1,500.00\nTotal Amount Due 1,500.00\nInvoice Date 2026-11-01';
    expect((await found(text)).filter(([t]) => t === 'PERSON')).toEqual([]);
  });

  it('raises a context-dependent candidate above the threshold only with its context', async () => {
    expect((await found('Passport number: 912803456')).map(([t]) => t)).toContain('PASSPORT_NUMBER');
    expect((await found('Quantity 912803456')).map(([t]) => t)).not.toContain('PASSPORT_NUMBER');
  });
});

describe('validators', () => {
  it.each([
    [ssnValid, '078-05-1123', true],
    [ssnValid, '078-05-1120', false],
    [cardNumberValid, '378282246310005', true],
    [cardNumberValid, '0000000000000000', false],
    [ibanValid, 'FR14 2004 1010 0505 0001 3M02 606', true],
    [ibanValid, 'FR14 2004 1010 0505 0001 3M02 607', false],
    [abaValid, '0711-0130-7', true],
    [abaValid, '421042111', false],
  ] as const)('%o(%j) → %s', (validator, value, expected) => {
    expect(validator(value)).toBe(expected);
  });
});

describe('pii_config custom types', () => {
  it('learns the shape of examples written in the description', async () => {
    const config: DetectionConfig = {
      mode: 'extend',
      types: [{ name: 'EMPLOYEE_ID', description: 'Employee numbers, e.g. "EMP-20391"', hasSyntheticReplacement: true }],
    };
    expect((await found('Badge EMP-88812 issued', config))).toContainEqual(['EMPLOYEE_ID', 'EMP-88812']);
    expect((await found('Badge EMP-88812 issued'))).not.toContainEqual(['EMPLOYEE_ID', 'EMP-88812']);
  });

  it('reads placeholder formats and cue words from the description', async () => {
    const config: DetectionConfig = {
      mode: 'replace',
      types: [{ name: 'CLAIM_NUMBER', description: 'Insurance claim number in the format AA-9999-99, written after "claim"', hasSyntheticReplacement: false }],
    };
    expect((await found('Your claim XZ-4821-07 was received', config))).toEqual([['CLAIM_NUMBER', 'XZ-4821-07']]);
    expect((await found('Claim: 77123', config))).toEqual([['CLAIM_NUMBER', '77123']]);
  });

  it('uses only the supplied types in replace mode', async () => {
    const config: DetectionConfig = { mode: 'replace', types: [{ name: 'PROJECT', description: 'codes like PRJ-1234', hasSyntheticReplacement: true }] };
    expect((await found('PRJ-4411 owner jane@example.org', config))).toEqual([['PROJECT', 'PRJ-4411']]);
  });
});

describe('planRedaction', () => {
  const pages = [
    pageFromLines(['Name: Jane Doe', 'Email: jane.doe@example.org', 'Backup: jane.doe@example.org'], 1),
  ];

  it('replaces spans with markers and counts them by type', async () => {
    const plan = await planRedaction(pages, { mode: 'redact', config: BUILT_INS });
    expect(plan.updatedText).toBe('Name: [PERSON]\nEmail: [EMAIL_ADDRESS]\nBackup: [EMAIL_ADDRESS]');
    expect(plan.summary).toEqual({ PERSON: 1, EMAIL_ADDRESS: 2 });
    expect(plan.boxes.get(0)).toHaveLength(3);
  });

  it('de-identifies consistently: the same original gets the same synthetic value, different ones differ', async () => {
    const synthetic = new SyntheticValues();
    const plan = await planRedaction(pages, { mode: 'deidentify', config: BUILT_INS, synthetic });
    const emails = [...plan.updatedText.matchAll(/\S+@example\.com/g)].map((m) => m[0]);
    expect(emails).toHaveLength(2);
    expect(emails[0]).toBe(emails[1]);
    expect(plan.updatedText).not.toContain('jane');
    expect(synthetic.valueFor('EMAIL_ADDRESS', 'other@example.org')).not.toBe(emails[0]);
  });

  it('writes a type marker for types without synthetic replacement', async () => {
    const config: DetectionConfig = { mode: 'extend', types: [{ name: 'EMAIL_ADDRESS', description: 'email addresses', hasSyntheticReplacement: false }] };
    const plan = await planRedaction(pages, { mode: 'deidentify', config });
    expect(plan.updatedText).toContain('Email: [EMAIL_ADDRESS]');
    expect(plan.updatedText).not.toContain('[PERSON]');
  });

  it('masks only the value part of a word that carries its label (Email:jane@x.org)', async () => {
    const plan = await planRedaction([pageFromLines(['Email:jane@example.org'], 1)], { mode: 'redact', config: BUILT_INS });
    const [box] = plan.boxes.get(0)!;
    const word = pageFromLines(['Email:jane@example.org'], 1).words[0];
    expect(box.bbox[0]).toBeGreaterThan(word.bbox[0]);
    expect(box.bbox[2]).toBeCloseTo(word.bbox[2], 5);
  });
});

describe('synthetic values', () => {
  it.each([
    ['US_SSN', '536-22-8145', /^9\d\d-\d\d-\d{4}$/],
    ['CREDIT_CARD', '4111 1111 1111 1111', /^\d{4} \d{4} \d{4} \d{4}$/],
    ['IBAN_CODE', 'DE89 3704 0044 0532 0130 00', /^DE\d\d \d{4} \d{4} \d{4} \d{4} \d\d$/],
    ['IP_ADDRESS', '10.1.2.3', /^192\.0\.2\.\d+$/],
    ['EMAIL_ADDRESS', 'a@b.org', /@example\.com$/],
    // Written with fullwidth digits or en dashes: every digit is still replaced.
    ['US_SSN', '\uff15\uff13\uff16-\uff12\uff12-\uff18\uff11\uff14\uff15', /^9\d\d-\d\d-\d{4}$/],
    ['US_SSN', '536\u201322\u20138145', /^9\d\d-\d\d-\d{4}$/],
  ])('%s keeps the shape and uses a safe range', (type, original, shape) => {
    const value = new SyntheticValues().valueFor(type, original);
    expect(value).toMatch(shape);
    expect(value).not.toBe(original);
  });

  it('produces valid checksums where the type has one', () => {
    const values = new SyntheticValues();
    expect(cardNumberValid(values.valueFor('CREDIT_CARD', '4111 1111 1111 1111'))).toBe(true);
    expect(ibanValid(values.valueFor('IBAN_CODE', 'DE89 3704 0044 0532 0130 00'))).toBe(true);
  });

  it('is not reproducible across documents (a random salt per document)', () => {
    expect(new SyntheticValues().valueFor('US_SSN', '536-22-8145')).not.toBe(new SyntheticValues().valueFor('US_SSN', '536-22-8145'));
  });
});

describe('logo masking (include_logos)', () => {
  it('finds an ink cluster in the header band that no word covers, and not the words themselves', async () => {
    // Prepare: a white page with a dark 80×60 logo top left and a "word" box top right.
    const { createCanvas } = await import('@napi-rs/canvas');
    const canvas = createCanvas(600, 800);
    const context = canvas.getContext('2d');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, 600, 800);
    context.fillStyle = '#000';
    context.fillRect(40, 30, 80, 60);
    context.fillRect(400, 40, 120, 20);
    const image = await decodePageImage(new Uint8Array(await canvas.encode('png')));
    const word = { bbox: [400 / 600, 40 / 800, 520 / 600, 60 / 800] as [number, number, number, number] };
    // Act
    const logos = findHeaderGraphics(image, [word]);
    // Assess
    expect(logos).toHaveLength(1);
    const [l, t, r, b] = logos[0];
    expect(l).toBeLessThanOrEqual(40 / 600);
    expect(r).toBeGreaterThanOrEqual(120 / 600);
    expect(t).toBeLessThanOrEqual(30 / 800);
    expect(b).toBeGreaterThanOrEqual(90 / 800);
  });
});
