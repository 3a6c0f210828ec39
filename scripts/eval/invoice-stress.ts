/**
 * `npm run eval -- invoice-stress [--per-cell N] [--seed N] [--quiet]`: the invoice ranker on invoices laid out unlike
 * the corpus's (scripts/train/invoice-stress-layouts.ts: ten layout families, seven languages, every common date
 * form, the dates an invoice's date is mistaken for), rendered as text-layer PDFs and read as the API reads them.
 *
 * Field accuracy (strict, as the extract eval scores) per layout family, leave-layout-family-out: each family is read
 * by a model fitted on the corpus invoices, the generated training invoices and the stress training invoices of the
 * other families only (the stress training invoices come from another seed than these, and train the date only: see
 * STRESS_FIELDS). Beside it the model fitted without any stress invoice (what the layouts do to a ranker that never
 * saw them), and the date per date style.
 * Generated invoices measure robustness to layouts; the real figure stays the issuer folds on the corpus.
 *
 * @module
 */
import { extractFinancial } from '../../functions/engines/extract/financial.ts';
import { INVOICE_FIELDS, type InvoiceField } from '../../functions/engines/extract/invoice-candidates.ts';
import type { InvoiceModel } from '../../functions/engines/extract/invoice-ranker.ts';
import type { DocumentPage } from '../../functions/engines/document-model.ts';
import { fitInvoiceModel, INVOICE_SEED, loadTrainingInvoices, pagesOfBytes } from '../train/extract-invoice.ts';
import { STRESS_FAMILIES, stressInvoices, type StressInvoice } from '../train/invoice-stress-layouts.ts';
import { fieldKind, strictSame } from './extract-score.ts';

export interface StressEvalOptions {
  readonly corpus: string;
  readonly perCell: number;
  readonly seed: number;
  readonly log: (line: string) => void;
  readonly quiet: boolean;
}

type Tally = Record<InvoiceField, { right: number; of: number }>;
const emptyTally = (): Tally => Object.fromEntries(INVOICE_FIELDS.map((f) => [f, { right: 0, of: 0 }])) as Tally;

/** Whether the extraction's value is the truth (a total by its magnitude, as the trainer compares). */
function right(field: InvoiceField, value: string | undefined, truth: string): boolean {
  if (value === undefined) return false;
  return field === 'total_amount' ? strictSame('amount', Math.abs(Number(value)).toFixed(2), truth) : strictSame(fieldKind(field), value, truth);
}

const r3 = (v: number) => Math.round(v * 1000) / 1000;
const share = (t: { right: number; of: number }) => (t.of ? r3(t.right / t.of) : null);
const micro = (t: Tally) => {
  const all = Object.values(t).reduce((a, x) => ({ right: a.right + x.right, of: a.of + x.of }), { right: 0, of: 0 });
  return share(all);
};

/** Scores one model on some stress invoices into `tally` (and per date style into `styles`). */
function score(
  docs: readonly { invoice: StressInvoice; pages: DocumentPage[] }[],
  model: InvoiceModel,
  tally: Tally,
  styles: Map<string, { right: number; of: number }>,
  onMiss: (line: string) => void,
): void {
  for (const { invoice, pages } of docs) {
    const { entities } = extractFinancial(pages, { invoiceModel: model });
    for (const field of INVOICE_FIELDS) {
      const ok = right(field, entities[field], invoice.truth[field]);
      tally[field].of++;
      if (ok) tally[field].right++;
      else
        onMiss(
          `  ${field.padEnd(15)} ${invoice.id} (${invoice.dateStyle}): ${JSON.stringify(entities[field] ?? null)} ≠ ${JSON.stringify(invoice.truth[field])}`,
        );
      if (field === 'invoice_date') {
        const s = styles.get(invoice.dateStyle) ?? { right: 0, of: 0 };
        s.of++;
        if (ok) s.right++;
        styles.set(invoice.dateStyle, s);
      }
    }
  }
}

export async function runInvoiceStressEval(options: StressEvalOptions): Promise<Record<string, unknown>> {
  const { log } = options;
  const t0 = performance.now();
  const invoices = stressInvoices(options.perCell, options.seed);
  const docs = [];
  for (const invoice of invoices) docs.push({ invoice, pages: await pagesOfBytes(await invoice.pdf(), invoice.id) });
  const training = await loadTrainingInvoices(options.corpus);
  log(`${docs.length} stress invoices (seed ${options.seed}, ${options.perCell} per family and language); ${training.length} training invoices`);
  const withoutStress = fitInvoiceModel(
    training.filter((d) => !d.set.startsWith('stress:')),
    INVOICE_SEED,
  );
  const perFamily: Record<string, unknown> = {};
  const totalOut = emptyTally();
  const totalBase = emptyTally();
  const stylesOut = new Map<string, { right: number; of: number }>();
  const stylesBase = new Map<string, { right: number; of: number }>();
  const misses: string[] = [];
  for (const family of STRESS_FAMILIES) {
    const mine = docs.filter((d) => d.invoice.family === family);
    const leftOut = fitInvoiceModel(
      training.filter((d) => d.set !== `stress:${family}`),
      INVOICE_SEED,
    );
    const out = emptyTally();
    const base = emptyTally();
    score(mine, leftOut, out, stylesOut, (line) => misses.push(line));
    score(mine, withoutStress, base, stylesBase, () => {});
    for (const f of INVOICE_FIELDS) {
      totalOut[f].right += out[f].right;
      totalOut[f].of += out[f].of;
      totalBase[f].right += base[f].right;
      totalBase[f].of += base[f].of;
    }
    perFamily[family] = {
      family_left_out: Object.fromEntries(INVOICE_FIELDS.map((f) => [f, share(out[f])])),
      no_stress_training: Object.fromEntries(INVOICE_FIELDS.map((f) => [f, share(base[f])])),
    };
    const row = (t: Tally) => INVOICE_FIELDS.map((f) => `${f.split('_')[1]} ${share(t[f])?.toFixed(2)}`).join(', ');
    log(`  ${family.padEnd(22)} family left out: ${row(out)} | never saw stress layouts: ${row(base)}`);
  }
  const summary = {
    seed: options.seed,
    invoices: docs.length,
    per_family: perFamily,
    family_left_out: { ...Object.fromEntries(INVOICE_FIELDS.map((f) => [f, share(totalOut[f])])), all_fields: micro(totalOut) },
    no_stress_training: { ...Object.fromEntries(INVOICE_FIELDS.map((f) => [f, share(totalBase[f])])), all_fields: micro(totalBase) },
    date_by_style_family_left_out: Object.fromEntries([...stylesOut].sort().map(([k, v]) => [k, share(v)])),
    date_by_style_no_stress_training: Object.fromEntries([...stylesBase].sort().map(([k, v]) => [k, share(v)])),
    seconds: Math.round((performance.now() - t0) / 1000),
  };
  log(`all families, family left out: ${JSON.stringify(summary.family_left_out)}`);
  log(`all families, never saw stress layouts: ${JSON.stringify(summary.no_stress_training)}`);
  log(`date by style (family left out): ${JSON.stringify(summary.date_by_style_family_left_out)}`);
  log(`date by style (never saw stress layouts): ${JSON.stringify(summary.date_by_style_no_stress_training)}`);
  if (!options.quiet) for (const line of misses.sort()) log(line);
  return summary;
}
