/**
 * The classes a request classifies into: the built-in set (full or
 * minimal), plus or restricted to caller-defined classes described in words.
 *
 * @module
 */
import { DEFAULT_CLASSES, MINIMAL_CLASSES } from '../../contracts/schemas/classify.ts';
import { BUILT_IN_CLASSES, type BuiltInClass, type ClassDefinition } from './classes.ts';
import { classesFromDescriptions } from './classifier.ts';

const BUILT_IN_DESCRIPTIONS = DEFAULT_CLASSES.map((l) => BUILT_IN_CLASSES[l].description);

export interface ClassSetRequest {
  readonly type: 'default' | 'minimal';
  /** Restricts to these labels (built-in or custom). */
  readonly active?: readonly string[];
  /** Label → description; zero-shot classes beside (or, with `active`, instead of) the built-in ones. */
  readonly custom?: Readonly<Record<string, string>>;
}

export function buildClassSet(request: ClassSetRequest): ClassDefinition[] {
  const custom = Object.entries(request.custom ?? {});
  const customClasses = classesFromDescriptions(custom, BUILT_IN_DESCRIPTIONS);
  const byLabel = new Map<string, ClassDefinition>();
  const base: readonly BuiltInClass[] = request.type === 'minimal' ? MINIMAL_CLASSES : DEFAULT_CLASSES;
  // `active` may name any built-in label, even outside the minimal set.
  const builtIns: readonly BuiltInClass[] = request.active ? DEFAULT_CLASSES : base;
  for (const label of builtIns) byLabel.set(label, BUILT_IN_CLASSES[label]);
  // A custom class with a built-in name replaces the built-in description.
  for (const cls of customClasses) byLabel.set(cls.label, cls);
  const labels = request.active ?? [...base, ...customClasses.map((c) => c.label)];
  return [...new Set(labels)].map((l) => byLabel.get(l)).filter((c): c is ClassDefinition => c !== undefined);
}
