/**
 * Generated technical prose for the person model (`npm run train -- redact`):
 * short manual pages, release notes and READMEs written for this trainer,
 * in which software names (invented syllables no list holds, or given
 * names and ordinary words, as software is often named) stand as
 * subjects, possessives, headings and list items — the places people stand
 * too — beside their identifiers (CamelCase classes, lower-case package and
 * module names, versions). People appear in the same pages (maintainers,
 * authors, reviewers), so the code-context features are learned as evidence
 * weighed against names, not as a verdict. Nothing here is taken from any
 * corpus document.
 *
 * @module
 */
import { pick, type Random } from '../lib/random.ts';
import languageNames from '../../functions/engines/redact/language-names.json' with { type: 'json' };
import { capitalisedNoun, listedGivenName, someFamilyName, type GeneratedText, type Slot } from './redact-synthetic.ts';

const ONSETS = ['b', 'br', 'd', 'f', 'g', 'k', 'kl', 'l', 'm', 'n', 'p', 'pr', 'qu', 'r', 's', 'st', 't', 'tr', 'v', 'z', 'x'];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'y', 'ai', 'ea', 'io'];
const CODAS = ['', 'n', 'r', 'l', 'x', 'k', 'm', 'nd', 'st'];
const TAILS = ['', '', 'ly', 'io', 'ify', 'flow', 'kit', 'base', 'ling', 'tron', 'scan', 'doc', 'ex', 'ium'];
const THINGS = ['engine', 'library', 'toolkit', 'parser', 'plugin', 'backend', 'framework', 'package', 'model', 'service'];
const GIVEN = ['Ada', 'Tomas', 'Ines', 'Marek', 'Yuki', 'Priya', 'Lena', 'Omar', 'Sven', 'Chiara', 'Dmitri', 'Aisha', 'Pavel', 'Noor', 'Emil', 'Rosa'];

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
/** Language names as documentation lists them ("Western Frisian"): the general CLDR list, not any corpus page's. */
const LANGUAGES = (languageNames as string[]).map((n) => n.split(' ').map(cap).join(' '));
function syllables(r: Random, n: number): string {
  let w = '';
  for (let i = 0; i < n; i++) w += pick(r, ONSETS) + pick(r, VOWELS) + (i === n - 1 ? pick(r, CODAS) : '');
  return w;
}
/**
 * A product's name: invented syllables, or — as real software is often named — a given name or an ordinary word
 * ("a test runner called" a name, "a queue called" a noun), so that the name evidence alone cannot tell product from person.
 */
function product(r: Random): string {
  const roll = r();
  if (roll < PRODUCTS_NAMED_AS_PEOPLE) return listedGivenName(r);
  if (roll < PRODUCTS_NAMED_AS_PEOPLE + PRODUCTS_NAMED_AS_WORDS) return capitalisedNoun(r);
  return cap(`${syllables(r, 1 + (r() < 0.6 ? 1 : 0))}${pick(r, TAILS)}`);
}
/** The share of products named with a listed given name, and with an ordinary noun. */
const PRODUCTS_NAMED_AS_PEOPLE = 0.35;
const PRODUCTS_NAMED_AS_WORDS = 0.1;

const surname = (r: Random) => cap(`${syllables(r, 2)}${pick(r, ['', 'son', 'ek', 'ova', 'er', 'ini', 'ez'])}`);
const version = (r: Random) => (r() < 0.5 ? `v${1 + Math.floor(r() * 4)}` : `${1 + Math.floor(r() * 4)}.${Math.floor(r() * 12)}`);

/**
 * Our own page templates: {P} is the page's product (the same name each time), {Q} another product, {PERSON} a person,
 * {GIVEN} a given name, {SUR} a surname (listed or invented), {L} a language's name.
 */
