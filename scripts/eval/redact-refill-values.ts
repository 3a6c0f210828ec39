/**
 * Fresh values for the redaction eval's refilled development set
 * (scripts/eval/redact-refill.ts): every slot of a dev template
 * ("The address of {{ORGANIZATION}} is {{STREET_ADDRESS}}") gets a newly
 * generated value of the SHAPE the slot's own dev value had (a one-line
 * street, a unit alone, a multi-line block with its town, region, country
 * and postcode lines, a military address, a bare number, a crossing; a name
 * of one or two words with an initial, in lower case when the dev value was),
 * in a locale drawn per value. Only the shape is read from the dev value:
 * every word and number is generated, so the rules fitted on the dev values
 * cannot simply recognise them again.
 *
 * @module
 */
import { allLocales, base, en, Faker } from '@faker-js/faker';
import { pick, type Random } from '../lib/random.ts';

/** Latin-script locales for people (the dev names are Latin-script, from many cultures). */
const NAME_LOCALES = ['en_US', 'en_GB', 'de', 'fr', 'es', 'it', 'nl', 'pt_BR', 'fi', 'da', 'sv', 'nb_NO', 'pl', 'cs_CZ', 'hu', 'tr', 'sk', 'hr', 'lv', 'ro', 'de_AT', 'en_AU', 'en_IE', 'af_ZA', 'id_ID', 'uz_UZ_latin'] as const;
/** Locales for streets and towns: the same plus Greek (the dev streets include Greek-script ones). */
const PLACE_LOCALES = [...NAME_LOCALES, 'el', 'de_CH', 'fr_CH', 'pt_PT', 'en_CA', 'es_MX'] as const;

/** Words of an address's structure (not values): they stay as the dev value wrote them. */
const UNIT = /^(?:apt\.?|suite|unit)$/i;
const COUNTRY_FALLBACK = ['Norway', 'Portugal', 'Chile', 'Ireland', 'Slovakia', 'Malta', 'Kenya', 'Peru', 'Latvia', 'Jordan'];
const NATIONALITIES = ['Welsh', 'Peruvian', 'Latvian', 'Maltese', 'Kenyan', 'Chilean', 'Slovak', 'Irish', 'Jordanian', 'Bolivian', 'Danish', 'Georgian'];
const TITLES = ['Mr.', 'Mrs.', 'Ms.', 'Dr.', 'Prof.'];
const JOBS = ['Quantity surveyor', 'Pharmacist', 'Tree surgeon', 'Archivist', 'Welder', 'Sound engineer'];

export class ValueMaker {
  private readonly fakers = new Map<string, Faker>();
  constructor(private readonly random: Random) {}

