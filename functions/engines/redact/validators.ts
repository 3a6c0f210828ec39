/**
 * Checksums and validity rules that turn "looks like a number" into "is
 * one": each removes the false hits a pattern alone would mask.
 *
 * @module
 */
import { isIP } from 'node:net';
import { electronicFormatIBAN, isValidIBAN, validateIBAN, ValidationErrorsIBAN } from 'ibantools';

const digitsOf = (s: string) => s.replace(/\D/g, '');

/** Luhn (mod 10) check used by payment cards (12 digits or more). */
export function luhnValid(value: string): boolean {
  return digitsOf(value).length >= 12 && luhnChecks(value);
}

/** Whether the digits of `value` pass the Luhn (mod 10) check, whatever their number. */
export function luhnChecks(value: string): boolean {
  const digits = digitsOf(value);
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card number: 13–19 digits, Luhn-valid, not a run of one digit, one kind of separator. */
export function cardNumberValid(value: string): boolean {
  const digits = digitsOf(value);
  if (digits.length < 13 || digits.length > 19) return false;
  if (/^(\d)\1+$/.test(digits)) return false;
  const separators = new Set(value.replace(/\d/g, ''));
  if (separators.size > 1) return false;
  return luhnValid(digits);
}

/**
 * US Social Security numbers as the SSA issues them: area not 000, 666 or
 * 900–999; group not 00; serial not 0000; one delimiter style throughout;
 * not one digit repeated, nor the well-known advertising number.
 */
export function ssnValid(value: string): boolean {
  const delimiters = value.replace(/\d/g, '');
  if (new Set(delimiters).size > 1) return false;
  const digits = digitsOf(value);
  if (digits.length !== 9) return false;
  const area = digits.slice(0, 3);
  const group = digits.slice(3, 5);
  const serial = digits.slice(5);
  if (area === '000' || area === '666' || area[0] === '9') return false;
  if (group === '00' || serial === '0000') return false;
  if (/^(\d)\1{8}$/.test(digits) || digits === '123456789' || digits === '078051120') return false;
  return true;
}

/** US ITIN: 9XX-[50–65 | 70–88 | 90–92 | 94–99]-XXXX. */
export function itinValid(value: string): boolean {
  const digits = digitsOf(value);
  if (digits.length !== 9 || digits[0] !== '9') return false;
  const group = Number(digits.slice(3, 5));
  return (group >= 50 && group <= 65) || (group >= 70 && group <= 88) || (group >= 90 && group <= 92) || (group >= 94 && group <= 99);
}

/** ABA routing number: 3-7-1 weighted checksum, first two digits a Federal Reserve range. */
export function abaValid(value: string): boolean {
  const digits = digitsOf(value);
  if (digits.length !== 9 || /^(\d)\1{8}$/.test(digits)) return false;
  const prefix = Number(digits.slice(0, 2));
  if (!((prefix >= 0 && prefix <= 12) || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80)) return false;
  const d = [...digits].map(Number);
  const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
  return sum % 10 === 0;
}

/** IBAN by its country format and mod-97 check (ibantools). */
export function ibanValid(value: string): boolean {
  const compact = electronicFormatIBAN(value.toUpperCase()) ?? '';
  return isValidIBAN(compact);
}

/**
 * An IBAN of a known country's length and format whose check digits are wrong: a typo or an OCR misreading
 * ("DE44 6805 …" with one digit off). Still that person's account: masked next to an account word.
 */
export function ibanShapeValid(value: string): boolean {
  const compact = electronicFormatIBAN(value.toUpperCase()) ?? '';
  const { errorCodes } = validateIBAN(compact);
  const checksumOnly = [ValidationErrorsIBAN.WrongIBANChecksum, ValidationErrorsIBAN.WrongAccountBankBranchChecksum, ValidationErrorsIBAN.ChecksumNotNumber];
  return errorCodes.length > 0 && errorCodes.every((code) => checksumOnly.includes(code));
}

export function ipValid(value: string): boolean {
  return isIP(value) !== 0;
}

/** UK NHS number: 10 digits, mod-11 check digit. */
export function nhsValid(value: string): boolean {
  const digits = digitsOf(value);
  if (digits.length !== 10) return false;
  const d = [...digits].map(Number);
  const sum = d.slice(0, 9).reduce((acc, v, i) => acc + v * (10 - i), 0);
  const check = 11 - (sum % 11);
  const expected = check === 11 ? 0 : check;
  return expected !== 10 && expected === d[9];
}
