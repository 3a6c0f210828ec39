/**
 * `npm run eval -- extract`: per-field precision, recall and F1 of the
 * financial extractor against the corpus ground truth, scored strictly
 * (exact after normalisation: see extract-score.ts) as the headline, with
 * lenient figures (names and addresses also when one contains the other)
 * beside them, labelled.
 *
 * - invoice2data (11 text PDFs): invoice_number, invoice_date, due_date,
 *   vendor_name (issuer), currency, subtotal, tax_amount, total_amount, line items;
 * - parsee invoices (10 PDFs): vendor_name, invoice_date, currency, total_amount;
 * - ZUGFeRD (18 PDFs): invoice_number, invoice_date, vendor_name,
 *   customer_name, vendor_tax_id, currency, subtotal, tax_amount,
 *   total_amount, amount_due, line items and their count;
 * - SROIE receipts (334): vendor_name (company), invoice_date (date),
 *   total_amount (total), vendor_address (address), read from their line
 *   transcripts with boxes (`receipts-transcript`: all of them, fast) and
 *   from OCR of the images (`receipts-ocr`: `--receipts N`, default 60,
 *   evenly spaced; OCR cached under .cache/extract-ocr/);
 * - German receipts (27, OCR): vendor_name as the merchant's chain name,
 *   invoice_date, total_amount (`receipts-de`).
 *
 * Receipt fields ranked by the learned model are scored out of fold: each
 * SROIE or German receipt by a model fitted on the other folds (`--folds K`,
 * default 5, seeded; folds over documents, so neither a receipt's transcript
 * nor its OCR was seen); invoices are never used for fitting.
 *
 * @module
 */
import { readdir, readFile } from 'node:fs/promises';
import { XMLParser } from 'fast-xml-parser';
import { join } from 'node:path';
import { readEInvoice, withEInvoice } from '../../functions/engines/extract/e-invoice.ts';
import { extractFinancial, type FinancialExtraction, type FinancialOptions } from '../../functions/engines/extract/financial.ts';
import type { InvoiceModel } from '../../functions/engines/extract/invoice-ranker.ts';
import { parseAmount, parseDate } from '../../functions/engines/extract/normalize.ts';
import { openDocument } from '../../functions/engines/registry.ts';
import { machineInfo } from '../lib/machine.ts';
import { fieldKind, lenientSame, normaliseText, prf, strictSame } from './extract-score.ts';
import { cachedPages, sroieTranscriptPage } from './receipt-pages.ts';
import type { DocumentPage } from '../../functions/engines/document-model.ts';

type Truth = Record<string, string | undefined>;

const norm = (s: string) => normaliseText(s).replace(/ /g, '');

interface TruthItem {
  readonly total?: string;
  readonly unit?: string;
  readonly qty?: number;
  readonly description?: string;
}

/** A ZUGFeRD invoice's line items from its CII XML (`ram:IncludedSupplyChainTradeLineItem`), the visual's ground truth. */
async function ciiLineItems(dir: string, stem: string): Promise<TruthItem[] | undefined> {
  const name = (await readdir(dir)).find((n) => n.startsWith(`${stem}.`) && n.endsWith('.xml'));
  if (!name) return undefined;
  const xml = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false }).parse(await readFile(join(dir, name), 'utf8'));
  const list = (v: unknown) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
  const text = (v: unknown) => (v === undefined || v === null ? undefined : typeof v === 'object' ? undefined : String(v));
  const transaction = xml?.CrossIndustryInvoice?.SupplyChainTradeTransaction;
  return list(transaction?.IncludedSupplyChainTradeLineItem).map((item: any) => {
    const total = text(item?.SpecifiedLineTradeSettlement?.SpecifiedTradeSettlementLineMonetarySummation?.LineTotalAmount);
    const unit = text(item?.SpecifiedLineTradeAgreement?.NetPriceProductTradePrice?.ChargeAmount);
    const qty = text(item?.SpecifiedLineTradeDelivery?.BilledQuantity);
    return {
      total: total !== undefined ? Number(total).toFixed(2) : undefined,
      unit: unit !== undefined ? String(Number(unit)) : undefined,
      qty: qty !== undefined ? Number(qty) : undefined,
      description: text(item?.SpecifiedTradeProduct?.Name),
    };
  });
}

