/**
 * Word lists and value makers shared by the genre generators (classify-genres.ts, classify-genres-titled.ts):
 * invented names, places, dates and amounts, seeded through the caller's random stream.
 *
 * @module
 */
import { pick, type Random } from '../lib/random.ts';

export const int = (r: Random, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
export const some = <T>(r: Random, items: readonly T[], lo: number, hi: number): T[] => {
  const pool = [...items];
  const out: T[] = [];
  for (let n = int(r, lo, Math.min(hi, pool.length)); n > 0; n--) out.push(pool.splice(Math.floor(r() * pool.length), 1)[0]);
  return out;
};

export const FIRST = [
  'Anna',
  'Peter',
  'Maria',
  'James',
  'Wei',
  'Amina',
  'Diego',
  'Sara',
  'Omar',
  'Ella',
  'Jonas',
  'Claire',
  'Vikram',
  'Irina',
  'Kevin',
  'Nora',
  'Tomás',
  'Grace',
];
export const LAST = [
  'Novak',
  'Chen',
  'Ortega',
  'Brown',
  'Weber',
  'Laurent',
  'Bianchi',
  'Nowak',
  'Adeyemi',
  'Sato',
  'Lund',
  'Costa',
  'Patel',
  'Walsh',
  'Kim',
  'Fischer',
];
export const ORG = ['Northfield', 'Riverside', 'Bluestone', 'Harbor Point', 'Greenway', 'Summit', 'Lakeshore', 'Redwood', 'Crescent', 'Ironbridge'];
export const CITY = ['Springfield', 'Portland', 'Madison', 'Fairview', 'Georgetown', 'Clinton', 'Salem', 'Bristol', 'Dover', 'Arlington'];
export const STATE = ['IL', 'OR', 'WI', 'TX', 'OH', 'MA', 'NY', 'CA', 'FL', 'WA'];
export const STREET = ['Maple Ave', 'Oak Street', 'Pine Road', 'Cedar Lane', 'Elm Drive', 'Lake View Blvd', 'Hill Street', 'Park Place'];
export const MONTH = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export const person = (r: Random) => `${pick(r, FIRST)} ${pick(r, LAST)}`;
export const money = (r: Random, lo = 5, hi = 900) => `${int(r, lo, hi).toLocaleString('en-US')}.${String(int(r, 0, 99)).padStart(2, '0')}`;
export const day = (r: Random) => `${pick(r, MONTH)} ${int(r, 1, 28)}, 20${int(r, 15, 26)}`;
export const short = (r: Random) => `${String(int(r, 1, 12)).padStart(2, '0')}/${String(int(r, 1, 28)).padStart(2, '0')}/20${int(r, 15, 26)}`;
export const digits = (r: Random, n: number) => Array.from({ length: n }, () => int(r, 0, 9)).join('');
export const street = (r: Random) => `${int(r, 10, 9800)} ${pick(r, STREET)}`;
export const cityLine = (r: Random) => `${pick(r, CITY)}, ${pick(r, STATE)} ${digits(r, 5)}`;
/** A year of this century, two-digit part padded: year(r, 5, 19) → 2005…2019. */
export const year = (r: Random, lo: number, hi: number) => `20${String(int(r, lo, hi)).padStart(2, '0')}`;
export const company = (r: Random) =>
  `${pick(r, ORG)} ${pick(r, ['Energy', 'Logistics', 'Partners', 'Holdings', 'Services', 'Group', 'Systems', 'Labs'])}${pick(r, ['', ' Inc.', ' LLC', ' Ltd'])}`;
