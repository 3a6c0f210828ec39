/**
 * The personal fields of records written out as data: JSON (`"first_name": "Anneke"`, `"user": "jdoe.ops"`) and XML
 * (`<login>yalbrecht</login>`), as API logs, exports and message payloads hold them. The key says what the value is,
 * as a form's label does (label-values.ts), but a key sits inside a line — often one line holds a whole record —
 * where a label must open a line or a cell; and a lone given name or a login has no shape of its own to be found by.
 *
 * Keys are compared without case and without `_`, `-`, `.` and spaces (`first_name`, `firstName`, `First-Name`).
 * Each kind asks its value for a shape (a name's letters, a login's one word), so a schema's placeholders
 * (`"first_name": "string"`) and a package's `"name": "docintel"` are left alone.
 *
 * @module
 */
import type { Candidate, Recognizer } from './pattern-recognizer.ts';

interface FieldKind {
  readonly type: string;
  readonly keys: ReadonlySet<string>;
  readonly value: (value: string) => boolean;
  /** Below a person's name found in the same words ("user": "ada.brisk" of a found Ada Brisk stays a PERSON). */
  readonly score?: number;
}

/** What a schema, a template or a masked export writes where a value would go. */
const PLACEHOLDER = /^(?:string|text|name|null|none|n\/a|required|optional|example|sample|test|user|admin(?:istrator)?|unknown|redacted|anonymous|[*x•#?_-]+|<[^>]*>|\{\{?[^}]*\}\}?|\$\{[^}]*\})$/iu;

/** A name as a record stores it: letters with inner apostrophes, hyphens and dots, one to five words. */
const NAME_VALUE = /^\p{L}[\p{L}'’.-]*(?: \p{L}[\p{L}'’.-]*){0,4}$/u;

const keySet = (...keys: string[]) => new Set(keys);

const KINDS: readonly FieldKind[] = [
  {
    type: 'PERSON',
    keys: keySet(
      'fullname', 'firstname', 'lastname', 'givenname', 'givennames', 'familyname', 'middlename', 'surname', 'forename',
      'fname', 'lname', 'customername', 'contactname', 'patientname', 'employeename', 'cardholdername', 'cardholder',
      'accountholder', 'accountholdername', 'holdername', 'recipientname', 'sendername', 'ownername', 'guestname',
      'passengername', 'studentname', 'vorname', 'nachname', 'familienname', 'prenom', 'prénom', 'nomdefamille',
      'apellido', 'apellidos', 'cognome', 'voornaam', 'achternaam', 'sobrenome',
    ),
    value: (v) => NAME_VALUE.test(v) && /\p{Lu}/u.test(v) && !PLACEHOLDER.test(v),
  },
  {
    // "name" alone names a product or a package as often as a person: two or more capitalised words only.
    type: 'PERSON',
    keys: keySet('name', 'displayname'),
    value: (v) => NAME_VALUE.test(v) && /^\p{Lu}\S*(?: \p{Lu}\S*){1,4}$/u.test(v) && !PLACEHOLDER.test(v),
  },
  {
    type: 'USERNAME',
    keys: keySet('user', 'username', 'login', 'loginname', 'loginid', 'userid', 'userlogin', 'handle', 'screenname', 'accountname', 'benutzer', 'benutzername', 'samaccountname', 'upn'),
    // One word with a letter; a numeric user id is a row number of the system, not a login.
    score: 0.55,
    // A domain login ("CORP\\jdoe") keeps its backslash.
    value: (v) => /^[\p{L}\p{N}._@+\\-]{2,64}$/u.test(v) && /\p{L}/u.test(v) && !PLACEHOLDER.test(v),
  },
  {
    type: 'DATE_OF_BIRTH',
    keys: keySet('dob', 'birthdate', 'dateofbirth', 'birthday', 'geburtsdatum', 'datenaissance', 'fechadenacimiento', 'datadinascita'),
    value: (v) => /\d/u.test(v) && v.length <= 30,
  },
  {
    type: 'PASSWORD',
    keys: keySet('password', 'passwd', 'pwd', 'passcode', 'pin', 'passwort', 'kennwort', 'motdepasse', 'contrasena', 'contraseña'),
    value: (v) => /^\S{3,64}$/u.test(v) && !PLACEHOLDER.test(v) && !/^(?:password|changeme|secret)$/iu.test(v),
  },
];

const KIND_OF_KEY = new Map<string, FieldKind[]>();
for (const kind of KINDS) for (const key of kind.keys) KIND_OF_KEY.set(key, [...(KIND_OF_KEY.get(key) ?? []), kind]);

const normalKey = (key: string) => key.toLowerCase().replace(/[\s_.-]/gu, '');

/**
 * A JSON string member or an XML element holding text on one line. Bounded parts only: a key of at most 48
 * characters, a value of at most 120 (each an alternation of one character class: linear on any input).
 */
const FIELD = /"(?<jsonKey>[^"\n]{1,48})"[ \t]*:[ \t]*"(?<jsonValue>[^"\n]{1,120})"|<(?<xmlKey>[A-Za-z][\w.:-]{0,47})(?:[ \t][^<>\n]{0,200})?>(?<xmlValue>[^<>\n]{1,120})<\/\k<xmlKey>>/dgu;

/**
 * Whether a login is a name the text writes out ("leocadia.brandwijk" beside "Leocadia Brandwijk"): the person
 * finder types it a mention of that person (names.ts otherMentions), which this reading must not pre-empt.
 */
function spellsNameOfText(text: string, login: string): boolean {
  const parts = login.split(/[._-]/u);
  if (parts.length < 2 || !parts.every((p) => /^\p{L}{2,}$/u.test(p))) return false;
  return parts.every((p) => new RegExp(`(?<!\\p{L})${p.charAt(0).toUpperCase()}${p.slice(1)}(?!\\p{L})`, 'u').test(text));
}

/** The personal values of the records in `text` (see the module note). */
export function structuredFieldValues(text: string): Candidate[] {
  const out: Candidate[] = [];
  for (const m of text.matchAll(FIELD)) {
    const key = m.groups?.jsonKey ?? m.groups?.xmlKey ?? '';
    const raw = m.groups?.jsonValue ?? m.groups?.xmlValue ?? '';
    const rawAt = (m.indices?.groups?.jsonValue ?? m.indices?.groups?.xmlValue)?.[0] ?? -1;
    const kinds = KIND_OF_KEY.get(normalKey(key.replace(/^.*:/u, '')));
    if (!kinds) continue;
    const value = raw.trim();
    const kind = kinds.find((k) => k.value(value));
    if (!kind || rawAt < 0 || (kind.type === 'USERNAME' && spellsNameOfText(text, value))) continue;
    const start = rawAt + raw.indexOf(value);
    out.push({ type: kind.type, start, end: start + value.length, score: kind.score ?? 0.65, rule: 'structured-field' });
  }
  return out;
}

/** The structured fields as one recognizer (its candidates carry the types their keys name). */
export const STRUCTURED_FIELDS_RECOGNIZER: Recognizer = { type: 'STRUCTURED_FIELD', find: structuredFieldValues };
