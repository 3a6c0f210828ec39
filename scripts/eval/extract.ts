/**
 * `npm run eval -- extract`: per-field precision, recall and F1 of the
 * financial extractor against the corpus ground truth.
 *
 * - invoice2data (11 text PDFs): invoice_number, invoice_date, due_date,
 *   vendor_name (issuer), currency,
 *   subtotal (amount_untaxed), tax_amount (amount_tax), total_amount (amount),
 *   and line items (one-to-one: on the line total, or on the unit price where the truth gives only that);
 * - parsee invoices (10 PDFs): vendor_name, invoice_date, currency, total_amount;
 * - ZUGFeRD (18 PDFs): invoice_number, invoice_date, vendor_name,
 *   customer_name, vendor_tax_id, currency, subtotal (line_total),
 *   tax_amount, total_amount, amount_due (due_payable), and the number of line items;
 * - SROIE receipts (scans, OCR; `--receipts N`, default 12): vendor_name
 *   (company), invoice_date (date), total_amount (total).
 *
 * A field counts as found correctly when it equals the truth (amounts
 * numerically, dates as ISO dates, names and ids case- and
 * punctuation-insensitively, names also when one contains the other);
 * precision = right / predicted, recall = right / truth present.
 *
 * @module
 */
import { readdir, readFile } from 'node:fs/promises';
import { XMLParser } from 'fast-xml-parser';
import { join } from 'node:path';
import { readEInvoice, withEInvoice } from '../../functions/engines/extract/e-invoice.ts';
import { extractFinancial, type FinancialExtraction } from '../../functions/engines/extract/financial.ts';
import { parseAmount, parseDate } from '../../functions/engines/extract/normalize.ts';
import { openDocument } from '../../functions/engines/registry.ts';
import { machineInfo } from '../lib/machine.ts';

type Truth = Record<string, string | undefined>;

const norm = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[^\p{L}\p{N}]/gu, '');

function same(field: string, predicted: string, truth: string): boolean {
  if (['subtotal', 'tax_amount', 'total_amount', 'amount_due'].includes(field)) return Math.abs(Number(predicted) - Number(truth)) < 0.011;
  if (['invoice_date', 'due_date'].includes(field)) return predicted === truth;
  if (['vendor_name', 'customer_name'].includes(field)) {
    const a = norm(predicted);
    const b = norm(truth);
    return a.length > 0 && b.length > 0 && (a === b || a.includes(b) || (b.includes(a) && a.length >= 4));
  }
  return norm(predicted) === norm(truth);
}

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
async function extractFile(path: string): Promise<{ result: FinancialExtraction; api?: FinancialExtraction; ms: number }> {
  const t0 = performance.now();
  const document = await openDocument(new Uint8Array(await readFile(path)), { filename: path });
  try {
    const parsed = await document.extract();
    const result = extractFinancial(parsed.pages);
    const ms = performance.now() - t0;
    const eInvoice = readEInvoice((await document.dataFiles?.()) ?? []);
    return { result, api: eInvoice ? withEInvoice(result, eInvoice.extraction) : undefined, ms };
  } finally {
    await document.close();
  }
}

const amount = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : typeof v === 'number' ? v.toFixed(2) : parseAmount(String(v)));

