/**
 * `npm run train -- <what>`: rebuilds a learned model from the corpus and
 * writes its weights into the repository (seeded, reproducible). Each
 * target is one entry below; add yours beside them.
 *
 * @module
 */
const TARGETS: Record<string, () => Promise<void>> = {
  classify: async () => (await import('./train/classify.ts')).trainClassify(),
};

const what = process.argv[2];
const target = what ? TARGETS[what] : undefined;
if (!target) {
  console.error(`usage: npm run train -- <${Object.keys(TARGETS).join('|')}>`);
  process.exit(2);
}
await target();
