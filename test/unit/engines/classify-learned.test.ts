/**
 * The learned classifier (features, model file, combination with the
 * description scorer), the mail-room classes, and the split signals of
 * issue 23. Texts are made-up look-alikes, never corpus documents.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CLASSES, MINIMAL_CLASSES, SplitOptions } from '../../../functions/contracts/schemas/classify.ts';
import { buildClassSet } from '../../../functions/engines/classify/class-set.ts';
import { BUILT_IN_CLASSES } from '../../../functions/engines/classify/classes.ts';
import { classifyText } from '../../../functions/engines/classify/classifier.ts';
import { FEATURE_BITS, featuresOf, layoutTokens } from '../../../functions/engines/classify/features.ts';
import { classifierModel, decodeModel, encodeModel, logitsOf } from '../../../functions/engines/classify/model.ts';
import { splitPages } from '../../../functions/engines/split/splitter.ts';
import { segmentClasses } from '../../../functions/operations/split-operation.ts';

type Shape = { width?: number; height?: number; kind?: string };
const page = (text: string, pageNumber = 1, size: Shape = {}) => ({ pageNumber, text, ...size });
const classify = (text: string, size: Shape = {}) =>
  classifyText([page(text, 1, size)], { classes: buildClassSet({ type: 'default' }), depth: 'balanced', nonDomainLabel: 'other' });

const CHEQUE = 'RIVERSIDE SAVINGS BANK\nDate 04/12/2026\nPAY TO THE ORDER OF  Jonas Weber   $ 1,250.00\nOne thousand two hundred fifty and 00/100 DOLLARS\nMEMO rent April\nAuthorized signature\n⑆021000089⑆ 4481229907⑈ 1042';
const COURT = 'UNITED STATES DISTRICT COURT\nFOR THE NORTHERN DISTRICT OF OHIO\nMARTA LINDQVIST, Plaintiff,\nv.\nHARBOR FREIGHT LINES INC., Defendant.\nCase No. 3:26-cv-01187\nMOTION TO DISMISS\nDefendant, by its attorneys, respectfully moves the Court pursuant to Rule 12(b)(6).\nAttorney for Defendant';
const VEHICLE = 'CERTIFICATE OF REGISTRATION\nMOTOR VEHICLE DIVISION\nPlate number 7KLM204\nVehicle identification number 1HGCM82633A004352\nMake HONDA  Model ACCORD  Model year 2021\nBody type 4D SEDAN\nRegistered owner DANA PRICE\nExpires 08/31/2027';
const ENVELOPE = 'Greenline Insurance Co.\nPO Box 4410\nHartford, CT 06101\nPRESORTED FIRST-CLASS MAIL\nU.S. POSTAGE PAID\nMS. DANA PRICE\n88 WILLOW CT\nSPRINGFIELD IL 62704-1123';
const NEWS = 'City opens new library branch\nBy Sam Ortiz, Staff Writer\nMARCH 3 — The long-awaited branch opened its doors on Saturday, drawing hundreds of residents. "It has been a decade in the making," said council member Rita Gomez. The library will offer evening hours and a maker space, officials said.';
const WATER_BILL = 'Harbor Water Authority\nAccount 5531-0087\nService address 14 Elm Drive\nBilling period 02/01/2026 - 02/28/2026\nMeter 8812231 previous reading 10422 present reading 10511\nUsage 89 CCF\nAmount due $64.20 by 03/20/2026';
const NOTE = 'Hi Sam,\nthanks for feeding the cat\nfood is in the top cupboard\nback sunday night\nxx Jo';
const SLIDES = 'Q3 Roadmap\nWhere we are\n• Launched mobile app\n• 12k active users\nNext steps\n• Payments in Q4\nQuestions?';
const CARD = 'Priya Raman\nHead of Partnerships\nLumen Analytics\nMobile +44 7700 900123\npriya.raman@lumen-analytics.example\nwww.lumen-analytics.example';

describe('default classes cover a mail room', () => {
  it('has a description and phrases for every label, and keeps minimal', () => {
    expect(DEFAULT_CLASSES.length).toBe(33);
    for (const label of ['bank_check', 'business_card', 'envelope', 'presentation', 'spreadsheet', 'court_filing', 'health_insurance_card', 'vehicle_registration', 'certificate', 'mortgage_document', 'news_article', 'handwritten']) {
      expect(DEFAULT_CLASSES).toContain(label);
      expect(BUILT_IN_CLASSES[label as keyof typeof BUILT_IN_CLASSES].description.length).toBeGreaterThan(30);
    }
    expect(MINIMAL_CLASSES).toEqual(['invoice', 'receipt', 'bank_statement', 'contract', 'letter', 'form', 'identity_document']);
  });

  it.each([
    ['bank_check', CHEQUE, { width: 612, height: 270 }],
    ['court_filing', COURT, {}],
    ['vehicle_registration', VEHICLE, {}],
    ['business_card', CARD, { width: 252, height: 144 }],
    ['envelope', ENVELOPE, { width: 684, height: 297, kind: 'jpeg' }],
    ['news_article', NEWS, { width: 612, height: 792, kind: 'pdf' }],
    ['utility_bill', WATER_BILL, { width: 612, height: 792, kind: 'pdf' }],
    ['handwritten', NOTE, { width: 900, height: 1200, kind: 'jpeg' }],
    ['presentation', SLIDES, { width: 720, height: 405, kind: 'pdf' }],
  ])('calls a %s look-alike by its name', (label, text, size) => {
    expect(classify(text, size).label).toBe(label);
  });
});

describe('features and the model file', () => {
  it('hashes the same text to the same L2-normalised vector, with layout tokens', () => {
    const a = featuresOf([{ text: CHEQUE, width: 612, height: 270 }]);
    const b = featuresOf([{ text: CHEQUE, width: 612, height: 270 }]);
    expect([...a.index]).toEqual([...b.index]);
    expect(a.value.reduce((s, v) => s + v * v, 0)).toBeCloseTo(1, 5);
    expect(a.index.every((i) => i >= 0 && i < 1 << FEATURE_BITS)).toBe(true);
    // The page shape is part of what the model reads.
    const portrait = featuresOf([{ text: CHEQUE, width: 612, height: 792 }]);
    expect([...portrait.index]).not.toEqual([...a.index]);
  });

  it('reads the file kind as a layout cue, grouped (a JPEG and a PNG read alike, a workbook differently)', () => {
    const text = 'Category Jan Feb Mar Total\nRent 1200 1200 1200 3600\nTravel 300 120 80 500';
    const ids = (kind?: string) => [...featuresOf([{ text, kind }]).index].join(',');
    expect(ids('jpeg')).toBe(ids('png'));
    expect(ids('xlsx')).not.toBe(ids('pdf'));
    expect(ids(undefined)).not.toBe(ids('pdf'));
    // An unknown kind reads like no kind rather than failing.
    expect(ids('mystery')).toBe(ids(undefined));
  });

  it('keeps the description weight chosen in training through encoding, and uses it', () => {
    const dimension = 1 << FEATURE_BITS;
    const model = { labels: ['a'], bias: Float32Array.from([0]), weights: new Float32Array(dimension), dimension, temperature: { balanced: 1 }, descriptionWeight: 0.2 };
    expect(decodeModel(JSON.parse(JSON.stringify(encodeModel(model, {})))).descriptionWeight).toBe(0.2);
    // With learned logits held equal, the weight scales how much the description evidence counts.
    const committed = classifierModel();
    const flat = { ...committed, weights: new Float32Array(committed.weights.length), bias: new Float32Array(committed.bias.length) };
    const scoreAt = (w: number) => classifyText([page(CHEQUE)], { classes: buildClassSet({ type: 'default' }), depth: 'balanced', nonDomainLabel: 'other', model: { ...flat, descriptionWeight: w } }).scores.bank_check;
    expect(scoreAt(0)).toBe(0);
    expect(scoreAt(0.5)).toBeCloseTo(2 * scoreAt(0.25), 1);
  });

  it('a few words no class has a phrase for are not a document type, whatever the page shape suggests', () => {
    for (const size of [{}, { width: 612, height: 792 }, { width: 243, height: 153 }]) {
      const result = classifyText([{ pageNumber: 1, text: 'quibble zephyr marmalade oblong\nfrobnicate twelve', ...size, kind: 'png' }], { classes: buildClassSet({ type: 'default' }), depth: 'balanced', nonDomainLabel: 'unknown' });
      expect(result.label).toBe('unknown');
    }
  });

  it('encodes weights to int8 and back within a quantisation step', () => {
    const dimension = 1 << FEATURE_BITS;
    const weights = new Float32Array(2 * dimension).map((_, i) => Math.sin(i) * (i % 2 ? 0.5 : 2));
    const model = { labels: ['a', 'b'], bias: Float32Array.from([0.1, -0.2]), weights, dimension, temperature: { balanced: 0.7 } };
    const decoded = decodeModel(JSON.parse(JSON.stringify(encodeModel(model, {}))));
    for (const k of [0, 1]) {
      const max = Math.max(...weights.subarray(k * dimension, (k + 1) * dimension).map(Math.abs));
      for (let j = 0; j < dimension; j += 97) expect(Math.abs(decoded.weights[k * dimension + j] - weights[k * dimension + j])).toBeLessThanOrEqual(max / 127);
    }
    expect(decoded.temperature).toEqual({ balanced: 0.7 });
  });

  it('the committed model knows every built-in class and has a fitted temperature per mode', () => {
    const model = classifierModel();
    expect([...model.labels].sort()).toEqual([...DEFAULT_CLASSES].sort());
    for (const depth of ['fast', 'balanced', 'thorough']) expect(model.temperature[depth]).toBeGreaterThan(0);
    expect(logitsOf(model, featuresOf([{ text: CHEQUE }])).length).toBe(DEFAULT_CLASSES.length);
  });

  it('a caller-described class still wins on its own words without examples, beside the learned classes', () => {
    const text = 'Specimen: serum\nGlucose 5.4 mmol/L\nHbA1c 6.1 %\nReference range 3.9 - 5.6\nLaboratory: North Lab';
    const custom = { lab_result: 'Laboratory results: specimen, analyte values with units and a "reference range"' };
    const result = classifyText([page(text)], { classes: buildClassSet({ type: 'default', custom }), depth: 'balanced', nonDomainLabel: 'other' });
    expect(result.label).toBe('lab_result');
  });
});

// Look-alikes of the kinds issue 23's second round worked on (made up; no corpus text).
const PAYROLL_CHEQUE = 'NORTHGATE TOOLING INC.\n18 Foundry Road\nMILLBROOK, USA 20455\nPayroll check number: 0004417\nPay date: 3/14/2026\nEmployee No. 55120\nPay to the order of: DANA PRICE\nSIX HUNDRED TWELVE AND 40/100 DOLLARS $612.40\nNON-NEGOTIABLE\n"004417" :071000288: 7730019921"';
const PAY_STUB = 'NORTHGATE TOOLING INC.\nEarnings Statement\nEmployee DANA PRICE  Employee ID 55120\nPay period 03/01/2026 - 03/14/2026  Pay date 03/14/2026\nEarnings Rate Hours This period Year to date\nRegular 18.50 40.00 740.00 3,700.00\nOvertime 27.75 2.00 55.50 222.00\nGross pay 795.50 3,922.00\nDeductions\nFederal income tax -61.20 306.00\nSocial Security -49.32 243.16\nMedicare -11.53 56.87\nState income tax -24.10 120.50\nNet pay 649.35 3,195.47';
const RESUME = 'MARTA LINDQVIST\nData Analyst\nmarta.lindqvist@example.org | (555) 014-2231\nEXPERIENCE\nData Analyst, Harbor Freight Lines\n2021 – Present\n• Built weekly dashboards for 12 depots\nJunior Analyst, Crestline Foods\n2018 - 2021\n• Cleaned and merged sales data\nEDUCATION\nB.Sc. in Statistics, Lakemont University, 2018\nSKILLS\nSQL, Python, Tableau, Excel';
const OLD_PAPER = 'THE MILLBROOK EVENING LEDGER\nVOL. XIV NO. 212\nMILL FIRE DESTROYS\nTHREE WAREHOUSES\nMILLBROOK, Oct. 9.—Fire which\nbroke out shortly after mid-\nnight in the grain district\ndestroyed three warehouses\nbefore the brigade could check\nits progress. The loss is esti-\nmated at $40,000, partly cov-\nered by insurance. Mr. Hale,\nthe owner, declined to make\nany statement last evening.';

describe('structure cues and the kinds of round 2 (issue 23)', () => {
  it('reads contact lines, rows of amounts, an amount written as "… and 40/100", a magnetic-ink line and job-date spans', () => {
    const card = layoutTokens([{ text: CARD }]);
    expect(card).toContain('#contact:4:1');
    const cheque = layoutTokens([{ text: PAYROLL_CHEQUE }]);
    expect(cheque).toContain('#cents/100');
    expect(cheque).toContain('#micr');
    expect(layoutTokens([{ text: RESUME }])).toContain('#spans:3');
    expect(layoutTokens([{ text: OLD_PAPER }]).some((t) => t.startsWith('#hyphen-wrap:') && t !== '#hyphen-wrap:1')).toBe(true);
    // Dates, amounts and a form's lettered boxes are no contact lines; a pay stub has no cheque line.
    expect(layoutTokens([{ text: '2026-01-31\nTotal 1 250 000\nc 12 Employer name\nInvoice 12345678' }])).toContain('#contact:1:1');
    const stub = layoutTokens([{ text: PAY_STUB }]);
    // Rows of amounts: a stub is made of them, a cheque has one figure.
    expect(stub).toContain('#money-rows:4');
    expect(cheque).toContain('#money-rows:1');
    expect(stub).not.toContain('#micr');
    expect(stub).not.toContain('#cents/100');
  });

  it.each([
    // A payroll cheque scanned on a whole portrait page: a cheque, not the pay stub its words resemble.
    ['bank_check', PAYROLL_CHEQUE, { width: 446, height: 631, kind: 'pdf' }],
    ['pay_stub', PAY_STUB, { width: 612, height: 792, kind: 'pdf' }],
    ['resume', RESUME, { width: 1700, height: 2200, kind: 'png' }],
    ['news_article', OLD_PAPER, { width: 1400, height: 2000, kind: 'png' }],
  ])('calls a %s look-alike by its name', (label, text, size) => {
    expect(classify(text, size).label).toBe(label);
  });
});

describe('split signals (issue 23)', () => {
  const classes = segmentClasses(SplitOptions.parse({}));
  const split = (pages: ReturnType<typeof page>[]) => splitPages(pages, { classes, thorough: true }).map((s) => [s.start_page, s.end_page, s.type]);
  const INVOICE = 'INVOICE\nInvoice number: INV-2026-0042\nInvoice date: 01/11/2026\nBill to: Globex Ltd\nDescription Qty Unit price Amount\nConsulting 10 150.00 1,500.00\nSubtotal 1,500.00\nVAT 20% 300.00\nAmount due 1,800.00';
  const FORM = 'APPLICATION FORM\nName: ____________\nAddress: ____________\nDate of birth: ________\nSignature: ________\nPlease print clearly. For office use only.';

  it('the spec example: "Page 2 of invoice …" continues the invoice, the form stands alone', () => {
    expect(split([page(INVOICE, 1), page('Page 2 of invoice INV-2026-0042\nTerms: net 30', 2), page(FORM, 3)])).toEqual([
      [1, 2, 'invoice'],
      [3, 3, 'form'],
    ]);
  });

  it('two vendors\' invoices are two documents', () => {
    const other = 'Blue Harbor SARL\n12 Rue de la Paix, 75002 Paris\nFACTURE / INVOICE\nInvoice no. FA-7781\nDate: 03/02/2026\nDesign services 1 900.00 900.00\nTotal HT 900.00\nTVA 20% 180.00\nTotal TTC 1,080.00';
    expect(split([page(`Northwind Traders\n${INVOICE}`, 1), page(other, 2)]).map(([s, e]) => [s, e])).toEqual([[1, 1], [2, 2]]);
  });

  it('numbering that restarts under the same running header and account code does not cut a statement', () => {
    const statement = (n: number, rows: string) => `Page ${n} of 3 04/04/2026\nACCT 7730019921\nDate Description Withdrawals Deposits\n${rows}`;
    const pages = [
      page(`${statement(1, '')}\nACCOUNT STATEMENT\nOpening balance 1,000.00\n2/6 Grocery -71.20`, 1),
      page(statement(2, '3/1 Fuel -40.00\n3/9 Salary 2,100.00'), 2),
      page(statement(1, '4/2 Rent -900.00\nClosing balance 2,088.80'), 3),
    ];
    expect(split(pages).map(([s, e]) => [s, e])).toEqual([[1, 3]]);
  });

  it('a change of paper size between scanned pages counts toward a new document', () => {
    const note = (name: string) => `${name}\nThe items below were recorded on the day.\nReference list follows.`;
    const same = split([page(note('Alpha'), 1, { width: 612, height: 792 }), page(note('Beta'), 2, { width: 612, height: 792 })]);
    const changed = split([page(note('Alpha'), 1, { width: 612, height: 792 }), page(note('Beta'), 2, { width: 300, height: 420 })]);
    expect(changed.length).toBeGreaterThanOrEqual(same.length);
  });
});
