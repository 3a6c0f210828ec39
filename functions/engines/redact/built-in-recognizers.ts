/**
 * The pattern recognizers of the built-in PII types (email, cards, bank and
 * tax ids, national ids, dates, IPs, URLs…); addresses and phone numbers
 * have their own modules, names are in names.ts.
 *
 * @module
 */
import { B, DATE_PATTERN, E, re } from './pattern-fragments.ts';
import { type Recognizer, cues, patternRecognizer } from './pattern-recognizer.ts';
import { INSURANCE_NUMBER_RECOGNIZER, NATIONAL_ID_RECOGNIZERS } from './national-id-recognizers.ts';
import { LICENCE_PLATE_RECOGNIZER, ONLINE_PROFILE_RECOGNIZER, VEHICLE_ID_RECOGNIZER } from './vehicle-profile-recognizers.ts';
import { abaValid, cardNumberValid, luhnValid, ibanShapeValid, ibanValid, ipValid, itinValid, nhsValid, ssnValid } from './validators.ts';

/** "DL" as a licence's abbreviation, never the unit of a lab value ("mg/dL 70-99"). */
const DL_CUE = /(?:^|[^\p{L}\p{N}/])dl(?:$|[^\p{L}\p{N}])/iu;

/** An account number printed in digit groups holds 8 to 20 digits (a Spanish CCC, the longest without an IBAN, 20). */
function groupedAccountDigits(value: string): boolean {
  const digits = value.replace(/\D/gu, '').length;
  return digits >= 8 && digits <= 20;
}

/** The words a password, passcode or PIN follows. */
const SECRET_WORD = `${B}(?:password|passwort|kennwort|passcode|pass ?phrase|mot de passe|contraseña|wachtwoord|senha|pin(?: code)?)`;

/** A secret as written: a digit, a mark or a capital inside it ("Rk4#vW9q", "heron-basket-71", "3317"), never a plain word ("see"). */
function looksLikeSecret(value: string): boolean {
  return /[\d\W_]/u.test(value) || /\p{Ll}\p{Lu}/u.test(value);
}

/** EU VAT numbers written without spaces (the eu-vat rule's shapes). */
const EU_VAT_COMPACT =
  /^(?:ATU\d{8}|BE[01]\d{9}|DE\d{9}|DK\d{8}|FI\d{8}|FR[0-9A-HJ-NP-Z]{2}\d{9}|GB(?:\d{9}|\d{12})|IE\d{7}[A-W][A-I]?|IT\d{11}|LU\d{8}|NL\d{9}B\d{2}|PL\d{10}|PT\d{9}|SE\d{12}|ES[A-Z0-9]\d{7}[A-Z0-9]|CHE\d{9})$/u;

/** An e-mail address spelled out: "at" and "dot" in brackets (or "AT"/"DOT" in capitals between spaces). */
const SPELLED_AT = '[ \\t]*(?:[[({][ \\t]*(?:at|AT)[ \\t]*[\\])}]|(?<=[ \\t])AT(?=[ \\t]))[ \\t]*';
const SPELLED_DOT = '(?:\\.|[ \\t]*(?:[[({][ \\t]*(?:dot|DOT)[ \\t]*[\\])}]|(?<=[ \\t])DOT(?=[ \\t]))[ \\t]*)';
const SPELLED_LOCAL = `[\\p{L}\\p{N}_%+-]+(?:${SPELLED_DOT}[\\p{L}\\p{N}_%+-]+){0,3}`;
const SPELLED_HOST = `[\\p{L}\\p{N}-]+(?:${SPELLED_DOT}[\\p{L}\\p{N}-]+){0,3}${SPELLED_DOT}\\p{L}{2,}`;
/**
 * Spelled out in plain words, as typed in a chat ("ada.brisk at mailhost dot org"): the host must end in a common
 * top-level domain after "dot", and the word before "at" must be no word a sentence puts there ("was at home dot …").
 */
