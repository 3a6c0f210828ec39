/**
 * Check digits of national identity, tax and social-security numbers of
 * people (national-id-recognizers.ts). Each takes the value as written
 * (spaces, dots and dashes allowed) and says whether its check digit or
 * letter is right: a random number of the same shape passes one time in
 * ten to ninety-seven, which is what lets the distinctive shapes stand
 * without a label.
 *
 * @module
 */
import { luhnChecks } from './validators.ts';

const compact = (value: string) => value.replace(/[\s.\-/]/gu, '').toUpperCase();
const digitsOf = (value: string) => [...value].map(Number);
const allSame = (value: string) => /^(.)\1*$/u.test(value);

/** German tax id (Steuer-IdNr): 11 digits, no leading 0, ISO 7064 MOD 11,10; one digit repeats (two or three times), the rest appear at most once. */
export function germanTaxIdValid(value: string): boolean {
  const v = compact(value);
  if (!/^[1-9]\d{10}$/u.test(v)) return false;
  const counts = new Map<string, number>();
  for (const ch of v.slice(0, 10)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const repeated = [...counts.values()].filter((n) => n > 1);
  if (repeated.length !== 1 || repeated[0] > 3) return false;
  let product = 10;
  for (const digit of digitsOf(v.slice(0, 10))) {
    const sum = (digit + product) % 10 || 10;
    product = (sum * 2) % 11;
  }
  return (11 - product) % 10 === Number(v[10]);
}

const crossSum = (n: number) => Math.floor(n / 10) + (n % 10);
const alphabetPosition = (letter: string) => String(letter.charCodeAt(0) - 64).padStart(2, '0');

/** German social-security (pension insurance) number: area, birth date DDMMYY, the surname's initial, serial, check digit. */
export function germanSocialSecurityValid(value: string): boolean {
  const v = compact(value);
  const m = /^(\d{2})(\d{2})(\d{2})(\d{2})([A-Z])(\d{2})(\d)$/u.exec(v);
  if (!m) return false;
  const [, area, day, month, year, letter, serial, check] = m;
  if (Number(day) % 50 < 1 || Number(day) % 50 > 31 || Number(month) < 1 || Number(month) > 12) return false;
  const weights = [2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1];
  const digits = digitsOf(area + day + month + year + alphabetPosition(letter) + serial);
  const sum = digits.reduce((acc, digit, i) => acc + crossSum(digit * weights[i]), 0);
  return sum % 10 === Number(check);
}

/** German health-insurance number (Krankenversichertennummer): a letter, eight digits, a check digit over weights 1, 2, 1, 2… */
export function germanHealthInsuranceValid(value: string): boolean {
  const v = compact(value);
  const m = /^([A-Z])(\d{8})(\d)$/u.exec(v);
  if (!m) return false;
  const digits = digitsOf(alphabetPosition(m[1]) + m[2]);
  const sum = digits.reduce((acc, digit, i) => acc + crossSum(digit * (i % 2 === 0 ? 1 : 2)), 0);
  return sum % 10 === Number(m[3]);
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** Spanish DNI (8 digits and a letter) and NIE (X/Y/Z, 7 digits, a letter): the letter is the number mod 23. */
export function spanishIdValid(value: string): boolean {
  const v = compact(value);
  const m = /^([XYZ]?)(\d{7,8})([A-Z])$/u.exec(v);
  if (!m || (m[1] === '' ? m[2].length !== 8 : m[2].length !== 7)) return false;
  const number = Number(('XYZ'.indexOf(m[1]) >= 0 ? String('XYZ'.indexOf(m[1])) : '') + m[2]);
  return DNI_LETTERS[number % 23] === m[3];
}

const CF_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
/** A codice fiscale character's index: digits 0–9, letters A–Z 0–25. */
const cfIndex = (ch: string) => (/\d/u.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65);

/** Italian codice fiscale: 15 characters and a check letter (odd positions by the odd table, even by their index, mod 26). */
export function italianFiscalCodeValid(value: string): boolean {
  const v = compact(value);
  if (!/^[A-Z]{6}[0-9LMNP-V]{2}[A-EHLMPRST][0-9LMNP-V]{2}[A-Z][0-9LMNP-V]{3}[A-Z]$/u.test(v)) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) sum += i % 2 === 0 ? CF_ODD[cfIndex(v[i])] : cfIndex(v[i]);
  return String.fromCharCode(65 + (sum % 26)) === v[15];
}

/** Dutch BSN: 9 digits passing the eleven test (9·d1 + 8·d2 + … + 2·d8 − d9 divisible by 11). */
export function dutchBsnValid(value: string): boolean {
  const v = compact(value);
  if (!/^\d{9}$/u.test(v) || allSame(v)) return false;
  const digits = digitsOf(v);
  const sum = digits.slice(0, 8).reduce((acc, digit, i) => acc + digit * (9 - i), 0) - digits[8];
  return sum % 11 === 0;
}

/** French NIR (numéro de sécurité sociale): 13 characters (Corsica's 2A/2B counted as 19/18) and a key 97 − n mod 97. */
export function frenchNirValid(value: string): boolean {
  const v = compact(value);
  const m = /^([12378]\d{4}(?:\d{2}|2A|2B)\d{6})(\d{2})$/u.exec(v);
  if (!m) return false;
  const body = m[1].replace('2A', '19').replace('2B', '18');
  return 97 - Number(BigInt(body) % 97n) === Number(m[2]);
}

/** Portuguese NIF: 9 digits, weights 9…2, check 11 − sum mod 11 (10 and 11 give 0). */
export function portugueseNifValid(value: string): boolean {
  const v = compact(value);
  if (!/^[1-35689]\d{8}$/u.test(v) || allSame(v)) return false;
  const sum = digitsOf(v.slice(0, 8)).reduce((acc, digit, i) => acc + digit * (9 - i), 0);
  const check = 11 - (sum % 11);
  return (check >= 10 ? 0 : check) === Number(v[8]);
}

/** Canadian SIN: 9 digits, Luhn, not starting with 8 (0 is the specimens' prefix). */
export function canadianSinValid(value: string): boolean {
  const v = compact(value);
  return /^[0-79]\d{8}$/u.test(v) && !allSame(v) && luhnChecks(v);
}

const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** Indian Aadhaar: 12 digits, not starting with 0 or 1, Verhoeff check digit. */
export function aadhaarValid(value: string): boolean {
  const v = compact(value);
  if (!/^[2-9]\d{11}$/u.test(v) || allSame(v)) return false;
  let c = 0;
  digitsOf(v)
    .reverse()
    .forEach((digit, i) => (c = VERHOEFF_D[c][VERHOEFF_P[i % 8][digit]]));
  return c === 0;
}

/** Belgian national register number: birth date YYMMDD, serial, and 97 − (the first nine digits, with a 2 before them for births from 2000) mod 97. */
export function belgianNationalNumberValid(value: string): boolean {
  const v = compact(value);
  if (!/^\d{11}$/u.test(v) || Number(v.slice(2, 4)) > 12) return false;
  const check = Number(v.slice(9));
  const body = Number(v.slice(0, 9));
  return 97 - (body % 97) === check || 97 - ((2_000_000_000 + body) % 97) === check;
}

/** Swiss AHV/AVS number: 756, ten digits, an EAN-13 check digit. */
export function swissAhvValid(value: string): boolean {
  const v = compact(value);
  if (!/^756\d{10}$/u.test(v)) return false;
  const sum = digitsOf(v.slice(0, 12)).reduce((acc, digit, i) => acc + digit * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === Number(v[12]);
}

/** A birth date's month and day as written in an id (YYMMDD): a month 1–12 and a day 1–31 (61–91 for a Swedish coordination number). */
const plausibleMonthDay = (month: number, day: number) => month >= 1 && month <= 12 && ((day >= 1 && day <= 31) || (day >= 61 && day <= 91));

/** Polish PESEL: YYMMDD (the century added to the month: +80, 0, +20, +40, +60), serial, weights 1,3,7,9 repeated, check 10 − sum mod 10. */
export function peselValid(value: string): boolean {
  const v = compact(value);
  if (!/^\d{11}$/u.test(v) || allSame(v)) return false;
  const month = Number(v.slice(2, 4)) % 20;
  if (!plausibleMonthDay(month, Number(v.slice(4, 6))) || Number(v.slice(4, 6)) > 31) return false;
  const weights = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3];
  const sum = digitsOf(v.slice(0, 10)).reduce((acc, digit, i) => acc + digit * weights[i], 0);
  return (10 - (sum % 10)) % 10 === Number(v[10]);
}

/** Swedish personnummer or coordination number: (YY)YYMMDD, a - or + and four digits, Luhn over the ten digits from YY. */
export function swedishPersonalNumberValid(value: string): boolean {
  const v = value.replace(/[\s\-+]/gu, '');
  if (!/^(?:\d{2})?\d{10}$/u.test(v)) return false;
  const ten = v.slice(-10);
  return plausibleMonthDay(Number(ten.slice(2, 4)), Number(ten.slice(4, 6))) && !allSame(ten) && luhnChecks(ten);
}

/** Brazilian CPF: nine digits and two mod-11 check digits (weights 10…2, then 11…2; a remainder under 2 gives 0). */
export function brazilianCpfValid(value: string): boolean {
  const v = compact(value);
  if (!/^\d{11}$/u.test(v) || allSame(v)) return false;
  const checkOf = (body: string) => {
    const sum = digitsOf(body).reduce((acc, digit, i) => acc + digit * (body.length + 1 - i), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return checkOf(v.slice(0, 9)) === Number(v[9]) && checkOf(v.slice(0, 10)) === Number(v[10]);
}

const CURP_ALPHABET = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';

/**
 * Mexican CURP: four letters, birth date YYMMDD, sex, state, three consonants, a century character and a check digit
 * over the first 17 (weights 18…2, mod 10).
 */
export function curpValid(value: string): boolean {
  const v = value.toUpperCase();
  const m = /^[A-Z]{4}\d{2}(\d{2})(\d{2})[HMX][A-Z]{2}[B-DF-HJ-NP-TV-ZÑ]{3}[0-9A-Z](\d)$/u.exec(v);
  if (!m || !plausibleMonthDay(Number(m[1]), Number(m[2])) || Number(m[2]) > 31) return false;
  const sum = [...v.slice(0, 17)].reduce((acc, ch, i) => acc + CURP_ALPHABET.indexOf(ch) * (18 - i), 0);
  return (10 - (sum % 10)) % 10 === Number(m[3]);
}

const RFC_ALPHABET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

/** Mexican RFC of a person: four letters, birth date YYMMDD, a two-character homoclave and a mod-11 check character (weights 13…2; 10 is A). */
export function personRfcValid(value: string): boolean {
  const v = value.toUpperCase().replace(/[\s-]/gu, '');
  const m = /^[A-ZÑ&]{4}\d{2}(\d{2})(\d{2})[A-Z\d]{2}([\dA])$/u.exec(v);
  if (!m || !plausibleMonthDay(Number(m[1]), Number(m[2])) || Number(m[2]) > 31) return false;
  const sum = [...v.slice(0, 12)].reduce((acc, ch, i) => acc + RFC_ALPHABET.indexOf(ch) * (13 - i), 0);
  const check = 11 - (sum % 11);
  return (check === 11 ? '0' : check === 10 ? 'A' : String(check)) === m[3];
}

/** Norwegian fødselsnummer (or D-number, day + 40): DDMMYY, three digits, two mod-11 check digits. */
export function norwegianBirthNumberValid(value: string): boolean {
  const v = compact(value);
  if (!/^\d{11}$/u.test(v) || allSame(v)) return false;
  const day = Number(v.slice(0, 2)) % 40;
  if (!plausibleMonthDay(Number(v.slice(2, 4)), day) || day > 31) return false;
  const checkOf = (digits: string, weights: readonly number[]) => {
    const rest = 11 - (digitsOf(digits).reduce((acc, digit, i) => acc + digit * weights[i], 0) % 11);
    return rest === 11 ? 0 : rest;
  };
  const k1 = checkOf(v.slice(0, 9), [3, 7, 6, 1, 8, 9, 4, 5, 2]);
  const k2 = checkOf(v.slice(0, 10), [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]);
  return k1 < 10 && k2 < 10 && k1 === Number(v[9]) && k2 === Number(v[10]);
}

const FINNISH_CHECK = '0123456789ABCDEFHJKLMNPRSTUVWXY';

/** Finnish henkilötunnus: DDMMYY, the century sign (+, -, A–F, U–Y), three digits and a check character (the nine digits mod 31). */
export function finnishPersonalIdValid(value: string): boolean {
  const m = /^(\d{2})(\d{2})(\d{2})[-+A-FU-Y](\d{3})([0-9A-Y])$/u.exec(value.toUpperCase());
  if (!m || !plausibleMonthDay(Number(m[2]), Number(m[1])) || Number(m[1]) > 31) return false;
  return FINNISH_CHECK[Number(m[1] + m[2] + m[3] + m[4]) % 31] === m[5];
}

/** Danish CPR number: DDMMYY and four digits (no check digit since 2007): a real birth date is what it must show. */
export function danishCprPlausible(value: string): boolean {
  const v = compact(value);
  return /^\d{10}$/u.test(v) && !allSame(v) && plausibleMonthDay(Number(v.slice(2, 4)), Number(v.slice(0, 2))) && Number(v.slice(0, 2)) <= 31;
}
