import { describe, expect, it } from 'vitest';
import { ClassifyOptions, SplitOptions } from '../../../functions/contracts/schemas/classify.ts';
import { buildClassSet } from '../../../functions/engines/classify/class-set.ts';
import { classifyText, type ClassifierOptions } from '../../../functions/engines/classify/classifier.ts';
import { budgetFor, pagesToRead, withinBudget } from '../../../functions/engines/classify/reading.ts';
import { splitPages } from '../../../functions/engines/split/splitter.ts';
import { segmentClasses } from '../../../functions/operations/split-operation.ts';

const INVOICE = 'INVOICE\nInvoice number: INV-2026-0042\nInvoice date: 01/11/2026\nBill to: Globex Ltd\nDescription Qty Unit price Amount\nConsulting 10 150.00 1,500.00\nSubtotal 1,500.00\nVAT 20% 300.00\nAmount due 1,800.00\nPayment terms: 30 days';
const RECEIPT = 'CORNER CAFE\nTable 4  Pax 2\nLatte 2 9.00\nCroissant 1 4.50\nTotal 13.50\nCash 20.00\nChange 6.50\nCashier: Ann\nThank you, please come again';
const LETTER = 'March 3, 2026\nMs. Laura Chen\n12 Elm Street\nDear Ms. Chen,\nThank you for your letter of February 20. We are pleased to confirm the meeting.\nSincerely,\nPeter Novak';
const PAY_STUB = 'EARNINGS STATEMENT\nPay period: 11/01/2026 - 11/15/2026  Pay date: 11/20/2026\nGross pay 3,200.00\nFederal withholding 410.00\nSocial security 198.40  Medicare 46.40\nNet pay 2,545.20\nYear to date gross 64,000.00';

const page = (text: string, pageNumber = 1) => ({ pageNumber, text });
function classify(texts: string[], options: Partial<ClassifierOptions> & { type?: 'default' | 'minimal'; active?: string[]; custom?: Record<string, string> } = {}) {
  const { type = 'default', active, custom, ...rest } = options;
  return classifyText(
    texts.map((t, i) => page(t, i + 1)),
    { classes: buildClassSet({ type, active, custom }), depth: 'balanced', nonDomainLabel: 'other', ...rest },
  );
}