  pick<T>(list: readonly T[]): T {
    return pick(this.random, list);
  }
  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(Math.floor(this.random() * 10));
    return s;
  }
  /** A faker of one locale (English and base as fallbacks), seeded from this maker's stream. */
  faker(locale: string): Faker {
    let f = this.fakers.get(locale);
    if (!f) {
      const own = (allLocales as Record<string, (typeof allLocales)['en']>)[locale];
      f = new Faker({ locale: [own, en, base] });
      this.fakers.set(locale, f);
    }
    f.seed(Math.floor(this.random() * 2 ** 31));
    return f;
  }
  nameFaker() {
    return this.faker(this.pick(NAME_LOCALES));
  }
  placeFaker() {
    return this.faker(this.pick(PLACE_LOCALES));
  }

  /** A fresh value for one slot, shaped like `old` (the dev value the slot held). */
  value(type: string, old: string, names: Map<string, string>): string {
    switch (type) {
      case 'PERSON':
        return this.person(old, names);
      case 'STREET_ADDRESS':
        return this.address(old);
      case 'ZIP_CODE':
        return this.sameShapeDigits(old);
      case 'ORGANIZATION':
        return this.placeFaker().company.name();
      case 'GPE':
        return withCase(old, this.random() < 0.5 ? this.placeFaker().location.city() : this.faker('en_US').location.country());
      case 'DATE_TIME':
        return this.date(old);
      case 'CREDIT_CARD':
        return this.faker('en_US').finance.creditCardNumber().replace(/-/g, old.includes('-') ? '-' : old.includes(' ') ? ' ' : '');
      case 'PHONE_NUMBER':
        return this.faker(this.pick(PLACE_LOCALES)).phone.number({ style: 'national' });
      case 'EMAIL_ADDRESS':
        return this.nameFaker().internet.email().toLowerCase();
      case 'IBAN_CODE':
        return withCase(old, this.faker('en_GB').finance.iban({ countryCode: this.pick(['GB', 'DE', 'NL']) }));
      case 'US_SSN':
        return `${this.pick(['1', '2', '3', '4', '5', '6', '7'])}${this.digits(2)}-${this.digits(2)}-${this.digits(4)}`.replace(/-00-/, '-17-');
      case 'US_DRIVER_LICENSE':
        return this.sameShapeDigits(old);
      case 'IP_ADDRESS':
        return this.faker('en_US').internet.ipv4();
      case 'DOMAIN_NAME':
        return `https://www.${this.faker('en_US').internet.domainWord()}.com/`;
      case 'AGE':
        return String(18 + Math.floor(this.random() * 70));
      case 'TITLE':
        return /\.$/.test(old) ? this.pick(TITLES) : this.pick(JOBS);
      case 'NRP':
        return withCase(old, this.pick(NATIONALITIES));
      default:
        return this.sameShapeDigits(old);
    }
  }

  /** Each digit a fresh digit, everything else kept (postcodes, licence numbers). */
  sameShapeDigits(old: string): string {
    return old.replace(/\d/g, () => this.digits(1)).replace(/[A-Za-z]/g, (c) => (c === c.toUpperCase() ? String.fromCharCode(65 + Math.floor(this.random() * 26)) : c));
  }

  private date(old: string): string {
    const f = this.faker('en_US');
    if (/^\d{4}$/.test(old)) return String(1950 + Math.floor(this.random() * 70));
    if (/^[A-Z][a-z]+day$/.test(old)) return f.date.weekday();
    return old.replace(/\d/g, () => this.digits(1));
  }

  /**
   * A person, word by word: each word of the dev name maps to one fresh word
   * for the whole sentence (`names`), so "Ann K. Dorr … Dorr" stays one
   * person. Initials stay initials, particles and generational suffixes stay.
   */
  person(old: string, names: Map<string, string>): string {
    const words = old.split(/(\s+)/);
    const real = words.filter((w) => /\S/.test(w));
    const f = this.nameFaker();
    let index = 0;
    const out = words.map((w) => {
      if (!/\S/.test(w)) return w;
      const position = index++;
      if (/^\p{L}\.?$/u.test(w)) return withCase(w, String.fromCharCode(65 + Math.floor(this.random() * 26))) + (w.endsWith('.') ? '.' : '');
      if (/^(?:I{1,3}|IV|Jr\.?|Sr\.?|ten|van|de|der|da|von|di|la)$/i.test(w)) return w;
      const key = w.toLowerCase();
      let fresh = names.get(key);
      if (!fresh) {
        const given = real.length === 1 ? this.random() < 0.5 : position === 0;
        fresh = given ? f.person.firstName() : f.person.lastName();
        names.set(key, fresh);
      }
      return withCase(w, fresh);
    });
    return out.join('');
  }

  /** A street address in the shape of the dev value (see the module comment). */
  address(old: string): string {
    const lower = old === old.toLowerCase() && /[a-zα-ω]/.test(old);
    const made = this.addressShape(old);
    return lower ? made.toLowerCase() : made;
  }

  private addressShape(old: string): string {
    const lines = old.split('\n');
    if (lines.length > 1) return [this.streetLine(lines[0]), ...lines.slice(1).map((l, i) => this.blockLine(l, i + 1 === lines.length - 1, lines.length))].join('\n');
    return this.streetLine(old);
  }

  /** A line after the first of a block: a unit, a region, a town, a military post office, or the country and postcode. */
  private blockLine(line: string, last: boolean, count: number): string {
    const lead = line.match(/^\s*/)![0];
    const body = line.trim();
    const place = this.placeFaker();
    let m: RegExpMatchArray | null;
    if ((m = body.match(/^(Apt\.|Suite|apt\.|suite)\s+\d+$/))) return `${lead}${m[1]} ${this.digits(3)}`;
    if ((m = body.match(/^([ADF]PO) ([A-Z]{2}) (\d+)$/))) return `${lead}${m[1]} ${this.pick(['AA', 'AE', 'AP'])} ${this.digits(m[3].length)}`;
    if (/^,/.test(body)) return `${lead}, ${this.region(body.slice(1).trim())}`;
    // "Town, RG 12345" (two-line blocks).
    if ((m = body.match(/^(.+?),\s*(\S+)(?:\s+(\d[\d ]*))?$/))) return `${lead}${withCase(m[1], place.location.city())}, ${this.region(m[2])}${m[3] ? ` ${this.sameShapeDigits(m[3])}` : ''}`;
    if (last && count >= 3) {
      // Country, postcode, or both.
      const zip = body.match(/\s*(\d[\d ]*)$/);
      const country = zip ? body.slice(0, zip.index).trim() : body;
      const parts = [];
      if (country) parts.push(withCase(country, this.country()));
      if (zip) parts.push(this.sameShapeDigits(zip[1]));
      return lead + parts.join(' ');
    }
    return lead + withCase(body, place.location.city());
  }

  private region(old: string): string {
    if (/^\d+$/.test(old)) return this.digits(old.length);
    return withCase(old, this.faker('en_US').location.state({ abbreviated: true }));
  }

  private country(): string {
    const c = this.faker('en_US').location.country();
    return c.length < 24 ? c : this.pick(COUNTRY_FALLBACK);
  }

  /** The first line: optional leading number, the street (or crossing, box, military unit), optional units, optional town tail. */
  private streetLine(line: string): string {
    let m: RegExpMatchArray | null;
    if (/^\d[\d ]*$/.test(line)) return this.sameShapeDigits(line);
    if ((m = line.match(/^(Apt\.|Suite|apt\.|suite)\s+\d+$/))) return `${m[1]} ${this.digits(3)}`;
    if ((m = line.match(/^(PSC|Unit) \d+(,?) Box \d+$/))) return `${m[1]} ${this.digits(4)}${m[2]} Box ${this.digits(4)}`;
    if ((m = line.match(/^the corner of (.+) and (.+)$/i))) return `${line.slice(0, 14)}${this.street(m[1])} and ${this.street(m[2])}`;
    if ((m = line.match(/^(\p{Lu}\p{Ll}+) and (.+)$/u))) return `${this.nameFaker().person.firstName()} and ${this.street(m[2])}`;
    // Split off a comma tail (", Town, Country 12345").
    const [head, ...tail] = line.split(/(?=, )/);
    const tokens = head.split(' ');
    // Units and what follows them (a space-separated town tail).
    const unitAt = tokens.findIndex((t) => UNIT.test(t));
    const core = unitAt >= 0 ? tokens.slice(0, unitAt) : tokens;
    const after = unitAt >= 0 ? tokens.slice(unitAt) : [];
    // A leading number the street does not need (another number follows in the core).
    let prefix = '';
    if (core.length > 1 && /^\d+$/.test(core[0]) && core.slice(1).some((t) => /\d/.test(t))) prefix = this.digits(core.shift()!.length) + ' ';
    const out = [prefix + this.street(core.join(' '))];
    for (let i = 0; i < after.length; i++) {
      const t = after[i];
      if (UNIT.test(t) && /^\d+$/.test(after[i + 1] ?? '')) {
        out.push(`${t} ${this.digits(after[i + 1].length)}`);
        i++;
      } else if (/^\d+$/.test(t)) out.push(this.digits(t.length));
      else out.push(withCase(t, this.placeFaker().location.city().split(' ')[0]));
    }
    let s = out.join(' ');
    for (const part of tail) {
      const body = part.slice(2);
      const zip = body.match(/\s*(\d[\d ]*)$/);
      const words = zip ? body.slice(0, zip.index) : body;
      s += `, ${words ? withCase(words, tail.indexOf(part) === tail.length - 1 ? this.country() : this.placeFaker().location.city()) : ''}${zip ? (words ? ' ' : '') + this.sameShapeDigits(zip[1]) : ''}`;
    }
    return s;
  }

  /** One street, numbered when the dev street was, with words after the number when it had them (two streets run together). */
  private street(old: string): string {
    const f = this.placeFaker();
    if (/^P\.O\. Box \d+/.test(old)) {
      const rest = old.replace(/^P\.O\. Box \d+\s*/, '');
      return `P.O. Box ${this.digits(3)}${rest ? ` ${this.faker('en_US').person.lastName()} ${this.faker('en_US').location.street().split(' ').pop()}` : ''}`;
    }
    if (!/\d/.test(old)) return withCase(old, this.faker(this.pick(['en_US', 'en_GB', 'en_AU'])).location.street());
    const made = f.location.streetAddress();
    // Words after the house number in a street that starts with words: a second, English street name run on.
    const runOn = /^\D+\s\d+\S*\s+\p{Lu}/u.test(old) ? ` ${this.faker('en_US').person.lastName()} ${this.faker('en_US').location.street().split(' ').pop()}` : '';
    return withCase(old.split(' ')[0], made) + runOn;
  }
}

