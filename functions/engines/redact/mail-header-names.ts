/**
 * People named in an e-mail's address headers: the display names of
 * "From:", "To:", "Cc:" (and a forwarded message's own header lines), in
 * whatever form the sender's program wrote them — "Marten Quillfeather",
 * "Quillfeather, Marten", "Pellagrue, Oswin (Legal)". The header says an
 * address's display name is whom it belongs to, so a name there needs no
 * sentence around it, and names no list holds are found too; a display
 * name of ordinary or organisation words ("Billing Team") is no person.
 *
 * Read from the text as rendered: one header a line, each address as
 * `Display Name <local@domain>` (quotes already dropped); in a block of
 * header lines (a quoted message's "From: … Sent: … To: …"), names without
 * addresses too, entries apart by `;`.
 *
 * @module
 */
import type { NameLexicon } from './name-lexicon.ts';
import { mayBeNameWord } from './person-partners.ts';
import type { Candidate } from './recognizers.ts';
import { textLines } from './text-pieces.ts';

/** An address header's label at a line's start (English, German, French, Spanish, Italian, Dutch, Portuguese mail programs). */
const ADDRESS_HEADER = /^[ \t>]*(?:from|to|cc|bcc|reply-to|sender|von|an|kopie|blindkopie|de|à|para|cco|da|a|van|aan|kopie aan)[ \t]*:[ \t]*/iu;
/** An address in angle brackets, ending an entry of the list. */
const ADDRESS = /<[^<>\s@]+@[^<>\s]+>/gu;
/** A display name's words: capitalised, a comma allowed after the first ("Last, First"). */
const NAME_SHAPE = /^\p{Lu}\p{Ll}[\p{L}\p{M}'’-]*(?:,? \p{Lu}\p{Ll}[\p{L}\p{M}'’-]*){0,3}$/u;
/** The longest entry read as a display name, with its quotes and comments. */
const MAX_ENTRY = 160;
/** A comment after a display name, which says a department or a role, not who: "(Legal)", "[External]". */
const TRAILING_COMMENT = /\s*(?:\([^()]*\)|\[[^[\]]*\])\s*$/u;

/** The display name in `entry` (the text before an address), as offsets in it, or undefined when it is no person's name. */
function displayName(entry: string, lex: NameLexicon): { start: number; end: number } | undefined {
  // A display name is a few words: a longer entry is no name (and its comments are not stripped one by one).
  if (entry.length > MAX_ENTRY) return undefined;
  const lead = /^[\s,;"']*/u.exec(entry)![0].length;
  let end = entry.length;
  for (;;) {
    const trimmed = entry.slice(0, end).replace(/[\s"']+$/u, '');
    const comment = TRAILING_COMMENT.exec(trimmed);
    end = comment ? comment.index : trimmed.length;
    if (!comment) break;
  }
  const name = entry.slice(lead, end);
  if (!NAME_SHAPE.test(name)) return undefined;
  const words = name.split(/[\s,]+/u).filter(Boolean);
  return words.every((w) => mayBeNameWord(w, lex)) ? { start: lead, end } : undefined;
}

/** Any header line of a message's header block (a forwarded or quoted message's too). */
const ANY_HEADER =
  /^[ \t>]*(?:from|to|cc|bcc|sent|date|subject|reply-to|von|an|gesendet|datum|betreff|de|à|envoyé|objet|para|enviado|asunto|da|inviato|oggetto|van|aan|verzonden|onderwerp)[ \t]*:/iu;

/** Whether the line at `k` stands in a block of message headers: another header line within two lines of it. */
function inHeaderBlock(lines: readonly { text: string }[], k: number): boolean {
  for (let d = -2; d <= 2; d++) if (d !== 0 && lines[k + d] && ANY_HEADER.test(lines[k + d].text)) return true;
  return false;
}

/** The display names of the address headers of `text` (see the module note). */
export function mailHeaderNames(text: string, lex: NameLexicon): Candidate[] {
  const out: Candidate[] = [];
  const lines = textLines(text);
  lines.forEach((line, k) => {
    const header = ADDRESS_HEADER.exec(line.text);
    if (!header) return;
    const push = (from: number, name: { start: number; end: number }) =>
      out.push({ type: 'PERSON', start: line.start + from + name.start, end: line.start + from + name.end, score: 0.6, rule: 'mail-header-name' });
    let from = header[0].length;
    const addresses = [...line.text.matchAll(ADDRESS)];
    for (const address of addresses) {
      if (address.index < from) continue;
      const name = displayName(line.text.slice(from, address.index), lex);
      if (name) push(from, name);
      from = address.index + address[0].length;
    }
    // A quoted message's headers often name people without addresses ("To: Yarrowby, Tamsin; Ostrick, Halvard"): in a header block, each entry.
    if (addresses.length > 0 || !inHeaderBlock(lines, k)) return;
    for (const entry of line.text.slice(from).matchAll(/[^;]+/gu)) {
      const name = displayName(entry[0], lex);
      if (name) push(from + entry.index, name);
    }
  });
  return out;
}
