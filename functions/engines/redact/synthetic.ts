/**
 * Synthetic replacement values for de-identification: same type, same
 * shape, consistent within a document (the same original always gets the
 * same replacement), and never a real value where a safe range exists
 * (SSN area 9xx is never issued, 555-01xx phone numbers, example.com,
 * 192.0.2.0/24 and 2001:db8::/32 are reserved for documentation, card
 * numbers from test ranges).
 *
 * Replacements are drawn from a generator seeded by a random per-document
 * salt and the original, so nobody can recompute which original produced a
 * replacement (an SSN has only 10^9 values: a deterministic mapping could
 * be reversed by trying them all).
 *
 * @module
 */
import { detectionView } from './detection-view.ts';
import { createHmac, randomBytes } from 'node:crypto';
import { luhnValid } from './validators.ts';

const GIVEN = ['Alex', 'Jordan', 'Morgan', 'Taylor', 'Casey', 'Riley', 'Jamie', 'Avery', 'Quinn', 'Robin', 'Sam', 'Charlie', 'Dana', 'Kim', 'Lee', 'Noa', 'Eli', 'Sasha', 'Toni', 'Ari'];
const FAMILY = ['Smith', 'Garcia', 'Novak', 'Jensen', 'Rossi', 'Martin', 'Kowalski', 'Dubois', 'Silva', 'Müller', 'Hansen', 'Tanaka', 'Okafor', 'Larsen', 'Moreau', 'Fischer', 'Costa', 'Nagy', 'Berg', 'Walsh'];
const STREETS = ['Maple', 'Cedar', 'Oak', 'Elm', 'Willow', 'Birch', 'Lake', 'Hill', 'Park', 'River'];
const SUFFIXES = ['Street', 'Avenue', 'Road', 'Lane', 'Drive'];

/** A small deterministic generator over an HMAC stream. */
class Draw {
  private buffer: Buffer;
  private offset = 0;
  private counter = 0;
  constructor(private readonly key: Buffer, private readonly seed: string) {
    this.buffer = this.block();
  }
  private block(): Buffer {
    return createHmac('sha256', this.key).update(`${this.seed}\u0000${this.counter++}`).digest();
  }
  int(n: number): number {
    if (this.offset + 4 > this.buffer.length) {
      this.buffer = this.block();
      this.offset = 0;
    }
    const v = this.buffer.readUInt32BE(this.offset);
    this.offset += 4;
    return v % n;
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }
  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(10));
    return s;
  }
}

/** Keeps the shape: digits → digits, letters → letters of the same case, the rest as is. */
function sameShape(value: string, draw: Draw): string {
  let out = '';
  for (const ch of value) {
    if (/\d/.test(ch)) out += String(draw.int(10));
    else if (/\p{Lu}/u.test(ch)) out += String.fromCharCode(65 + draw.int(26));
    else if (/\p{Ll}/u.test(ch)) out += String.fromCharCode(97 + draw.int(26));
    else out += ch;
  }
  return out;
}

/** Replaces the digits of `template` in order with `digits`, keeping separators. */
function fillDigits(template: string, digits: string): string {
  let i = 0;
  return template.replace(/\d/g, () => digits[i++] ?? '0');
}

function luhnComplete(partial: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(partial + d)) return partial + d;
  return `${partial}0`;
}

function ibanCheckDigits(country: string, bban: string): string {
  const numeric = `${bban}${country}00`.toUpperCase().replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const ch of numeric) remainder = (remainder * 10 + Number(ch)) % 97;
  return String(98 - remainder).padStart(2, '0');
}

