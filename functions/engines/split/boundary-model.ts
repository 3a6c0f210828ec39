/**
 * The learned page-pair boundary model: a logistic regression over the pair
 * features (pair-features.ts), fitted by `npm run train -- split` on page
 * streams of scanned documents and committed as `boundary-model.json`
 * (feature standardisation, weights, the decision threshold).
 *
 * The splitter asks it about page pairs where a page has no text layer
 * (scans, photos): there the text signals its rules rely on come through
 * OCR noisily or not at all, and the page images carry the evidence.
 *
 * @module
 */
import trained from './boundary-model.json' with { type: 'json' };
import { PAIR_FEATURES } from './pair-features.ts';

export interface BoundaryModel {
  readonly features: readonly string[];
  readonly mean: readonly number[];
  readonly scale: readonly number[];
  readonly weights: readonly number[];
  readonly bias: number;
  /** Probability at or above which a page starts a document. */
  readonly threshold: number;
}

/** The probability that a new document starts at the pair whose features are `x`. */
export function boundaryProbability(model: BoundaryModel, x: readonly number[]): number {
  let z = model.bias;
  for (let i = 0; i < x.length; i++) z += model.weights[i] * ((x[i] - model.mean[i]) / model.scale[i]);
  return 1 / (1 + Math.exp(-z));
}

/** The committed model; refuses one fitted on other features than the code computes. */
export function committedBoundaryModel(): BoundaryModel {
  const model = trained as BoundaryModel;
  if (model.features.join() !== PAIR_FEATURES.join()) throw new Error('boundary-model.json was fitted on other pair features: run `npm run train -- split`.');
  return model;
}