/** The pages' reading (what this eval scores), and what the API answers: that merged with an embedded e-invoice, if any. */
async function extractFile(
  path: string,
  extractor?: PagesExtractor,
  financialOptions: FinancialOptions = {},
): Promise<{ result: FinancialExtraction; api?: FinancialExtraction; ms: number }> {
  const t0 = performance.now();
  const document = await openDocument(new Uint8Array(await readFile(path)), { filename: path });
  try {
    const parsed = await document.extract();
    const result = extractor ? await extractor(parsed.pages) : extractFinancial(parsed.pages, financialOptions);
    const ms = performance.now() - t0;
    const eInvoice = readEInvoice((await document.dataFiles?.()) ?? []);
    return { result, api: eInvoice ? withEInvoice(result, eInvoice.extraction) : undefined, ms };
  } finally {
    await document.close();
  }
}

const amount = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : typeof v === 'number' ? v.toFixed(2) : parseAmount(String(v)));

/** Another engine's financial extraction (eval --engine bedrock), in place of the local one for every document. */
export type PagesExtractor = (pages: readonly DocumentPage[]) => Promise<FinancialExtraction>;

export interface ExtractEvalOptions {
  /** Replaces the local extractor everywhere (no receipt ranker is fitted). */
  readonly extractor?: PagesExtractor;
  readonly corpus: string;
  /** SROIE receipts read by OCR (evenly spaced). */
  readonly receipts: number;
  readonly log: (line: string) => void;
  /** How receipt pages are read; `receipt` names an SROIE receipt (for out-of-fold models). Default: the shipped extractor. */
  readonly receiptExtractor?: (pages: readonly DocumentPage[], receipt?: string) => FinancialExtraction;
  /** What the receipt extractor was (reported). */
  readonly note?: string;
  /** Folds for the out-of-fold receipt models (default 5). */
  readonly folds?: number;
  /**
   * What the folds are drawn over: documents (default), or shops — every receipt of one seller (its key's
   * name, first two words) in one fold, so no fold model has seen the shop it is scored on (SROIE repeats shops).
   */
  readonly foldsBy?: 'document' | 'shop';
  /**
   * How text-layer invoices are read: `folds` (default) by the invoice ranker fitted on the other issuers' folds
   * (every invoice of one seller in one fold, seeded); `rules` by the hand rules alone (the comparison).
   */
  readonly invoices?: 'folds' | 'rules';
  /** Whether receipt names and addresses go through the letter-or-digit model (glyph-classes.ts; default true). */
  readonly glyphs?: boolean;
  /** The seed of the folds and the fold models (default the trainer's, DEFAULT_SEED). */
  readonly seed?: number;
  /** Only these sets (`invoices` names invoice2data, parsee and ZUGFeRD); default all. */
  readonly sets?: readonly string[];
  /** What the out-of-fold models are fitted on besides the SROIE transcripts (default: the trainer's OCR sample, DEFAULT_OCR_SAMPLE, and the German receipts). */
  readonly training?: { readonly ocr?: number; readonly german?: boolean };
}

/**
 * Each SROIE receipt read with a ranker fitted on the other folds (never on
 * itself); anything else (German receipts, invoices) with the committed model.
 */
