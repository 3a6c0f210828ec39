/**
 * `tsx scripts/eval/invoice-misses.ts [--field vendor_name|invoice_date|invoice_number|total_amount] [--seeds 7,11]
 * [--fold-seeds 7] [--top 5] [--families a,b]`: the invoice ranker's misses of one field (the vendor by default) and why,
 * for diagnosis (prints to the terminal; corpus values never go into the repository).
 *
 * Stress invoices (invoice-stress-layouts.ts) are read by the model fitted with their layout family left out, as the
 * stress eval reads them; corpus invoices by the fold model that never saw their issuer (folds over issuers, as the
 * extract eval). For each miss: what the ranker picked, the truth, whether the truth was a candidate at all, and the
 * features that made the difference — weight × (picked − truth) of the standardised features, largest first.
 *
 * @module
 */
import { INVOICE_FEATURES, type InvoiceCandidate, type InvoiceField } from '../../functions/engines/extract/invoice-candidates.ts';
import type { InvoiceModel } from '../../functions/engines/extract/invoice-ranker.ts';
import { pick, type FieldModel } from '../../functions/engines/extract/linear-ranker.ts';
import { corpusDir } from '../lib/corpus.ts';
import {
  fitInvoiceModel,
  foldModels,
  INVOICE_SEED,
  loadTrainingInvoices,
  marked,
  pagesOfBytes,
  type TrainingInvoice,
} from '../train/extract-invoice.ts';
import { STRESS_FAMILIES, stressInvoices } from '../train/invoice-stress-layouts.ts';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
};

/** The features that tell the picked candidate from the right one, weighted, largest first. */
function contributions(model: FieldModel, picked: InvoiceCandidate, truth: InvoiceCandidate | undefined, top: number): string {
  const names = INVOICE_FEATURES[picked.field];
  const std = (c: InvoiceCandidate | undefined, k: number) =>
    c ? (model.std[k] ? (c.features[k] - model.mean[k]) / model.std[k] : c.features[k]) : 0;
  return names
    .map((n, k) => ({ n, d: model.weights[k] * (std(picked, k) - std(truth, k)) }))
    .filter((x) => Math.abs(x.d) > 0.05)
    .sort((a, b) => Math.abs(b.d) - Math.abs(a.d))
    .slice(0, top)
    .map((x) => `${x.n} ${x.d > 0 ? '+' : ''}${x.d.toFixed(2)}`)
    .join(', ');
}

/** The field diagnosed (`--field`, the vendor by default). */
const FIELD = arg('field', 'vendor_name') as InvoiceField;

/** One document's pick of the field against its truth: a line when it misses. */
function miss(label: string, model: InvoiceModel, candidates: TrainingInvoice['candidates'], top: number): string | undefined {
  const list = candidates[FIELD];
  const chosen = pick(
    model.fields[FIELD],
    list.map((c) => c.candidate),
  );
  const right = list.find((c) => c.right)?.candidate;
  if (chosen && right && chosen.candidate === right) return undefined;
  const why = chosen ? contributions(model.fields[FIELD]!, chosen.candidate, right, top) : '';
  return `  ${label}: picked ${JSON.stringify(chosen?.candidate.value ?? null)}${right ? '' : ' (truth not a candidate)'} — ${why}`;
}

async function main(): Promise<void> {
  const top = Number(arg('top', '5'));
  const docs = await loadTrainingInvoices(corpusDir());
  for (const seed of arg('seeds', '7,11').split(',').filter(Boolean).map(Number)) {
    const stress = stressInvoices(2, seed);
    let of = 0;
    const lines: string[] = [];
    const families = arg('families', STRESS_FAMILIES.join(',')).split(',');
    for (const family of STRESS_FAMILIES.filter((f) => families.includes(f))) {
      const model = fitInvoiceModel(
        docs.filter((d) => d.set !== `stress:${family}`),
        INVOICE_SEED,
      );
      for (const s of stress.filter((x) => x.family === family)) {
        const candidates = marked(await pagesOfBytes(await s.pdf(), s.id), s.truth);
        of++;
        const line = candidates && miss(`${family} ${s.language} ${s.dateStyle}`, model, candidates, top);
        if (line) lines.push(line);
      }
    }
    console.log(`stress seed ${seed}: ${FIELD} misses ${lines.length} of ${of}`);
    for (const l of lines.sort()) console.log(l);
  }
  for (const foldSeed of arg('fold-seeds', '7').split(',').filter(Boolean).map(Number)) {
    const { folds, models } = foldModels(docs, 5, foldSeed);
    const corpus = docs.filter((d) => d.source === 'corpus' && d.truth[FIELD] !== undefined);
    const lines = corpus.flatMap((d) => miss(d.id.split('/').slice(1, 2).join(''), models[folds.get(d.issuer)!], d.candidates, top) ?? []);
    console.log(`corpus, folds over issuers (seed ${foldSeed}): ${FIELD} misses ${lines.length} of ${corpus.length} (trainer's pick)`);
    for (const l of lines.sort()) console.log(l);
  }
}

await main();