const PLAIN_TLD = '(?:com|org|net|edu|gov|io|co|info|biz|me|uk|de|fr|es|it|nl|be|ch|at|se|no|dk|fi|pl|pt|ie|ca|au|nz|in|br|mx|jp)';
const NOT_LOCAL_PART = '(?!(?:is|was|were|are|be|been|me|us|him|her|them|it|this|that|we|i|you|they|one|someone|people|staff|work|home|look|looking|looked|arrived|stay|stayed|meet|met|here|there|anyone|everyone|shop|shopping|buy|bought|find|found|available|sold|listed|only|now|online|site|website|page)[ \\t])';
const PLAIN_SPELLED = `${NOT_LOCAL_PART}[\\p{L}\\p{N}_%+-]+(?:(?:\\.|[ \\t]+dot[ \\t]+)[\\p{L}\\p{N}_%+-]+){0,3}[ \\t]+at[ \\t]+[\\p{L}\\p{N}-]+(?:[ \\t]+dot[ \\t]+[\\p{L}\\p{N}-]+){0,2}[ \\t]+dot[ \\t]+${PLAIN_TLD}`;

/** The pattern recognizers; addresses, phone numbers and names have their own (address-recognizer.ts, phone-recognizer.ts, names.ts). */
export const BUILT_IN_RECOGNIZERS: readonly Recognizer[] = [
  patternRecognizer({
    type: 'EMAIL_ADDRESS',
    rules: [
      { name: 'email', pattern: re(`${B}[\\p{L}\\p{N}._%+-]+@[\\p{L}\\p{N}.-]+\\.[\\p{L}]{2,}${E}`), score: 0.9 },
      // Written to dodge harvesters: "ada.brisk [at] mailhost [dot] org", "ada(dot)brisk(at)mailhost(dot)org".
      { name: 'email-spelled', pattern: re(`${B}${SPELLED_LOCAL}${SPELLED_AT}${SPELLED_HOST}${E}`), score: 0.8 },
      { name: 'email-spelled-plain', pattern: re(`${B}${PLAIN_SPELLED}${E}`, 'giu'), score: 0.5 },
    ],
    context: cues('email', 'e-mail', 'mail'),
  }),
  patternRecognizer({
    type: 'CREDIT_CARD',
    rules: [
      { name: 'card', pattern: re(`${B}(?:\\d[ -]?){12,18}\\d${E}`), score: 0.6, validate: cardNumberValid },
      // 12-digit Maestro numbers: Luhn-valid, only next to card words.
      { name: 'card-12', pattern: re(`${B}\\d{12}${E}`), score: 0.15, validate: (v) => luhnValid(v) && !/^(\\d)\\1+$/.test(v) },
    ],
    context: cues('card', 'credit', 'visa', 'mastercard', 'amex', 'cc', 'debit', 'card number', 'karte', 'carte'),
  }),
  patternRecognizer({
    type: 'US_SSN',
    rules: [
      { name: 'ssn-delimited', pattern: re(`${B}\\d{3}([- .])\\d{2}\\1\\d{4}${E}`), score: 0.55, validate: (v) => ssnValid(v) },
      {
        name: 'ssn-odd-delimiters',
        pattern: re(`${B}(?:\\d{3}-\\d{6}|\\d{5}-\\d{4})${E}`),
        score: 0.3,
        validate: (v) => ssnValid(v.replace(/-/g, '')),
      },
      { name: 'ssn-bare', pattern: re(`${B}\\d{9}${E}`), score: 0.3, validate: (v) => ssnValid(v) },
    ],
    context: cues('ssn', 'social security', 'social sec', 'ss#', 'ss #', 'ssns', 'social'),
  }),
  patternRecognizer({
    type: 'TAX_ID',
    rules: [
      {
        name: 'itin',
        pattern: re(`${B}9\\d{2}[- ]?\\d{2}[- ]?\\d{4}${E}`),
        score: 0.5,
        validate: (v) => itinValid(v) && new Set(v.replace(/\d/g, '')).size <= 1,
      },
      { name: 'ein', pattern: re(`${B}\\d{2}-\\d{7}${E}`), score: 0.35 },
      {
        name: 'eu-vat',
        pattern: re(
          `${B}(?:ATU\\d{8}|BE[01]\\d{9}|DE\\d{9}|DK\\d{8}|FI\\d{8}|FR[0-9A-HJ-NP-Z]{2}\\d{9}|GB(?:\\d{9}|\\d{12})|IE\\d{7}[A-W][A-I]?|IT\\d{11}|LU\\d{8}|NL\\d{9}B\\d{2}|PL\\d{10}|PT\\d{9}|SE\\d{12}|ES[A-Z0-9]\\d{7}[A-Z0-9]|CHE-?\\d{3}\\.?\\d{3}\\.?\\d{3})${E}`,
        ),
        score: 0.6,
      },
      // The same numbers written in groups ("GB 123 4567 89", "DE 287 654 321"): read as one id, before a phone reading of the digits.
      {
        name: 'eu-vat-grouped',
        pattern: re(`${B}(?:AT[ ]?U|BE|DE|DK|FI|FR|GB|IE|IT|LU|NL|PL|PT|SE|ES|CHE-?)[ ]?[0-9A-Z]{1,4}(?:[ .][0-9A-Z]{1,9}){1,4}${E}`),
        score: 0.6,
        validate: (v) => /[ .]/u.test(v) && EU_VAT_COMPACT.test(v.replace(/[ .-]/gu, '')),
      },
    ],
    context: cues(
      'ein',
      'tax id',
      'tax',
      'tin',
      'itin',
      'vat',
      'ust-idnr',
      'ust',
      'tva',
      'iva',
      'btw',
      'employer identification',
      'fein',
      'steuernummer',
    ),
  }),
  patternRecognizer({
    type: 'IBAN_CODE',
    rules: [
      {
        name: 'iban',
        pattern: re(`${B}[A-Z]{2}\\d{2}(?:[ -]?[A-Z0-9]{1,4}){3,8}${E}`, 'giu'),
        score: 0.9,
        validate: ibanValid,
        shrink: true,
      },
      // Its check digits wrong (a typo, an OCR misreading): only next to an account word.
      { name: 'iban-unchecked', pattern: re(`${B}[A-Z]{2}\\d{2}(?:[ -]?[A-Z0-9]{1,4}){3,8}${E}`, 'giu'), score: 0.3, validate: ibanShapeValid, shrink: true },
    ],
    context: cues('iban', 'bank', 'account', 'konto', 'compte', 'cuenta', 'conto', 'rekening', 'conta', 'virement', 'überweisen', 'überweisung', 'bonifico', 'transferencia'),
  }),
  patternRecognizer({
    type: 'ABA_ROUTING_NUMBER',
    rules: [
      { name: 'aba', pattern: re(`${B}\\d{9}${E}`), score: 0.3, validate: abaValid },
      { name: 'aba-dashed', pattern: re(`${B}\\d{4}-\\d{4}-\\d${E}`), score: 0.45, validate: abaValid },
    ],
    context: cues('routing', 'aba', 'rtn', 'routing number', 'transit', 'bank'),
  }),
  patternRecognizer({
    type: 'US_BANK_NUMBER',
    rules: [
      { name: 'account', pattern: re(`${B}\\d{8,17}${E}`), score: 0.2 },
      // Printed in groups ("acct 0041 2290 7713", a Spanish "0049 1500 05 1234567890"): 8 to 20 digits in all.
      { name: 'account-grouped', pattern: re(`${B}\\d{3,6}(?:[ -]\\d{2,10}){1,4}${E}`), score: 0.2, validate: groupedAccountDigits },
    ],
    context: cues(
      'account',
      'acct',
      'a/c',
      'bank account',
      'account number',
      'account no',
      'checking',
      'savings',
      // The same in the statements of the other supported languages.
      'konto',
      'kontonummer',
      'kto',
      'girokonto',
      'sparkonto',
      'compte',
      'numéro de compte',
      'cuenta',
      'número de cuenta',
      'conto',
      'conto corrente',
      'rekening',
      'rekeningnummer',
      'conta',
      'número de conta',
    ),
  }),
  patternRecognizer({
    type: 'IP_ADDRESS',
    rules: [
      { name: 'ipv4', pattern: re(`${B}(?:\\d{1,3}\\.){3}\\d{1,3}${E}`), score: 0.6, validate: ipValid },
      {
        name: 'ipv6',
        pattern: re(`${B}(?:[0-9a-f]{1,4}:){2,7}[0-9a-f]{0,4}(?::[0-9a-f]{1,4}){0,6}${E}`, 'giu'),
        score: 0.6,
        validate: ipValid,
      },
    ],
    context: cues('ip', 'ip address', 'ipv4', 'ipv6', 'host', 'server'),
  }),
  patternRecognizer({
    type: 'DATE_OF_BIRTH',
    rules: [{ name: 'date', pattern: re(`${B}${DATE_PATTERN}${E}`, 'giu'), score: 0.1 }],
    context: cues(
      'born',
      'dob',
      'd.o.b',
      'date of birth',
      'birth date',
      'birthdate',
      'birthday',
      'geboren',
      'geb.',
      'geburtsdatum',
      'geburtstag',
      'nacida',
      'nascido',
      'nascida',
      'nata il',
      'né',
      'née',
      'date de naissance',
      'fecha de nacimiento',
      'nacido',
      'nato',
      'data di nascita',
      'geboortedatum',
      'birth',
    ),
  }),
  patternRecognizer({
    type: 'PASSPORT_NUMBER',
    rules: [
      { name: 'passport-us', pattern: re(`${B}[A-Z]?\\d{8,9}${E}`), score: 0.15 },
      { name: 'passport-alnum', pattern: re(`${B}(?=[A-Z0-9]*\\d)[A-Z0-9]{6,9}${E}`), score: 0.1 },
    ],
    context: cues('passport', 'passport no', 'passport number', 'travel document', 'reisepass', 'passeport', 'pasaporte', 'passaporto', 'paspoort'),
  }),
  patternRecognizer({
    type: 'DRIVER_LICENSE',
    rules: [{ name: 'licence', pattern: re(`${B}(?=[A-Z0-9-]*\\d)[A-Z0-9][A-Z0-9-]{4,15}${E}`), score: 0.1 }],
    // "license" alone is too common in software and business text (a license key is not a driver's licence).
    context: cues(
      'driver',
      "driver's",
      'drivers',
      'driver license',
      'driving licence',
      'license no',
      'license number',
      'licence no',
      'licence number',
      'dl#',
      'dln',
      'driving',
      'führerschein',
      'permis de conduire',
      'licencia',
    ).concat(DL_CUE),
  }),
  patternRecognizer({
    type: 'MEDICAL_RECORD_NUMBER',
    rules: [{ name: 'mrn', pattern: re(`${B}(?=[A-Z0-9-]*\\d)[A-Z0-9][A-Z0-9-]{4,14}${E}`), score: 0.1 }],
    context: cues(
      'mrn',
      'medical record',
      'medical record number',
      'patient id',
      'patient number',
      'chart no',
      'chart number',
      'health record',
      'nhs',
      'nhs number',
    ),
  }),
  patternRecognizer({
    type: 'UK_NINO',
    rules: [
      // HMRC's prefix rules (no D, F, I, Q, U or V; no O second; not BG, GB, KN, NK, NT, TN, ZZ), six digits, a suffix A–D.
      {
        name: 'nino',
        pattern: re(`${B}(?!BG|GB|KN|NK|NT|TN|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\\d{2} ?\\d{2} ?\\d{2} ?[A-D]${E}`),
        score: 0.55,
      },
      // Any two letters in that shape (the specimen prefix QQ, prefixes not yet issued) only next to an NI cue.
      { name: 'nino-shape', pattern: re(`${B}[A-Z]{2} ?\\d{2} ?\\d{2} ?\\d{2} ?[A-D]${E}`), score: 0.2 },
    ],
    context: cues('national insurance', 'ni number', 'ni no', 'nino', 'nin', 'insurance number'),
  }),
  patternRecognizer({
    type: 'UK_NHS',
    rules: [{ name: 'nhs', pattern: re(`${B}\\d{3}[- ]?\\d{3}[- ]?\\d{4}${E}`), score: 0.3, validate: nhsValid }],
    context: cues('nhs', 'national health', 'health service'),
  }),
  ...NATIONAL_ID_RECOGNIZERS,
  VEHICLE_ID_RECOGNIZER,
  LICENCE_PLATE_RECOGNIZER,
  ONLINE_PROFILE_RECOGNIZER,
  INSURANCE_NUMBER_RECOGNIZER,
  // Secrets after their word inside a sentence ("Welcome! Temporary password: Rk4#vW9q", "the CVV is 482"); label-values.ts
  // takes them where a label opens a line or a cell, and under a column so headed. The look-behinds' gaps are bounded: an
  // unbounded one is read back over a whole run of spaces at every position of it (minutes on a hostile page).
  patternRecognizer({
    type: 'PASSWORD',
    rules: [{ name: 'password-after-word', pattern: re(`(?<=${SECRET_WORD}(?:[ \\t]{1,8}is[ \\t]{0,8}[:=]?|[ \\t]{0,8}[:=])[ \\t]{0,8})\\S{2,63}[^\\s.,;:!?)]`, 'giu'), score: 0.6, validate: looksLikeSecret }],
  }),
  // A device's hardware address (Comprehend's MAC_ADDRESS): six hex pairs with one separator throughout, or a switch's three dotted quads.
  patternRecognizer({
    type: 'MAC_ADDRESS',
    rules: [
      { name: 'mac-pairs', pattern: re(`(?<![0-9a-f:-])[0-9a-f]{2}([:-])(?:[0-9a-f]{2}\\1){4}[0-9a-f]{2}(?![0-9a-f:-])`, 'giu'), score: 0.6 },
      { name: 'mac-dotted', pattern: re(`(?<![0-9a-f.])[0-9a-f]{4}\\.[0-9a-f]{4}\\.[0-9a-f]{4}(?![0-9a-f.])`, 'giu'), score: 0.6, validate: (v) => /[a-f]/iu.test(v) },
    ],
  }),
  // A login name inside a sentence ("logged in as tw0982", "your username is m.kessler"); label-values.ts takes "Username:" lines.
  patternRecognizer({
    type: 'USERNAME',
    rules: [
      {
        name: 'username-in-sentence',
        pattern: re(`(?<=${B}(?:(?:logged|signed)[ \\t]+(?:in|on)[ \\t]+as|user[ \\t]?name[ \\t]+is|login[ \\t]+is)[ \\t]+)[\\p{L}\\p{N}._@+-]{2,63}[\\p{L}\\p{N}_]`, 'giu'),
        score: 0.6,
        validate: (v) => /[\d._@]/u.test(v),
      },
    ],
  }),
  patternRecognizer({
    type: 'CARD_SECURITY_CODE',
    rules: [{ name: 'cvv-after-word', pattern: re(`(?<=${B}(?:cvv2?|cvc2?|card security code|security code)(?:[ \\t]{1,8}is)?[ \\t]{0,8}[:=]?[ \\t]{0,8})\\d{3,4}${E}`, 'giu'), score: 0.6 }],
  }),
];
