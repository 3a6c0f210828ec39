/**
 * `npx tsx scripts/make-language-names.ts`: writes
 * functions/engines/redact/language-names.json, the English names of the
 * world's languages from the Unicode CLDR data built into Node's ICU
 * (Intl.DisplayNames over every two- and three-letter ISO 639 code). A
 * general-knowledge lexicon the person model reads as a feature (a list of
 * languages is no list of people); generated once and committed, because
 * enumerating the codes costs about a second, too long for a cold start.
 *
 * @module
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
const letters = 'abcdefghijklmnopqrstuvwxyz';
const found = new Set<string>();
const add = (code: string) => {
  try {
    const name = names.of(code);
    // Only names proper: a code ICU echoes back, or a name with parentheses or digits, is none.
    if (name && name.toLowerCase() !== code && /^\p{L}[\p{L}\p{M}' -]*$/u.test(name)) found.add(name.toLowerCase());
  } catch {
    // A code Intl rejects is no language.
  }
};
for (const a of letters)
  for (const b of letters) {
    add(a + b);
    for (const c of letters) add(a + b + c);
  }
const path = join(import.meta.dirname, '../functions/engines/redact/language-names.json');
await writeFile(path, `${JSON.stringify([...found].sort())}\n`);
console.log(`${found.size} language names → ${path} (ICU ${process.versions.icu}, CLDR ${process.versions.cldr})`);
