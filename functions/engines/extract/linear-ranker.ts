/**
 * The scoring both learned extraction rankers share (receipt-ranker.ts for
 * photos and scans of one page, invoice-ranker.ts for the rest): a linear
 * model per field over standardised candidate features, and a softmax over
 * one document's candidates that says how sure the best one is.
 *
 * @module
 */

/** One field's fitted weights: features standardised by `mean` and `std` (a `std` of 0 leaves the feature as it is). */
export interface FieldModel {
  readonly features: readonly string[];
  readonly mean: readonly number[];
  readonly std: readonly number[];
  readonly weights: readonly number[];
}

/** A candidate's score under a field model (a logit; softmax them per document to compare). */
export function score(model: FieldModel, features: readonly number[]): number {
  let s = 0;
  for (let k = 0; k < features.length; k++) s += model.weights[k] * (model.std[k] ? (features[k] - model.mean[k]) / model.std[k] : features[k]);
  return s;
}

/**
 * The best candidate of a field and its probability among the document's candidates; none without a model, without
 * candidates, or when the model was fitted on another number of features than the candidates carry.
 */
export function pick<C extends { readonly features: readonly number[] }>(
  model: FieldModel | undefined,
  candidates: readonly C[],
): { candidate: C; probability: number } | undefined {
  if (!model || !candidates.length || model.weights.length !== candidates[0].features.length) return undefined;
  const logits = candidates.map((c) => score(model, c.features));
  const max = Math.max(...logits);
  const exp = logits.map((l) => Math.exp(l - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  let best = 0;
  for (let i = 1; i < candidates.length; i++) if (logits[i] > logits[best]) best = i;
  return { candidate: candidates[best], probability: exp[best] / sum };
}