describe('classify: built-in classes', () => {
  it.each([
    ['invoice', INVOICE],
    ['receipt', RECEIPT],
    ['letter', LETTER],
    ['pay_stub', PAY_STUB],
  ])('calls a typical %s one', (label, text) => {
    expect(classify([text]).label).toBe(label);
  });

  it('returns sorted candidates whose confidences behave like probabilities (sum ≤ 1)', () => {
    const result = classify([INVOICE]);
    const confidences = result.candidates.map((c) => c.confidence);
    expect([...confidences].sort((a, b) => b - a)).toEqual(confidences);
    expect(confidences.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
    expect(result.confidence).toBe(confidences[0]);
    expect(result.confidence).toBeGreaterThan(0.5);
  });
});

describe('classify: every option changes the outcome on a document made for it', () => {
  it('active_classes restricts the labels', () => {
    const result = classify([INVOICE], { active: ['receipt', 'letter'] });
    expect(['receipt', 'letter', 'other']).toContain(result.label);
    expect(result.candidates.map((c) => c.label)).not.toContain('invoice');
  });

  it('active_classes_type=minimal has no pay stubs', () => {
    expect(classify([PAY_STUB]).label).toBe('pay_stub');
    expect(classify([PAY_STUB], { type: 'minimal' }).label).not.toBe('pay_stub');
  });

  it('custom_llm_classes classify by their description alone', () => {
    const text = 'Patient: Rex (canine, Labrador)\nOwner: J. Smith\nRabies vaccination given, next booster due\nWeight 31 kg\nVeterinarian: Dr. Hale';
    const custom = { veterinary_record: 'Records of animal patients: species, breed, owner, vaccinations and the veterinarian' };
    expect(classify([text]).label).not.toBe('veterinary_record');
    expect(classify([text], { custom }).label).toBe('veterinary_record');
    expect(classify([text], { custom, active: ['veterinary_record', 'invoice'] }).candidates.map((c) => c.label).sort()).toEqual(['invoice', 'veterinary_record']);
  });

  it('system_instruction tips a close call toward the classes it speaks of', () => {
    const text = 'Summary for March\nAccount 12345678\nPayments and items listed below\nTotal 120.00\nBalance carried forward 80.00';
    const plain = classify([text]);
    const guided = classify([text], { systemInstruction: 'These are monthly bank statements with balances and transactions.' });
    expect(guided.label).toBe('bank_statement');
    expect(plain.label).not.toBe('bank_statement');
  });

  it('domain_options with non_domain_exit_label routes a document outside the domains away', () => {
    expect(classify([INVOICE], { domains: ['healthcare'], nonDomainExitLabel: 'out_of_scope' }).label).toBe('out_of_scope');
    expect(classify([INVOICE], { domains: ['finance'], nonDomainExitLabel: 'out_of_scope' }).label).toBe('invoice');
  });

  it('non_domain_label names the answer when nothing fits', () => {
    const result = classify(['Lorem ipsum dolor sit amet'], { nonDomainLabel: 'unknown' });
    expect(result.label).toBe('unknown');
  });

  it('confusion_neighbors decides between two close labels by what only one of them says', () => {
    // No title line: a page headed "Receipt" names itself (structure.ts) and is no longer a close call.
    const text = 'CORNER CAFE\nCashier: Ann\nLatte 2 9.00\nTotal 13.50\nCash 20.00\nChange 6.50\nThank you\nInvoice number 4471\nInvoice date 2026-11-02\nPayment terms 30 days';
    const without = classify([text]);
    const withNeighbors = classify([text], { neighbors: { receipt: ['invoice'] } });
    expect(without.label).toBe('receipt');
    expect(withNeighbors.label).toBe('invoice');
  });

  it('mode: fast reads the first page only; balanced reads start and end pages', () => {
    // A cover letter as one is sent: sender, date, addressee, subject, body and closing.
    const cover = [
      'Anna Berglund, 14 Harbour View, Kingsbridge',
      '3 March 2026',
      'Accounts Department, Northfield Supplies Ltd',
      'Re: documents for our March order',
      'Dear Sir or Madam,',
      'please find enclosed the documents you asked for in your letter of last week. Do let me know if anything is missing.',
      'Kind regards,',
      'Anna Berglund',
    ].join('\n');
    const budget = { startTokens: 3200, endTokens: 1600, maxStartPages: 4, maxEndPages: 2 };
    expect(pagesToRead(200, budgetFor('fast', budget))).toEqual([1]);
    expect(pagesToRead(200, budgetFor('balanced', budget))).toEqual([1, 2, 3, 4, 199, 200]);
    const document = [cover, INVOICE, INVOICE];
    const read = (depth: 'fast' | 'balanced') => pagesToRead(document.length, budgetFor(depth, budget)).map((n) => document[n - 1]);
    expect(classify(read('fast'), { depth: 'fast' }).label).toBe('letter');
    expect(classify(read('balanced')).label).toBe('invoice');
  });

  it('token budgets cut what is read, from the start and from the end', () => {
    const long = Array.from({ length: 1000 }, (_, i) => `w${i}`).join(' ');
    const read = withinBudget([page(long, 1), page(long, 2), page(long, 9)], { startTokens: 300, endTokens: 256, maxStartPages: 2, maxEndPages: 1 });
    expect(read.tokens).toBe(556);
    expect(read.pages.map((p) => p.pageNumber)).toEqual([1, 9]);
    expect(read.pages[1].text.endsWith('w999')).toBe(true);
  });

  it.each([
    [{ start_token_budget: 100 }],
    [{ end_token_budget: 9000 }],
    [{ max_start_pages: 0 }],
    [{ max_end_pages: 11 }],
    [{ mode: 'deep' }],
    [{ active_classes: ['invoice', 'spaceship'] }],
    [{ confusion_neighbors: { invoice: ['unicorn'] } }],
    [{ active_classes_type: 'tiny' }],
    [{ custom_llm_classes: { x: '' } }],
    [{ unknown_key: true }],
  ])('refuses options %j', (options) => {
    expect(ClassifyOptions.safeParse(options).success).toBe(false);
  });
});

describe('split', () => {
  const defaults = segmentClasses(SplitOptions.parse({}));
  const split = (texts: string[], options: Partial<Parameters<typeof splitPages>[1]> = {}) =>
    splitPages(texts.map((t, i) => page(t, i + 1)), { classes: defaults, thorough: true, ...options }).map((s) => [s.start_page, s.end_page, s.type]);

  it('covers every page exactly once, in order, numbered from 0', () => {
    const segments = splitPages([INVOICE, RECEIPT, LETTER].map((t, i) => page(t, i + 1)), { classes: defaults, thorough: true });
    expect(segments.map((s) => s.document_index)).toEqual([0, 1, 2]);
    expect(segments.map((s) => [s.start_page, s.end_page])).toEqual([[1, 1], [2, 2], [3, 3]]);
    expect(segments.map((s) => s.type)).toEqual(['invoice', 'receipt', 'letter']);
  });

  it('follows page numbering and identifier changes', () => {
    const inv = (n: string, p: number, of: number) => `${INVOICE.replace('INV-2026-0042', n)}\nPage ${p} of ${of}`;
    expect(split([inv('A-1', 1, 2), inv('A-1', 2, 2), inv('B-7', 1, 1)])).toEqual([[1, 2, 'invoice'], [3, 3, 'invoice']]);
  });

  it('segment_classes: a standalone class always starts a segment; without extend only the given classes type segments', () => {
    const cover = 'FAX COVER SHEET\nTo: Claims\nPages: 3';
    const segment_classes = { fax_cover: { description: 'A "fax cover sheet" with To, From and number of pages', standalone: true } };
    const classes = segmentClasses(SplitOptions.parse({ segment_classes }));
    const text = [cover, 'Claim details continue on this page. Policy number P-1. Description of loss: water damage.', cover, 'Claim details continue here. Policy number P-1. Description of loss: fire.'];
    const segments = splitPages(text.map((t, i) => page(t, i + 1)), { classes, thorough: true });
    expect(segments.filter((s) => s.type === 'fax_cover').map((s) => s.start_page)).toEqual([1, 3]);
    expect(segments.every((s) => ['fax_cover', 'other'].includes(s.type))).toBe(true);
    const extended = segmentClasses(SplitOptions.parse({ segment_classes, extend_segment_classes: true }));
    expect(extended.map((c) => c.definition.label)).toEqual(expect.arrayContaining(['invoice', 'fax_cover']));
    // custom_domain_guidelines turns extension off.
    const guided = segmentClasses(SplitOptions.parse({ segment_classes, extend_segment_classes: true, custom_domain_guidelines: { domain_name: 'claims' } }));
    expect(guided.map((c) => c.definition.label)).toEqual(['fax_cover']);
  });

  it('custom_domain_guidelines.identifier_patterns: a change of the described identifier starts a document', () => {
    const claim = (id: string) => `Loss report\nReference ${id}\nThe insured reported damage to the property on the date below.`;
    const pages = [claim('CLM-10001'), claim('CLM-10001'), claim('CLM-20002')];
    expect(split(pages)).toHaveLength(1);
    const guidelines = { domainName: 'insurance', identifierPatterns: 'Each claim has an id such as "CLM-12345"' };
    expect(split(pages, { guidelines }).map(([s, e]) => [s, e])).toEqual([[1, 2], [3, 3]]);
  });

  it('custom_domain_guidelines.binding_patterns keep a page with the one before', () => {
    const pages = [INVOICE, 'Schedule of rates attached to the agreement above.\nHourly 150.00'];
    expect(split(pages)).toHaveLength(2);
    const guidelines = { domainName: 'billing', bindingPatterns: 'A page that says "attached to the agreement" belongs to the previous document' };
    expect(split(pages, { guidelines })).toHaveLength(1);
  });

  it('custom_domain_guidelines.heuristics: one document per page, or a phrase that starts documents', () => {
    const same = [LETTER, LETTER.replace('Dear', 'Hello'), LETTER];
    expect(split([INVOICE, INVOICE.replace('Consulting', 'Design')], { guidelines: { domainName: 'x', heuristics: 'Each page is a separate document.' } })).toHaveLength(2);
    const statement = (n: number) => `ACME MONTHLY UPDATE\nIssue ${n}\nNews from the plant and the office, with photos and dates.`;
    expect(split([statement(1), 'More news from the plant and the office.', statement(2)])).not.toHaveLength(2);
    expect(split([statement(1), 'More news from the plant and the office.', statement(2)], { guidelines: { domainName: 'x', heuristics: 'Documents start with "ACME MONTHLY UPDATE".' } }).map(([s, e]) => [s, e])).toEqual([[1, 2], [3, 3]]);
    expect(same.length).toBe(3);
  });

  it('custom_domain_guidelines.examples teach a class its words', () => {
    const labPage = 'Specimen: serum\nGlucose 5.4 mmol/L\nReference range 3.9 - 5.6';
    const segment_classes = { lab_result: { description: 'results from the laboratory', standalone: false } };
    const plain = segmentClasses(SplitOptions.parse({ segment_classes }));
    const taught = segmentClasses(SplitOptions.parse({ segment_classes, custom_domain_guidelines: { domain_name: 'health', examples: 'A lab result lists each "specimen" with a "reference range".' } }));
    expect(splitPages([page(labPage)], { classes: plain, thorough: true })[0].type).toBe('other');
    expect(splitPages([page(labPage)], { classes: taught, thorough: true })[0].type).toBe('lab_result');
  });

  it('use_thinking types a segment from all its pages; without it from its first page', () => {
    const cover = 'March 3, 2026\nMs. Laura Chen\n12 Elm Street\nDear Ms. Chen,\nplease find our invoice attached for the consulting work delivered in February.\nWe thank you for your business and look forward to working with you again.\nKind regards,\nAnna Berg\nPage 1 of 3';
    const pages = [cover, `${INVOICE}\nPage 2 of 3`, `${INVOICE}\nPage 3 of 3`];
    expect(split(pages, { thorough: true })).toEqual([[1, 3, 'invoice']]);
    expect(split(pages, { thorough: false })).toEqual([[1, 3, 'letter']]);
  });

  it.each([
    [{ use_thinking: 'yes' }],
    [{ segment_classes: { a: { description: '' } } }],
    [{ segment_classes: { a: { description: 'x', standalone: 'no' } } }],
    [{ custom_domain_guidelines: { identifier_patterns: 'x' } }],
    [{ extend_segment_classes: 1 }],
    [{ other: true }],
  ])('refuses options %j', (options) => {
    expect(SplitOptions.safeParse(options).success).toBe(false);
  });
});