export async function outOfFoldExtractor(
  corpus: string,
  k: number,
  log: (line: string) => void,
  training: ExtractEvalOptions['training'] = {},
  foldsBy: ExtractEvalOptions['foldsBy'] = 'document',
  seed?: number,
  glyphs = true,
) {
  const { DEFAULT_SEED: TRAINER_SEED, fitRanker, foldsOf, groupOf, loadTrainingReceipts } = await import('../train/extract.ts');
  // A fresh seed draws other folds (and fits with it): the round's final figure, looked at once.
  const DEFAULT_SEED = seed ?? TRAINER_SEED;
  const receipts = await loadTrainingReceipts(corpus, training);
  const folds = foldsBy === 'shop' ? shopFolds(receipts, k, DEFAULT_SEED, groupOf, foldsOf) : foldsOf([...new Set(receipts.map(groupOf))], k, DEFAULT_SEED);
  const models = Array.from({ length: k }, (_, fold) => fitRanker(receipts.filter((r) => folds.get(groupOf(r)) !== fold), DEFAULT_SEED));
  // The letter-or-digit model of names and addresses, counted on the same folds (null: without it, the comparison).
  const { fitGlyphModel } = await import('../train/receipt-glyphs.ts');
  const glyphModels = Array.from({ length: k }, (_, fold) => (glyphs ? fitGlyphModel(receipts.filter((r) => folds.get(groupOf(r)) !== fold)) : null));
  const count = (source: string) => receipts.filter((r) => (r.source ?? 'transcript') === source).length;
  log(
    `receipt ranker: ${k} fold models (seed ${DEFAULT_SEED}, folds over ${foldsBy === 'shop' ? 'shops' : 'documents'}) fitted on ${count('transcript')} SROIE transcripts, ${count('ocr')} SROIE OCR readings, ${count('ocr-de')} German receipts; ` +
      'each receipt (SROIE or German) scored by the model that never saw it in any reading',
  );
  // `more`: options beside the fold's models (a diagnosis watching the ranker's candidates).
  return (pages: readonly DocumentPage[], receipt?: string, more: FinancialOptions = {}) => {
    const fold = receipt !== undefined ? folds.get(receipt) : undefined;
    return extractFinancial(pages, { ...(fold !== undefined ? { receiptModel: models[fold], glyphModel: glyphModels[fold] } : glyphs ? {} : { glyphModel: null }), ...more });
  };
}

/**
 * Folds over shops: each document's fold is its seller's (the first two words of the key's name, upper case,
 * punctuation as spaces; a receipt without one is a shop of its own).
 */
export function shopFolds<R extends { readonly id: string; readonly truth: Partial<Record<string, string>> }>(
  receipts: readonly R[],
  k: number,
  seed: number,
  groupOf: (r: R) => string,
  foldsOf: (ids: readonly string[], k: number, seed: number) => Map<string, number>,
): Map<string, number> {
  const shopOfGroup = new Map<string, string>();
  for (const r of receipts) {
    const name = (r.truth.vendor_name ?? '').toUpperCase().replace(/[^\p{L}\d]+/gu, ' ').trim().split(' ').slice(0, 2).join(' ');
    if (!shopOfGroup.has(groupOf(r)) || name) shopOfGroup.set(groupOf(r), name || `#${groupOf(r)}`);
  }
  const shopFold = foldsOf([...new Set(shopOfGroup.values())], k, seed);
  return new Map([...shopOfGroup].map(([group, shop]) => [group, shopFold.get(shop)!]));
}