/** `fresh` in the case of `old`: lower, upper, or as made. */
export function withCase(old: string, fresh: string): string {
  const letters = old.replace(/[^\p{L}]/gu, '');
  if (letters.length > 1 && letters === letters.toLowerCase()) return fresh.toLowerCase();
  if (letters.length > 1 && letters === letters.toUpperCase()) return fresh.toUpperCase();
  return fresh;
}

export interface RefillSample {
  full_text: string;
  masked: string;
  spans: { entity_type: string; entity_value: string; start_position: number; end_position: number }[];
}

/**
 * One dev sentence with every slot of its template refilled; gold spans are
 * recomputed where the new values land. Null when the template's slots do
 * not line up with the sentence's gold spans (the set has a few).
 */
export function refill(sample: RefillSample, maker: ValueMaker): RefillSample | null {
  const old = [...sample.spans].sort((a, b) => a.start_position - b.start_position);
  const slots = [...sample.masked.matchAll(/\{\{(\w+)\}\}/g)];
  if (slots.length !== old.length || slots.some((s, i) => s[1] !== old[i].entity_type)) return null;
  const names = new Map<string, string>();
  let text = '';
  let cursor = 0;
  const spans: RefillSample['spans'] = [];
  slots.forEach((slot, i) => {
    text += sample.masked.slice(cursor, slot.index);
    const value = maker.value(slot[1], old[i].entity_value, names);
    spans.push({ entity_type: slot[1], entity_value: value, start_position: text.length, end_position: text.length + value.length });
    text += value;
    cursor = slot.index! + slot[0].length;
  });
  text += sample.masked.slice(cursor);
  return { full_text: text, masked: sample.masked, spans };
}