const GENERATORS: Record<string, (original: string, draw: Draw) => string> = {
  PERSON(original, draw) {
    const words = original.trim().split(/\s+/).filter((w) => !/^\p{Lu}\.$/u.test(w));
    const given = draw.pick(GIVEN);
    const family = draw.pick(FAMILY);
    return words.length <= 1 ? (/^\p{Lu}/u.test(original) ? family : family.toLowerCase()) : `${given} ${family}`;
  },
  EMAIL_ADDRESS(_original, draw) {
    return `${draw.pick(GIVEN).toLowerCase()}.${draw.pick(FAMILY).toLowerCase().replace('ü', 'u')}${draw.int(100)}@example.com`;
  },
  PHONE_NUMBER(original, draw) {
    // Keep the country code and the layout; the last seven digits become a fictional 555-01xx number.
    const digits = original.replace(/\D/g, '');
    const countryCode = original.trim().startsWith('+') ? (/^\+\s*(\d{1,3})/.exec(original.trim())?.[1] ?? '') : '';
    const restLength = digits.length - countryCode.length;
    let rest = draw.digits(restLength);
    if (restLength >= 7) rest = `${rest.slice(0, restLength - 7)}55501${rest.slice(-2)}`;
    return fillDigits(original, countryCode + rest);
  },
  US_SSN(original, draw) {
    // Area 900–999 is never issued: a synthetic SSN can never be someone's.
    return fillDigits(original, `9${draw.digits(2)}${String(10 + draw.int(89))}${String(1000 + draw.int(8999))}`);
  },
  CREDIT_CARD(original, draw) {
    const length = original.replace(/\D/g, '').length;
    return fillDigits(original, luhnComplete(`400000${draw.digits(Math.max(0, length - 7))}`).slice(0, length));
  },
  IBAN_CODE(original, draw) {
    const compact = original.replace(/[\s-]/g, '').toUpperCase();
    const country = compact.slice(0, 2);
    const bban = sameShape(compact.slice(4), draw);
    const iban = `${country}${ibanCheckDigits(country, bban)}${bban}`;
    // Keep the grouping of the original.
    let i = 0;
    return original.replace(/[A-Za-z0-9]/g, () => iban[i++] ?? '');
  },
  ABA_ROUTING_NUMBER(original, draw) {
    for (;;) {
      const eight = `0${draw.int(9) + 1}${draw.digits(6)}`;
      const d = [...eight].map(Number);
      const partial = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5]);
      const check = (10 - (partial % 10)) % 10;
      return fillDigits(original, eight + check);
    }
  },
  DATE_OF_BIRTH(original, draw) {
    return original.replace(/\d+/g, (group) => {
      if (group.length === 4) return String(1950 + draw.int(50));
      const n = Number(group) > 12 ? 1 + draw.int(28) : 1 + draw.int(12);
      return String(n).padStart(group.length, '0');
    });
  },
  STREET_ADDRESS(original, draw) {
    const line = `${1 + draw.int(9899)} ${draw.pick(STREETS)} ${draw.pick(SUFFIXES)}`;
    const lines = original.split('\n').length;
    return lines > 1 ? `${line}\nSpringfield` : line;
  },
  IP_ADDRESS(original, draw) {
    return original.includes(':') ? `2001:db8::${draw.int(0xffff).toString(16)}` : `192.0.2.${1 + draw.int(254)}`;
  },
};

/** Replacement values for one document. */
export class SyntheticValues {
  private readonly memo = new Map<string, string>();
  constructor(private readonly salt: Buffer = randomBytes(32)) {}

  /** The same (type, original) always gets the same value within this document. */
  valueFor(type: string, original: string): string {
    // As detection read it (detection-view.ts): fullwidth or other-script digits and odd dashes in ASCII, so every digit is replaced.
    const normalized = detectionView(original).text.replace(/\s+/g, ' ').trim();
    const key = `${type}\u0000${normalized.toLowerCase()}`;
    let value = this.memo.get(key);
    if (value === undefined) {
      const draw = new Draw(this.salt, key);
      value = (GENERATORS[type] ?? sameShape)(normalized, draw);
      // Never hand back the original by chance.
      if (value === normalized) value = sameShape(normalized, new Draw(this.salt, `${key}\u0000again`));
      this.memo.set(key, value);
    }
    return value;
  }
}

/** The marker that replaces a value of a type without synthetic replacement (and every value in redact mode). */
export const markerFor = (type: string) => `[${type}]`;
