/**
 * Names in capitals where a bank, a payment service or a memo's header
 * prints them ("CC: Lorna Brisk; DEV OKONJO"): the counterparty of a transfer on a statement ("Zelle payment to MARISOL
 * QUINTERO", "Gutschrift von ARNE KLEVE", "Virement de M. JEAN DUVAL").
 * The name rules read capitalised words only (a heading in capitals is no
 * name), so these were left on the page.
 *
 * A run of two to four words in capitals right after a transfer's
 * preposition, a header's label or a party's role ("Complainant"), or alone on its line (a résumé's head, a
 * pleading's caption), is a person when one of its words is a listed given name or
 * surname and none is an ordinary word or a company's ("ORVANE LOGISTICS
 * PAYROLL", "STADTWERKE AG" stay).
 *
 * @module
 */
import type { NameLexicon } from './name-lexicon.ts';
import { ORGANISATION_WORDS } from './names.ts';
import type { Candidate } from './pattern-recognizer.ts';

/** A transfer's preposition or label, in the statements of the supported languages, then perhaps a title. */
const TRANSFER_CUE =
  '(?:(?:payment|transfer|paid|sent|zelle|venmo|paypal|wire|deposit|check|cheque|refund)[ \\t]+(?:to|from)|received[ \\t]+from|from|to|' +
  'überweisung[ \\t]+an|gutschrift[ \\t]+von|lastschrift[ \\t]+von|dauerauftrag[ \\t]+an|an|von|' +
  'virement[ \\t]+(?:de|à|a|en[ \\t]+faveur[ \\t]+de)|de|à|transferencia[ \\t]+(?:a|de)|bizum[ \\t]+(?:a|de)|para|bonifico[ \\t]+(?:a|da)|da|' +
  'overboeking[ \\t]+(?:naar|van)|naar|transferência[ \\t]+(?:para|de))';
const TITLE = '(?:(?:MR|MRS|MS|DR|HERR|FRAU|M|MME|SR|SRA|SIG|DHR|MEVR)\\.?[ \\t]+)?';
/** A word in capitals, a Scottish or Irish "Mc" before it as printed in capitals ("McGARRIGLE"). */
const CAPITALS_WORD = "(?:Mc)?\\p{Lu}[\\p{Lu}'’]+(?:-(?:Mc)?\\p{Lu}[\\p{Lu}'’]+)?";
/** Runs of words in capitals (case-sensitive: the cue before them is judged apart, case-insensitively). */
const CAPITALS_RUN = new RegExp(`(?<![\\p{L}\\p{N}])${CAPITALS_WORD}(?:[ \\t]${CAPITALS_WORD}){1,5}(?![\\p{L}\\p{N}])`, 'gu');
const CUE_BEFORE = new RegExp(`(?:^|[^\\p{L}\\p{N}])${TRANSFER_CUE}[ \\t]*:?[ \\t]+${TITLE}$`, 'iu');
/** A memo's or an e-mail's header line ("CC: Lorna Brisk; DEV OKONJO"), the name first or after a list separator. */
const HEADER_BEFORE = new RegExp(`(?:^|\\n)[ \\t]*(?:to|from|cc|bcc|attn|an|von|à|de|para|da|aan|van)[ \\t]*:(?:[^\\n]{0,120}[;,])?[ \\t]*${TITLE}$`, 'iu');

/** A party's role in a report or a pleading, written before the name without a colon ("Complainant DOLORES QUELL"). */
const PARTY_BEFORE = new RegExp(
  `(?:^|[^\\p{L}])(?:complainant|plaintiff|defendant|witness|suspect|victim|decedent|petitioner|respondent|claimant|appellant|applicant|patient|passenger|tenant|landlord|employee|officer|deputy|detective|sgt|ofc|det|(?:card|account)?[ \\t_-]?holder|(?:konto)?inhaber(?:in)?|titulaire|titular)\\.?[ \\t]*[:=]?[ \\t]*["'“]?[ \\t]*${TITLE}$`,
  'iu',
);

/** Whether a word in capitals may be part of a person's name: listed, or known to no dictionary; never a company's word. */
function nameWord(word: string, lex: NameLexicon): 'listed' | 'unknown' | undefined {
  const w = word.toLowerCase();
  if (ORGANISATION_WORDS.has(w) || lex.places.has(w)) return undefined;
  const parts = w.split('-');
  const listed = (p: string) => lex.given.has(p) || lex.family.has(p);
  if (parts.every(listed) && parts.every((p) => !lex.vocabulary.has(p) || lex.given.has(p))) return 'listed';
  // A double-barrelled name may hold a word ("ASHWORTH-BRAY"): a part that is a name, or no word, vouches for the rest.
  if (parts.length > 1 && parts.some((p) => listed(p) && !lex.vocabulary.has(p))) return 'listed';
  if (parts.length > 1 && parts.some((p) => !lex.vocabulary.has(p) && !lex.places.has(p))) return 'unknown';
  return parts.some((p) => lex.vocabulary.has(p)) ? undefined : 'unknown';
}

/** The words of a run that make a name: the first two to four, all name words, one of them listed (the rest of the run is a memo). */
function nameLength(words: readonly string[], lex: NameLexicon): number {
  const kinds = words.map((w) => nameWord(w, lex));
  let n = 0;
  while (n < Math.min(4, kinds.length) && kinds[n] !== undefined) n++;
  return n >= 2 && kinds.slice(0, n).includes('listed') ? n : 0;
}

/** A run that is its line (a comma after it at most): a résumé's head line, a pleading's caption ("ODA QUELL-BRISK,"). */
function wholeLine(text: string, start: number, end: number): boolean {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', end);
  return /^[ \t]*$/u.test(text.slice(lineStart, start)) && /^,?[ \t]*$/u.test(text.slice(end, lineEnd === -1 ? text.length : lineEnd));
}

