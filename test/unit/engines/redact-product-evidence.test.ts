/**
 * Product evidence weighed into one-word person candidates (issue 37 item
 * 3): lists of languages, a product's name used as a modifier, glued into
 * identifiers and repeated, and a lone lower-case word in text written in
 * case. Each text here fails on the engine before this evidence was weighed
 * (every one of them masked a word); the people beside them stay found.
 * Product names are invented; the language names are general knowledge.
 */
import { describe, expect, it } from 'vitest';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';
import { attributiveUse, languageListShare } from '../../../functions/engines/redact/code-context.ts';
import { personResources } from '../../../functions/engines/redact/name-lexicon.ts';
import { candidateRuns } from '../../../functions/engines/redact/names.ts';
import { withProductEvidence } from '../../../functions/engines/redact/person-model.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const persons = async (text: string) => (await detectPii(text, BUILT_INS)).filter((s) => s.type === 'PERSON').map((s) => s.value);

describe('product evidence against one-word names', () => {
  it.each([
    // Language names that are also listed given names or surnames, in a list wrapped over lines.
    'Language packs\nThe reader covers Welsh, Basque, Catalan, Breton, Galician,\nFriulian, Picard, Romansh, Emilian, Occitan, Shona and Zulu.',
    // A product's name as a modifier twice, possessive, repeated: the tagger's name and its other mentions.
    "In short, Quorvex's design has three parts. Each stage ends in a Quorvex document.\nSave the Quorvex document as JSON. For more on Quorvex's internals, see the Quorvex paper.",
    // Glued into an identifier elsewhere, a version after it.
    'Quorvex works only on Linux. The Quorvex-OCR engine needs a GPU. Quorvex version 2 adds tables.',
    // A parameter's name in lower case, in prose written in case.
    'Chunks with the same headings are merged; users can opt out of this step via param\nmerge peers. The option is on by default. See the API page for details.',
  ])('masks no person in %j', async (text) => {
    expect(await persons(text)).toEqual([]);
  });

  it('keeps the people of the same pages', async () => {
    expect(await persons('Release 2.1\nQuorvex now reads scanned pages. Thanks to Brannoch Velisz for the patch.')).toContain('Brannoch Velisz');
    // A person's name used once as a modifier is still a person.
    expect(await persons('Unlike the Hartvigsen novel, it is short. Hartvigsen wrote it in a month.')).toContain('Hartvigsen');
    // Lower-case chat keeps a lower-case name.
    expect(await persons('i met rajesh yesterday and he said hi')).toEqual(['rajesh']);
  });

  it('reads a list of languages over wrapped lines, and a modifier only when used twice', () => {
    const isLanguage = (w: string) => ['welsh', 'basque', 'catalan', 'galician'].includes(w);
    const list = 'Covers Welsh, Basque,\nCatalan, Quellmark, Galician.';
    const at = list.indexOf('Quellmark');
    expect(languageListShare(list, at, at + 'Quellmark'.length, isLanguage)).toBe(1);
    expect(languageListShare('Thanks to Brisk, Vollmer and Quellmark.', 27, 36, isLanguage)).toBe(0);
    expect(attributiveUse('The Quorvex document holds pages. Save a Quorvex document.', 'Quorvex')).toBe(true);
    expect(attributiveUse('Unlike the Hartvigsen novel, it is short.', 'Hartvigsen')).toBe(false);
  });

  it('lowers the score of a one-word candidate by the learned product weights, and leaves a name without that evidence alone', async () => {
    const { lexicon } = await personResources();
    const score = (text: string, word: string) => {
      const start = text.indexOf(word);
      return withProductEvidence(text, candidateRuns(text, lexicon), lexicon, { start, end: start + word.length, score: 0.6 }).score;
    };
    expect(score('The Quorvex document holds pages. Save a Quorvex document. Quorvex is fast.', 'Quorvex')).toBeLessThan(0.5);
    expect(score('The parcel went to Drovanek, who signed at once.', 'Drovanek')).toBe(0.6);
  });
});

describe('e-mail addresses are no code near a name', () => {
  it('masks a given name in a subject line whose evidence window begins inside an e-mail address', async () => {
    const text = [
      'From: "Varnholt, Ilse" <ilse.varnholt@quellmail.example>',
      'To: Team Payroll <payroll@brisk-example.com>',
      'Cc: "Dobrev, Kalin" <kdobrev@brisk-example.com>',
      'Subject: Bank details change for Ilse',
      '',
      'Thanks,',
      'Ilse',
      '',
      'Ilse Varnholt | Senior Analyst',
    ].join('\n');
    const spans = (await detectPii(text, BUILT_INS)).filter((s) => s.type === 'PERSON');
    const subject = text.indexOf('for Ilse') + 4;
    expect(spans.some((s) => s.start === subject && s.value === 'Ilse')).toBe(true);
  });
});