export async function runExtractEval(options: { corpus: string; receipts: number; log: (line: string) => void }): Promise<Record<string, unknown>> {
  const { corpus, log } = options;
  const cases: { source: string; set: string; truth: Truth; items?: TruthItem[]; itemCount?: number }[] = [];

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
  const keyDir = join(corpus, 'receipts/sroie/key');
  const receiptKeys = (await readdir(keyDir)).filter((n) => n.endsWith('.json')).sort();
  const step = Math.max(1, Math.floor(receiptKeys.length / Math.max(1, options.receipts)));
  for (const name of receiptKeys.filter((_, i) => i % step === 0).slice(0, options.receipts)) {
    const t = JSON.parse(await readFile(join(keyDir, name), 'utf8')) as Record<string, string>;
    cases.push({
      source: `receipts/sroie/img/${name.replace('.json', '.jpg')}`,
      set: 'sroie',
      truth: { vendor_name: t.company, invoice_date: parseDate(t.date ?? ''), total_amount: amount(t.total) },
    });
  }

  const fields = new Map<string, { right: number; predicted: number; truth: number; misses: string[] }>();
  const stat = (set: string, field: string) => {
    const key = `${set === 'sroie' ? 'receipts' : set === 'e-invoice' ? 'e-invoices' : 'invoices'}:${field}`;
    if (!fields.has(key)) fields.set(key, { right: 0, predicted: 0, truth: 0, misses: [] });
    return fields.get(key)!;
  };
  /** Per set: items matched one-to-one, predicted, in the truth; and of the matched, their other columns right / known. */
  const itemStats = new Map<string, { right: number; predicted: number; truth: number; columnsRight: number; columnsKnown: number }>();
  let countRight = 0;
  let countCases = 0;
  const times: number[] = [];
  const scoreFields = (set: string, entities: Record<string, string>, truth: Truth, source: string) => {
    for (const [field, expected] of Object.entries(truth)) {
      const s = stat(set, field);
      const predicted = entities[field];
      if (expected !== undefined) s.truth++;
      if (predicted !== undefined && expected !== undefined) {
        s.predicted++;
        if (same(field, predicted, expected)) s.right++;
        else s.misses.push(`${source.split('/').pop()}: ${JSON.stringify(predicted)} ≠ ${JSON.stringify(expected)}`);
      } else if (expected !== undefined) s.misses.push(`${source.split('/').pop()}: missing (${JSON.stringify(expected)})`);
    }
  };
  for (const c of cases) {
    let result: FinancialExtraction;
    try {
      const r = await extractFile(join(corpus, c.source));
      result = r.result;
      // E-invoices as the API answers them (their XML prevails), scored apart: the pages' figures stay comparable.
      if (r.api) scoreFields('e-invoice', r.api.entities, c.truth, c.source);
      if (c.set !== 'sroie') times.push(r.ms);
    } catch (error) {
      log(`  ${c.source}: ${(error as Error).message}`);
      continue;
    }
    scoreFields(c.set, result.entities, c.truth, c.source);
    if (c.items) {
      if (!itemStats.has(c.set)) itemStats.set(c.set, { right: 0, predicted: 0, truth: 0, columnsRight: 0, columnsKnown: 0 });
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
          // The matched line's other columns, where the truth has them.
          if (t.qty !== undefined) (st.columnsKnown++, near(item.quantity, t.qty) && st.columnsRight++);
          if (t.unit !== undefined && t.total !== undefined) (st.columnsKnown++, near(item.unit_price, t.unit) && st.columnsRight++);
          if (t.description) (st.columnsKnown++, item.description && norm(item.description).includes(norm(t.description)) && st.columnsRight++);
          pool.splice(at, 1);
        }
      }
    }
    if (c.itemCount !== undefined) {
      countCases++;
      if (result.line_items.length === c.itemCount) countRight++;
    }
    log(`  ${c.source}: ${JSON.stringify(result.entities)}`);
  }
  const r3 = (v: number) => Math.round(v * 1000) / 1000;
  const perField = Object.fromEntries(
    [...fields].map(([k, s]) => {
      const p = s.predicted ? s.right / s.predicted : 0;
      const r = s.truth ? s.right / s.truth : 0;
      return [k, { right: s.right, predicted: s.predicted, truth: s.truth, precision: r3(p), recall: r3(r), f1: r3(p + r ? (2 * p * r) / (p + r) : 0), misses: s.misses.slice(0, 8) }];
    }),
  );
  const micro = (prefix: string) => {
    const list = [...fields].filter(([k]) => k.startsWith(prefix)).map(([, s]) => s);
    const right = list.reduce((a, s) => a + s.right, 0);
    const predicted = list.reduce((a, s) => a + s.predicted, 0);
    const truth = list.reduce((a, s) => a + s.truth, 0);
    const p = predicted ? right / predicted : 0;
    const r = truth ? right / truth : 0;
    return { precision: r3(p), recall: r3(r), f1: r3(p + r ? (2 * p * r) / (p + r) : 0) };
  };
  const itemScore = (set: string) => {
    const st = itemStats.get(set) ?? { right: 0, predicted: 0, truth: 0, columnsRight: 0, columnsKnown: 0 };
    const ip = st.predicted ? st.right / st.predicted : 0;
    const ir = st.truth ? st.right / st.truth : 0;
    return { precision: r3(ip), recall: r3(ir), f1: r3(ip + ir ? (2 * ip * ir) / (ip + ir) : 0), matched_columns_right: st.columnsKnown ? r3(st.columnsRight / st.columnsKnown) : null };
  };
  const summary = {
    invoices_micro: micro('invoices:'),
    receipts_micro: micro('receipts:'),
    e_invoices_api_micro: micro('e-invoices:'),
    line_items_invoice2data: itemScore('invoice2data'),
    line_items_zugferd: itemScore('zugferd'),
    line_item_count_exact_zugferd: `${countRight}/${countCases}`,
    median_ms_per_text_invoice: times.length ? Math.round([...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]) : null,
  };
  log(`invoices (micro over fields): ${JSON.stringify(summary.invoices_micro)}`);
  log(`receipts (micro over fields): ${JSON.stringify(summary.receipts_micro)}`);
  log(`e-invoices as the API answers them (PDFs embedding CII or UBL XML; the XML over the pages): ${JSON.stringify(summary.e_invoices_api_micro)}`);
  log(`line items (one-to-one on the line total, else the unit price; matched_columns_right: quantity, unit price, description of the matched lines):`);
  log(`  invoice2data ${JSON.stringify(summary.line_items_invoice2data)}`);
  log(`  ZUGFeRD (truth: the embedded CII XML) ${JSON.stringify(summary.line_items_zugferd)}; item count exact ${summary.line_item_count_exact_zugferd}`);
  for (const [k, v] of Object.entries(perField)) log(`  ${k.padEnd(28)} P ${v.precision} R ${v.recall} F1 ${v.f1} (${v.right}/${v.truth})`);
  return { operation: 'extract', corpus, machine: machineInfo(), summary, per_field: perField };
}
