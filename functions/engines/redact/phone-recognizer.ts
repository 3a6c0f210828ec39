/**
 * Phone numbers, found by libphonenumber (full metadata) in international and
 * national formats, minus the document's own numbers (ids after a label,
 * dates, amounts).
 *
 * @module
 */
import { findNumbers } from 'libphonenumber-js/max';
import { type Candidate, type Recognizer, CONTEXT_BOOST, cues, hasContext } from './pattern-recognizer.ts';

/** Labels of a document's own numbers: a number right after one is that id. */
const ID_LABEL_BEFORE =
  /(?:^|[^\p{L}])(?:invoice|inv|order|po|purchase order|reference|ref|receipt|transaction|document|doc|ticket|case|customer|client|account|acct|contract|quote|quotation|shipment|tracking|delivery note|serial|part|item|sku|batch|lot|license|licence|passport|id|no|nr|number|#)\.?\s*(?:no\.?|nr\.?|number|#|id)?(?:\s+is)?\s*[:#.]?\s*$/iu;
const DATE_SHAPED = /^(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})$/u;
/** A decimal amount inside the number (1-3 decimals then a space or the end, or a leading 0.). */
const AMOUNT_INSIDE = /(?:^|\s)0[.,]\d|\d[.,]\d{1,2}\s/u;
/** The text before `at` on its line (at most 40 characters). */
const lineBefore = (text: string, at: number) => {
  const from = Math.max(0, at - 40);
  const chunk = text.slice(from, at);
  const newline = chunk.lastIndexOf('\n');
  return newline >= 0 ? chunk.slice(newline + 1) : chunk;
};

/** findNumbers options for numbers of a possible length in any range (libphonenumber reads `leniency`; its typings leave it out). */
const POSSIBLE_NUMBERS = { defaultCountry: 'US' as const, v2: true as const, leniency: 'POSSIBLE' };

/**
 * libphonenumber's findNumbers. It tries each digit run by parsing it and catching the
 * ParseError it throws when the run is no number; an Error's stack trace is most of that cost (digit-dense text —
 * a table of figures, a hostile page of "1 2-3 " — spent 3.6 of 5.5 s capturing traces nobody reads), so traces are
 * off while it runs. findNumbers is synchronous: no other code sees the setting.
 */
function numbersIn(text: string, options: Parameters<typeof findNumbers>[1]) {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return findNumbers(text, options);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** Phone numbers in international and national formats (libphonenumber's full metadata). */
export const PHONE_RECOGNIZER: Recognizer = {
  type: 'PHONE_NUMBER',
  find(text) {
    const context = cues(
      'phone',
      'tel',
      'telephone',
      'mobile',
      'cell',
      'fax',
      'call',
      'telefon',
      'téléphone',
      'teléfono',
      'telefono',
      'gsm',
      'whatsapp',
      'contact',
      // What a person writes before their own number in a message or a chat ("my number is …", "reach me on …").
      'my number',
      'reach me',
      'text me',
      'ring me',
      'sms',
    );
    const out: Candidate[] = [];
    const seen = new Set<string>();
    // The finder reads a list's comma into a number ("+33 6 12 34 56 78, 06…" as one candidate, then refused): it reads the
    // text with each comma and semicolon as a line end, which no number holds (same length, so offsets stay).
    const listsApart = text.replace(/[,;]/gu, '\n');
    for (const country of ['US', 'GB', 'DE', 'FR', 'IN', 'IL', 'BR'] as const) {
      for (const hit of numbersIn(listsApart, { defaultCountry: country, v2: true })) {
        const key = `${hit.startsAt}:${hit.endsAt}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const raw = text.slice(hit.startsAt, hit.endsAt);
        const digits = raw.replace(/\D/g, '');
        // Part of a longer run of digits (a card or account number) is not a phone number.
        if (/[\d][-. ]?$/.test(text.slice(Math.max(0, hit.startsAt - 2), hit.startsAt)) || /^[-. ]?\d/.test(text.slice(hit.endsAt, hit.endsAt + 2)))
          continue;
        // A number under an id label on its line ("Invoice No. 1234567890", "Order #") is that id, not a phone number, unless a phone word is there too.
        // Dates (2025-10-31, 31.10.2025), amounts (0.096 71.42) and pieces of ids (PO-2025-118734) are not phone numbers.
        if (
          DATE_SHAPED.test(raw.replace(/^\(|\)$/gu, '')) ||
          AMOUNT_INSIDE.test(raw) ||
          /[\p{L}][-/]?$/u.test(text.slice(Math.max(0, hit.startsAt - 2), hit.startsAt))
        )
          continue;
        const written = /^[+(]/.test(raw);
        if (!written && ID_LABEL_BEFORE.test(lineBefore(text, hit.startsAt)) && !hasContext(text, hit.startsAt, hit.endsAt, context)) continue;
        // Bare digit runs are more often ids than phone numbers: they need context.
        const formatted = /[+()\-.\s]/.test(raw);
        const score =
          (hit.number.isValid() ? 0.55 : 0.3) - (formatted ? 0 : 0.2) + (hasContext(text, hit.startsAt, hit.endsAt, context) ? CONTEXT_BOOST : 0);
        if (digits.length < 7) continue;
        // Short national numbers written without + or brackets ("43 73313", "3610-114") are as often postcodes and house numbers: they need a phone word.
        if (!written && digits.length < 8 && !hasContext(text, hit.startsAt, hit.endsAt, context)) continue;
        out.push({ type: 'PHONE_NUMBER', start: hit.startsAt, end: hit.endsAt, score: Math.min(1, score), rule: `phone-${country}` });
      }
    }
    // Numbers written in international form ("+41 (0)96 …", "+1-984-182-…") that the numbering plans do not hold
    // (unassigned ranges, a trunk 0 in brackets): the leading + and the length are evidence enough.
    for (const hit of numbersIn(listsApart, POSSIBLE_NUMBERS)) {
      const raw = text.slice(hit.startsAt, hit.endsAt);
      if (!raw.startsWith('+') || seen.has(`${hit.startsAt}:${hit.endsAt}`) || raw.replace(/\D/g, '').length < 9) continue;
      if (
        /\d[-. ]?$|\p{L}[-/]?$/u.test(text.slice(Math.max(0, hit.startsAt - 2), hit.startsAt)) ||
        /^[-. ]?\d/.test(text.slice(hit.endsAt, hit.endsAt + 2))
      )
        continue;
      if (AMOUNT_INSIDE.test(raw)) continue;
      const score = 0.5 + (hasContext(text, hit.startsAt, hit.endsAt, context) ? CONTEXT_BOOST : 0);
      out.push({ type: 'PHONE_NUMBER', start: hit.startsAt, end: hit.endsAt, score: Math.min(1, score), rule: 'phone-international-form' });
    }
    return out;
  },
};
