/**
 * Keeps V8's own `JSON.stringify`, `JSON.parse` and `Array.prototype.push`
 * across the import of pdf.js's legacy build.
 *
 * The legacy build bundles core-js, which replaces built-ins process-wide
 * when they miss an edge of the newest spec: on Node 20, `JSON.stringify`
 * (no `JSON.rawJSON`), `JSON.parse` (no reviver source) and
 * `Array.prototype.push` (lengths past 2^32). The replacements are written
 * in JavaScript: measured on Node 20, `JSON.stringify` of a 4 MB result went
 * from 25 ms to 600 ms and `push` became 3× slower, for every request after
 * the first PDF. pdf.js uses none of those edges, so the natives are put
 * back. Additions (`Promise.withResolvers`, `Map.prototype.getOrInsert`, …)
 * stay: pdf.js needs them.
 *
 * @module
 * @internal
 */

const KEPT: readonly (readonly [object, PropertyKey])[] = [
  [JSON, 'stringify'],
  [JSON, 'parse'],
  [Array.prototype, 'push'],
];

/**
 * Records the built-ins above; the returned function restores any that
 * were replaced since.
 *
 * @example
 * const restore = keepNativeBuiltins();
 * try { await import('pdfjs-dist/legacy/build/pdf.worker.mjs'); } finally { restore(); }
 */
export function keepNativeBuiltins(): () => void {
  const saved = KEPT.map(([target, key]) => [target, key, Object.getOwnPropertyDescriptor(target, key)] as const);
  return () => {
    for (const [target, key, descriptor] of saved) {
      if (descriptor && Object.getOwnPropertyDescriptor(target, key)?.value !== descriptor.value) {
        Object.defineProperty(target, key, descriptor);
      }
    }
  };
}