const TEMPLATES = [
  '{P} is a {THING} for reading documents. Install it with pip install {p}.\nThe {P}Document class holds the result.',
  'With {P} {V}, we introduced a new {P}Options object. {P} converts PDF, HTML and images.',
  "{P}'s architecture is simple: a {P}Converter reads the file and a {Q}Backend renders it.",
  'To use {P}, import {p}.models and call convert(). {P} supports {Q}, {Q2}, {Q3} and {Q4}.',
  'Supported engines: {Q}, {Q2}, {Q3}, {Q4}, {Q5}.\nEach engine has its own options class.',
  '{P} works only on Linux. See the {P} {V} release notes for details.',
  'Release {V}\n{P} now reads scanned pages. Thanks to {PERSON} for the patch and to {GIVEN} for the review.',
  '{PERSON} maintains {P}; questions go to the issue tracker, not to {GIVEN} directly.',
  'The {p}_config file sets the cache path. {P} reads it on start.',
  '{P} and {Q} can be combined: {Q} extracts tables, {P} writes Markdown.',
  'Written by {PERSON} in 2021, {P} grew into a community project.',
  'Run {p} --help for the options. {P} prints its version with --version.',
  'Plugins\n{P} loads plugins through entry points; the {Q}Plugin is an example.',
  '{P} {V} drops support for the old API. Migrate to {P}Client before upgrading.',
  '{GIVEN} asked whether {P} can run without a GPU. It can, on the {Q} backend.',
  'Contributors: {PERSON}, {PERSON2} and {PERSON3}.',
  'Languages: English, {Q}, {Q2}, {Q3}, {Q4} and {Q5}.',
  'The {P} model was trained by {PERSON} and is described in the {P} technical report.',
  'I. {Q} {Q2}\nThe first engine reads the page. II. {Q3} Cloud\nThe second one is hosted.',
  '{N}. {Q} {Q2}\n{P} calls this step before layout analysis.',
  'Reviewers:\n1. {PERSON}\n2. {PERSON2}',
  '{Q} Reader\nThe reader opens files of any size.',
  'Authors\n{PERSON}\n{PERSON2}',
  // Lists of languages, wrapped over lines as manuals print them; some language names are people's names too.
  'Supported languages: {L}, {L2}, {L3}, {L4}, {L5},\n{L6}, {L7}, {L8} and {L9}.',
  '{P} {V} reads {L}, {L2}, {L3}, {L4}, {L5}, {L6},\n{L7}, {L8}, {L9}, {L10},\n{L11}, {L12}.',
  'Language packs\n{p}-lang    {L} family: {L2}, {L3}, {L4}, {L5}, {L6}',
  'The {Q} engine covers {L}, {L2} and {L3}; {P} adds {L4}, {L5}, {L6}, {L7}.',
  // Lists of people beside them: a long list of surnames is people.
  'Thanks to {SUR}, {SUR2}, {SUR3}, {SUR4},\n{SUR5} and {SUR6} for their patches to {P}.',
  'Present: {SUR}, {SUR2}, {SUR3}, {SUR4}, {SUR5}.',
  'Maintainers of {P}: {SUR}, {SUR2}, {SUR3} and {SUR4}.',
  // A product's name as a modifier ("the X document"), repeated on the page as products are; people beside it.
  "In short, {P}'s design has three parts. Each {P} pipeline ends in a {P} document.\nSave the {P} document as JSON.",
  'A {P} document keeps pages, tables and pictures. The {P} converter builds it; {P} exports it to HTML.',
  "For more on {P}'s internals, read the {P} technical report by {PERSON}.",
  "{P}'s parser was written by {SUR}. {SUR}'s tests cover the {P} backend.",
  '{SUR} reviewed the {P} release; {GIVEN} signed it off. The {P} team thanks them.',
];

/** `count` generated technical pages with person slots, seeded. */
export function generateTechnicalTexts(r: Random, count: number): GeneratedText[] {
  const out: GeneratedText[] = [];
  for (let i = 0; i < count; i++) {
    const p = product(r);
    const fill: Record<string, () => { value: string; person: boolean }> = {
      P: () => ({ value: p, person: false }),
      p: () => ({ value: p.toLowerCase(), person: false }),
      Q: () => ({ value: product(r), person: false }),
      THING: () => ({ value: pick(r, THINGS), person: false }),
      V: () => ({ value: version(r), person: false }),
      PERSON: () => ({ value: `${pick(r, GIVEN)} ${surname(r)}`, person: true }),
      GIVEN: () => ({ value: pick(r, GIVEN), person: true }),
      N: () => ({ value: String(1 + Math.floor(r() * 9)), person: false }),
      L: () => ({ value: pick(r, LANGUAGES), person: false }),
      SUR: () => ({ value: someFamilyName(r), person: true }),
    };
    // One template a page: pages of several templates repeat the page's product alone, which taught the model that any
    // word repeated alone is no person (a signature's given name in a mail was lost); measured with up to three a page.
    const template = pick(r, TEMPLATES);
    let text = '';
    const slots: Slot[] = [];
    let cursor = 0;
    for (const m of template.matchAll(/\{([A-Za-z]+?)\d*\}/g)) {
      text += template.slice(cursor, m.index);
      const { value, person } = fill[m[1]]();
      slots.push({ start: text.length, end: text.length + value.length, person });
      text += value;
      cursor = m.index! + m[0].length;
    }
    text += template.slice(cursor);
    out.push({ text, slots });
  }
  return out;
}