export async function runExtractEval(options: ExtractEvalOptions): Promise<Record<string, unknown>> {
  const { corpus, log } = options;
  const cases: { source: string; set: string; truth: Truth; items?: TruthItem[]; itemCount?: number; pages?: () => Promise<DocumentPage[]>; receipt?: string }[] = [];

  const i2d = join(corpus, 'invoices/invoice2data');
  for (const name of (await readdir(i2d)).filter((n) => n.endsWith('.json')).sort()) {
    const pdf = name.replace(/\.json$/, '.pdf');
    if (!(await readdir(i2d)).includes(pdf)) continue;
    const [t] = JSON.parse(await readFile(join(i2d, name), 'utf8')) as Record<string, any>[];
    cases.push({
      source: `invoices/invoice2data/${pdf}`,
      set: 'invoice2data',
      truth: {
        invoice_number: t.invoice_number ? String(t.invoice_number) : undefined,
        invoice_date: t.date,
        due_date: t.date_due,
        // invoice2data's partner is the issuer of the invoice (its "issuer" is the short name).
        vendor_name: t.issuer,
        currency: t.currency,
        subtotal: amount(t.amount_untaxed),
        tax_amount: amount(t.amount_tax),
        total_amount: amount(t.amount),
      },
      // A line's total: its price_subtotal, else quantity × price; lines giving only a unit price are matched on it.
      items: (t.lines ?? [])
        .map((l: any) => {
          const unit = l.price_unit ?? l.price;
          const total = l.price_subtotal ?? (unit !== undefined && l.qty !== undefined && l.price_unit === undefined ? Number(unit) * Number(l.qty) : undefined);
          return { total: total !== undefined ? Number(total).toFixed(2) : undefined, unit: unit !== undefined ? Number(unit).toFixed(2) : undefined, qty: l.qty };
        })
        .filter((l: { total?: string; unit?: string }) => l.total !== undefined || l.unit !== undefined),
    });
  }
  const parseeTruth = JSON.parse(await readFile(join(corpus, 'invoices/parsee-invoices/ground_truth.json'), 'utf8')) as Record<string, any>;
  for (const [file, t] of Object.entries(parseeTruth)) {
    cases.push({ source: `invoices/parsee-invoices/pdf/${file}`, set: 'parsee', truth: { vendor_name: t.issuer, invoice_date: t.date, currency: t.currency, total_amount: amount(t.total) } });
  }
  const zugferd = JSON.parse(await readFile(join(corpus, 'invoices/zugferd-corpus/expected_fields.json'), 'utf8')) as Record<string, any>;
  for (const [file, t] of Object.entries(zugferd)) {
    const items = await ciiLineItems(join(corpus, 'invoices/zugferd-corpus/cii'), file.replace(/\.pdf$/, ''));
    cases.push({
      source: `invoices/zugferd-corpus/pdf/${file}`,
      set: 'zugferd',
      truth: {
        invoice_number: t.invoice_number,
        invoice_date: t.issue_date ? parseDate(`${t.issue_date.slice(0, 4)}-${t.issue_date.slice(4, 6)}-${t.issue_date.slice(6, 8)}`) : undefined,
        vendor_name: t.seller_name,
        customer_name: t.buyer_name,
        vendor_tax_id: t.seller_vat_id,
        currency: t.currency,
        subtotal: amount(t.line_total),
        tax_amount: amount(t.tax_total),
        total_amount: amount(t.grand_total),
        amount_due: amount(t.due_payable),
      },
      // MINIMUM and BASIC WL profiles carry no lines in their XML though the PDF shows them: those are not scored.
      ...(items?.length ? { items, itemCount: t.n_line_items } : {}),
    });
  }
  // The hybrid e-invoices, their pages read (the XML's fields as the truth): scored apart from the 39 above.
  for (const project of (await readdir(join(corpus, 'invoices/e-invoices'))).sort()) {
    const dir = join(corpus, 'invoices/e-invoices', project);
    for (const name of (await readdir(join(dir, 'fields'))).filter((n) => n.endsWith('.json')).sort()) {
      const t = JSON.parse(await readFile(join(dir, 'fields', name), 'utf8')) as Record<string, any>;
      const day = typeof t.issue_date === 'string' && /^\d{8}$/.test(t.issue_date) ? t.issue_date : undefined;
      const issued = day ? parseDate(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`) : undefined;
      cases.push({
        source: `invoices/e-invoices/${project}/pdf/${name.replace(/\.json$/, '.pdf')}`,
        set: 'e-invoice-pages',
        truth: { invoice_number: t.invoice_number, invoice_date: issued, vendor_name: t.seller?.name, total_amount: amount(t.totals?.GrandTotalAmount?.value ?? t.totals?.GrandTotalAmount) },
      });
    }
  }
  const keyDir = join(corpus, 'receipts/sroie/key');
  const receiptKeys = (await readdir(keyDir)).filter((n) => n.endsWith('.json')).sort();
  const step = Math.max(1, Math.floor(receiptKeys.length / Math.max(1, options.receipts)));
  const ocrSample = new Set(receiptKeys.filter((_, i) => i % step === 0).slice(0, options.receipts));
  for (const name of receiptKeys) {
    const t = JSON.parse(await readFile(join(keyDir, name), 'utf8')) as Record<string, string>;
    const stem = name.replace('.json', '');
    const truth = { vendor_name: t.company, invoice_date: parseDate(t.date ?? ''), total_amount: amount(t.total), vendor_address: t.address };
    const image = join(corpus, 'receipts/sroie/img', `${stem}.jpg`);
    cases.push({ source: `receipts/sroie/box/${stem}.csv`, set: 'receipts-transcript', truth, pages: async () => [await sroieTranscriptPage(join(corpus, 'receipts/sroie/box', `${stem}.csv`), image)], receipt: stem });
    if (ocrSample.has(name)) cases.push({ source: `receipts/sroie/img/${stem}.jpg`, set: 'receipts-ocr', truth, pages: async () => (await cachedPages(image)).pages, receipt: stem });
  }
  const deDir = join(corpus, 'receipts/softmatic-de');
  for (const name of (await readdir(join(deDir, 'key'))).filter((n) => n.endsWith('.json')).sort()) {
    const t = JSON.parse(await readFile(join(deDir, 'key', name), 'utf8')) as Record<string, string>;
    const image = join(deDir, 'img', name.replace(/\.json$/, '.jpg'));
    // The merchant is a chain name ("elektrohaus"): scored as such (see extract-score.ts).
    cases.push({
      source: `receipts/softmatic-de/img/${name.replace(/\.json$/, '.jpg')}`,
      set: 'receipts-de',
      truth: { merchant: t.merchant, invoice_date: t.date, total_amount: amount(t.total) },
      pages: async () => (await cachedPages(image)).pages,
      receipt: `de:${name.replace(/\.json$/, '')}`,
    });
  }

  interface FieldStat { strict: number; lenient: number; predicted: number; truth: number; misses: string[] }
  const fields = new Map<string, FieldStat>();
  const stat = (set: string, field: string) => {
    const key = `${['invoice2data', 'parsee', 'zugferd'].includes(set) ? 'invoices' : set}:${field}`;
    if (!fields.has(key)) fields.set(key, { strict: 0, lenient: 0, predicted: 0, truth: 0, misses: [] });
    return fields.get(key)!;
  };
  /** Per set: items matched one-to-one, predicted, in the truth; and of the matched, their other columns right / known. */
  const itemStats = new Map<string, { right: number; predicted: number; truth: number; columnsRight: number; columnsKnown: number; descriptionsLenient: number }>();
  let countRight = 0;
  let countCases = 0;
  const times: number[] = [];
  const scoreFields = (set: string, entities: Record<string, string>, truth: Truth, source: string) => {
    for (const [field, expected] of Object.entries(truth)) {
      const s = stat(set, field);
      const predicted = entities[field === 'merchant' ? 'vendor_name' : field];
      if (expected !== undefined) s.truth++;
      if (predicted !== undefined && expected !== undefined) {
        s.predicted++;
        const kind = fieldKind(field);
        if (strictSame(kind, predicted, expected)) s.strict++;
        else s.misses.push(`${source.split('/').pop()}: ${JSON.stringify(predicted)} ≠ ${JSON.stringify(expected)}`);
        if (lenientSame(kind, predicted, expected)) s.lenient++;
      } else if (expected !== undefined) s.misses.push(`${source.split('/').pop()}: missing (${JSON.stringify(expected)})`);
    }
  };
  const INVOICE_SETS = ['invoice2data', 'parsee', 'zugferd', 'e-invoice-pages'];
  const wanted = (set: string) => !options.sets || options.sets.includes(set) || (INVOICE_SETS.includes(set) && options.sets.includes('invoices'));
  // The receipt fold models cost OCR of every training receipt: fitted only when a receipt set is scored.
  const receiptsWanted = cases.some((c) => c.pages && wanted(c.set));
  const extractPages =
    options.extractor || !receiptsWanted
      ? undefined
      : (options.receiptExtractor ?? (await outOfFoldExtractor(corpus, options.folds ?? 5, log, options.training, options.foldsBy, options.seed, options.glyphs ?? true)));
  const invoiceModelFor: (id: string) => InvoiceModel | null | undefined =
    options.extractor || !cases.some((c) => !c.pages && wanted(c.set))
      ? () => undefined
      : options.invoices === 'rules'
        ? () => null
        : await (await import('../train/extract-invoice.ts')).invoiceFoldModels(corpus, options.folds ?? 5, options.seed, log);
  for (const c of cases.filter((x) => wanted(x.set))) {
    let result: FinancialExtraction;
    try {
      if (c.pages) {
        result = options.extractor ? await options.extractor(await c.pages()) : extractPages!(await c.pages(), c.receipt);
      } else {
        const invoiceModel = invoiceModelFor(c.source);
        const r = await extractFile(join(corpus, c.source), options.extractor, invoiceModel !== undefined ? { invoiceModel } : {});
        result = r.result;
        // E-invoices as the API answers them (their XML prevails), scored apart: the pages' figures stay comparable.
        if (r.api && c.set !== 'e-invoice-pages') scoreFields('e-invoices', r.api.entities, c.truth, c.source);
        times.push(r.ms);
      }
    } catch (error) {
      log(`  ${c.source}: ${(error as Error).message}`);
      continue;
    }
    scoreFields(c.set, result.entities, c.truth, c.source);
    if (c.items) {
      if (!itemStats.has(c.set)) itemStats.set(c.set, { right: 0, predicted: 0, truth: 0, columnsRight: 0, columnsKnown: 0, descriptionsLenient: 0 });
      const st = itemStats.get(c.set)!;
      st.truth += c.items.length;
      st.predicted += result.line_items.length;
      const pool = [...c.items];
      for (const item of result.line_items) {
        const near = (a: string | number | null, b: string | number | undefined) => a !== null && b !== undefined && Math.abs(Number(a) - Number(b)) < 0.011;
        const at = pool.findIndex((t) => (t.total !== undefined ? near(item.total, t.total) : near(item.unit_price, t.unit)));
        if (at >= 0) {
          st.right++;
          const t = pool[at];
          // The matched line's other columns, where the truth has them; descriptions strictly (exact after normalisation).
          if (t.qty !== undefined) (st.columnsKnown++, near(item.quantity, t.qty) && st.columnsRight++);
          if (t.unit !== undefined && t.total !== undefined) (st.columnsKnown++, near(item.unit_price, t.unit) && st.columnsRight++);
          if (t.description) {
            st.columnsKnown++;
            if (item.description && norm(item.description) === norm(t.description)) st.columnsRight++;
            if (item.description && norm(item.description).includes(norm(t.description))) st.descriptionsLenient++;
          }
          pool.splice(at, 1);
        }
      }
    }
    if (c.itemCount !== undefined) {
      countCases++;
      if (result.line_items.length === c.itemCount) countRight++;
    }
    if (!c.set.startsWith('receipts-transcript')) log(`  ${c.source}: ${JSON.stringify(result.entities)}`);
  }
  const perField = Object.fromEntries(
    [...fields].map(([k, s]) => [
      k,
      { ...prf(s.strict, s.predicted, s.truth), right: s.strict, predicted: s.predicted, truth: s.truth, lenient: prf(s.lenient, s.predicted, s.truth), misses: s.misses.slice(0, 16) },
    ]),
  );
  const micro = (prefix: string, lenient = false) => {
    const list = [...fields].filter(([k]) => k.startsWith(prefix)).map(([, s]) => s);
    const sum = (f: (s: FieldStat) => number) => list.reduce((a, s) => a + f(s), 0);
    return prf(sum((s) => (lenient ? s.lenient : s.strict)), sum((s) => s.predicted), sum((s) => s.truth));
  };
  const itemScore = (set: string) => {
    const st = itemStats.get(set) ?? { right: 0, predicted: 0, truth: 0, columnsRight: 0, columnsKnown: 0, descriptionsLenient: 0 };
    return { ...prf(st.right, st.predicted, st.truth), matched_columns_right: st.columnsKnown ? Math.round((st.columnsRight / st.columnsKnown) * 1000) / 1000 : null };
  };
  const summary = {
    scoring: 'strict: exact after normalisation (case, accents, punctuation, whitespace; trailing legal forms dropped from names); lenient: names/addresses also when one contains the other',
    invoices_micro: micro('invoices:'),
    invoices_micro_lenient: micro('invoices:', true),
    e_invoice_pages_micro: micro('e-invoice-pages:'),
    receipts_transcript_micro: micro('receipts-transcript:'),
    receipts_transcript_micro_lenient: micro('receipts-transcript:', true),
    receipts_ocr_micro: micro('receipts-ocr:'),
    receipts_ocr_micro_lenient: micro('receipts-ocr:', true),
    receipts_de_micro: micro('receipts-de:'),
    receipts_de_micro_lenient: micro('receipts-de:', true),
    e_invoices_api_micro: micro('e-invoices:'),
    line_items_invoice2data: itemScore('invoice2data'),
    line_items_zugferd: itemScore('zugferd'),
    line_item_count_exact_zugferd: `${countRight}/${countCases}`,
    median_ms_per_text_invoice: times.length ? Math.round([...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]) : null,
    invoices_model: options.invoices === 'rules' ? 'hand rules only (--invoices rules)' : `invoice ranker out of fold (${options.folds ?? 5} folds over issuers)`,
    receipts_model: options.note ?? `receipt ranker out of fold (${options.folds ?? 5} folds over SROIE and German ${options.foldsBy === 'shop' ? 'shops' : 'receipts'})`,
  };
  log(`scoring: ${summary.scoring}`);
  for (const [label, key] of [
    ['invoices', 'invoices'],
    ['SROIE receipts, line transcripts with boxes', 'receipts_transcript'],
    ['SROIE receipts, OCR', 'receipts_ocr'],
    ['German receipts, OCR', 'receipts_de'],
  ] as const) {
    log(`${label} (micro over fields): strict ${JSON.stringify(summary[`${key}_micro`])}; lenient ${JSON.stringify(summary[`${key}_micro_lenient`])}`);
  }
  log(`e-invoices (15 more hybrids), their pages read, strict: ${JSON.stringify(summary.e_invoice_pages_micro)}`);
  log(`e-invoices as the API answers them (PDFs embedding CII or UBL XML; the XML over the pages), strict: ${JSON.stringify(summary.e_invoices_api_micro)}`);
  log(`line items (one-to-one on the line total, else the unit price; matched_columns_right: quantity, unit price, description (exact after normalisation) of the matched lines):`);
  log(`  invoice2data ${JSON.stringify(summary.line_items_invoice2data)}`);
  log(`  ZUGFeRD (truth: the embedded CII XML) ${JSON.stringify(summary.line_items_zugferd)}; item count exact ${summary.line_item_count_exact_zugferd}`);
  for (const [k, v] of Object.entries(perField)) log(`  ${k.padEnd(36)} strict P ${v.precision} R ${v.recall} F1 ${v.f1} (${v.right}/${v.truth}); lenient F1 ${v.lenient.f1}`);
  return { operation: 'extract', corpus, machine: machineInfo(), summary, per_field: perField };
}