/**
 * A pleading's caption names each party on a line of its own with its role on the next ("ODA QUELLMAN⏎Claimant⏎- and -"):
 * the role is the evidence, so the words need only be name words, none of them listed.
 */
const PARTY_ROLE_LINE_AFTER =
  /^,?[ \t]*\n[ \t]*(?:\(?\d\)?[ \t]*)?(?:(?:first|second|third|fourth)[ \t]+)?(?:claimant|defendant|appellant|respondent|applicant|petitioner|plaintiff|intervener|interested[ \t]+party|third[ \t]+party)s?[ \t]*(?:\n|$)/iu;

/** A clinician's credential after a name ("BRISK, ODA MD"): no part of it. */
const CREDENTIAL = '(?:MD|DO|RN|NP|PA|DDS|DMD|PHD|PHARMD)';
/** A header row naming a person's column right above the line ("PATIENT   DOB   MRN", "ORDERING PHYSICIAN"). */
const PERSON_HEADER_ABOVE = /(?:^|[^\p{L}])(?:patient|physician|doctor|provider|member|employee|guest|owner|name)(?![\p{L}])[^\n]*\n[ \t]*$/iu;

/**
 * A line that is a name in capitals written surname first, as a wristband, a chart label or a roster prints it
 * ("QUELLMAN, ODA R"): a comma, one or two given names, perhaps an initial — which OCR may read as a bracket or a bar —
 * and a credential; a lab report's row may go on with the patient's figures ("QUELLMAN, ODA R 1983-07-21 NG-55120"), a
 * pharmacy label's with the next cell after a gap ("QUELLMAN, ODA R      DOB 03/14/1961").
 */
const SURNAME_FIRST_LINE = new RegExp(`^[ \\t]*(${CAPITALS_WORD}),[ \\t]*(${CAPITALS_WORD}(?:[ \\t](?!${CREDENTIAL}(?![\\p{L}]))${CAPITALS_WORD})?)(?:[ \\t]+\\p{Lu}\\.?|[ \\t]*[)\\]|!])?(?:,?[ \\t]+${CREDENTIAL})?(?:[ \\t]+(?=\\d)[^\\n]*|(?:\\t|[ ]{3})[^\\n]*)?[ \\t]*$`, 'gmu');

/** The names of {@link SURNAME_FIRST_LINE}'s lines whose words are all name words, one of them listed (the initial stays: it names nobody). */
function surnameFirstLines(text: string, lex: NameLexicon): Candidate[] {
  const out: Candidate[] = [];
  for (const m of text.matchAll(SURNAME_FIRST_LINE)) {
    const words = [...m[2].split(/[ \t]/u), m[1]];
    // Under a header naming the column a person's, the surname alone must be a name word (a given name may be a word: "TEMPERANCE").
    const underHeader = PERSON_HEADER_ABOVE.test(text.slice(Math.max(0, m.index! - 160), m.index!));
    if (underHeader ? nameWord(m[1], lex) === undefined : nameLength(words, lex) !== words.length) continue;
    const start = m.index! + m[0].indexOf(m[1]);
    const end = m.index! + m[0].indexOf(m[2], m[0].indexOf(',')) + m[2].length;
    out.push({ type: 'PERSON', start, end, score: 0.6, rule: 'upper-case-surname-first' });
  }
  return out;
}

/** A title in capitals opening a run, as a ticket or a passenger list prints it ("MR ODO QUELL", "MSTR TEO QUELL"): it vouches for the name after it. */
const TITLE_OPENING = /^(?:MR|MRS|MS|MISS|MSTR|MSTER|DR|PROF)[ \t]+/u;

/** Names in capitals after a transfer's preposition or a header label, or standing as a line of their own (see the module note). */
export function upperCaseCounterparties(text: string, lex: NameLexicon): Candidate[] {
  const out: Candidate[] = [];
  for (const run of text.matchAll(CAPITALS_RUN)) {
    // The title is no part of the name: the run starts after it, and it stands as the cue before the name.
    const title = TITLE_OPENING.exec(run[0])?.[0] ?? '';
    const m = Object.assign([run[0].slice(title.length)], { index: run.index! + title.length });
    const titled = m[0].split(/[ \t]/u);
    if (title && titled.length >= 2) {
      const n = nameLength(titled, lex);
      const end = m.index + titled.slice(0, n).join(' ').length;
      if (n > 0) out.push({ type: 'PERSON', start: m.index, end, score: 0.6, rule: 'upper-case-titled' });
      continue;
    }
    const before = text.slice(Math.max(0, m.index! - 160), m.index!);
    const words = m[0].split(/[ \t]/u);
    // A line of its own must be a name throughout (a heading in capitals holds a word, a place or a company's word).
    const alone = words.length <= 4 && wholeLine(text, m.index!, m.index! + m[0].length);
    if (!alone && !CUE_BEFORE.test(before.slice(-48)) && !PARTY_BEFORE.test(before.slice(-48)) && !HEADER_BEFORE.test(before)) continue;
    const captioned = alone && PARTY_ROLE_LINE_AFTER.test(text.slice(m.index! + m[0].length, m.index! + m[0].length + 60));
    const n = captioned && words.every((w) => nameWord(w, lex) !== undefined) ? words.length : nameLength(words, lex);
    if (n === 0 || (alone && n < words.length)) continue;
    const end = m.index! + words.slice(0, n).join(' ').length;
    out.push({ type: 'PERSON', start: m.index!, end, score: 0.6, rule: 'upper-case-counterparty' });
  }
  return [...out, ...surnameFirstLines(text, lex)];
}
