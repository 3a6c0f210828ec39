/**
 * The learned classifier: a multinomial logistic regression over the hashed
 * features of features.ts, trained by `npm run train -- classify`
 * (scripts/train/classify.ts) and committed as `classify-model.json`. The
 * weights are stored as int8 per class with one scale per class (base64),
 * which keeps the file small; they are decoded once per container.
 *
 * @module
 */
import { FEATURE_BITS, type SparseVector } from './features.ts';
import trained from './classify-model.json' with { type: 'json' };

export interface ModelFile {
  readonly version: 1;
  readonly bits: number;
  readonly labels: readonly string[];
  readonly bias: readonly number[];
  /** Per class: weight = int8 × scale. */
  readonly scales: readonly number[];
  /** base64 of int8[labels × 2^bits], class-major. */
  readonly weights: string;
  /** Softmax temperatures fitted out of fold, per reading depth. */
  readonly temperature: Readonly<Record<string, number>>;
  /** Weight of the description scorer's evidence beside the learned logits, chosen out of fold (absent in older files). */
  readonly description_weight?: number;
  /** Labels with fewer than five real training documents: they lean on generated ones. */
  readonly generated_labels?: readonly string[];
  /** Softmax temperatures for an answer among `generated_labels`, fitted out of fold, per depth. */
  readonly generated_temperature?: Readonly<Record<string, number>>;
  /** Softmax temperatures for sets of described (custom) classes only, fitted out of fold, per depth. */
  readonly custom_temperature?: Readonly<Record<string, number>>;
  readonly training?: Readonly<Record<string, unknown>>;
}

export interface LinearModel {
  readonly labels: readonly string[];
  readonly bias: Float32Array;
  /** Class-major weights, labels × 2^bits. */
  readonly weights: Float32Array;
  readonly dimension: number;
  readonly temperature: Readonly<Record<string, number>>;
  /** Weight of description evidence added to each learned logit (classifier.ts `DESCRIPTION_WEIGHT` when absent). */
  readonly descriptionWeight?: number;
  /** Labels that lean on generated documents (fewer than five real ones in training). */
  readonly generatedLabels?: readonly string[];
  /** Temperatures for an answer among `generatedLabels`. */
  readonly generatedTemperature?: Readonly<Record<string, number>>;
  /** Temperatures for sets of described classes only. */
  readonly customTemperature?: Readonly<Record<string, number>>;
}

export function decodeModel(file: ModelFile): LinearModel {
  if (file.bits !== FEATURE_BITS) throw new Error(`classify model trained with ${file.bits}-bit features; the code hashes ${FEATURE_BITS} bits (retrain: npm run train -- classify)`);
  const dimension = 1 << file.bits;
  const bytes = Uint8Array.from(atob(file.weights), (c) => c.charCodeAt(0));
  const q = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const weights = new Float32Array(file.labels.length * dimension);
  for (let k = 0; k < file.labels.length; k++) for (let j = 0; j < dimension; j++) weights[k * dimension + j] = q[k * dimension + j] * file.scales[k];
  return {
    labels: file.labels,
    bias: Float32Array.from(file.bias),
    weights,
    dimension,
    temperature: file.temperature,
    descriptionWeight: file.description_weight,
    generatedLabels: file.generated_labels,
    generatedTemperature: file.generated_temperature,
    customTemperature: file.custom_temperature,
  };
}

/** Quantises trained float weights for the committed file. */
export function encodeModel(model: LinearModel, extra: Pick<ModelFile, 'training'>): ModelFile {
  const { labels, dimension } = model;
  const q = new Int8Array(labels.length * dimension);
  const scales: number[] = [];
  for (let k = 0; k < labels.length; k++) {
    let max = 0;
    for (let j = 0; j < dimension; j++) max = Math.max(max, Math.abs(model.weights[k * dimension + j]));
    const scale = max / 127 || 1;
    scales.push(Number(scale.toPrecision(6)));
    for (let j = 0; j < dimension; j++) q[k * dimension + j] = Math.round(model.weights[k * dimension + j] / scales[k]);
  }
  let binary = '';
  const bytes = new Uint8Array(q.buffer);
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return {
    version: 1,
    bits: Math.log2(dimension),
    labels: [...labels],
    bias: [...model.bias].map((b) => Number(b.toFixed(4))),
    scales,
    weights: btoa(binary),
    temperature: model.temperature,
    ...(model.descriptionWeight === undefined ? {} : { description_weight: model.descriptionWeight }),
    ...(model.generatedLabels === undefined ? {} : { generated_labels: [...model.generatedLabels] }),
    ...(model.generatedTemperature === undefined ? {} : { generated_temperature: model.generatedTemperature }),
    ...(model.customTemperature === undefined ? {} : { custom_temperature: model.customTemperature }),
    ...extra,
  };
}

/** Raw scores (logits) of every class the model knows, for one document. */
export function logitsOf(model: LinearModel, x: SparseVector): Float32Array {
  const out = new Float32Array(model.labels.length);
  for (let k = 0; k < model.labels.length; k++) {
    let s = model.bias[k];
    const base = k * model.dimension;
    for (let i = 0; i < x.index.length; i++) s += model.weights[base + x.index[i]] * x.value[i];
    out[k] = s;
  }
  return out;
}

let loaded: LinearModel | undefined;
/** The committed model, decoded on first use and kept for the container's life. */
export function classifierModel(): LinearModel {
  loaded ??= decodeModel(trained as ModelFile);
  return loaded;
}
