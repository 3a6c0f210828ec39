/** The docintel CLI's pure parts: CSV of extract results, the ETA text, where the server and key are found. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiKey, apiUrl, DEFAULT_API_URL, findDataDir, UsageError } from '../../../bin/docintel-config.ts';
import { csvField, entitiesCsv, lineItemsCsv } from '../../../bin/docintel-csv.ts';
import { eta } from '../../../bin/docintel-progress.ts';

describe('docintel CLI: CSV', () => {
  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas but not negative amounts', () => {
    expect(csvField('Paper, A4')).toBe('"Paper, A4"');
    expect(csvField('12" ruler')).toBe('"12"" ruler"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField(null)).toBe('');
  });

  it('renders entities with their confidence and line items in a fixed column order', () => {
    expect(entitiesCsv({ invoice_number: 'INV-1', total_amount: '21.00' }, { invoice_number: 0.9 })).toBe('field,value,confidence\ninvoice_number,INV-1,0.9\ntotal_amount,21.00,');
    expect(lineItemsCsv([{ total: '9.00', description: 'Paper', quantity: 2, unit_price: '4.50' }])).toBe('description,quantity,unit_price,total\nPaper,2,4.50,9.00');
  });
});

describe('docintel CLI: ETA', () => {
  it('says -- before the first item instead of NaN or Infinity', () => {
    expect(eta(0, 10, 5000)).toBe('--');
    expect(eta(5, 10, 5000)).toBe('5s');
    expect(eta(1, 100, 2000)).toBe('3m18s');
    expect(eta(10, 10, 1)).toBe('0s');
  });
});

describe('docintel CLI: server and key', () => {
  const root = mkdtempSync(join(tmpdir(), 'docintel-cli-'));
  const deep = join(root, 'a', 'b');
  mkdirSync(deep, { recursive: true });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('finds the nearest .docintel upwards, or DOCINTEL_DATA_DIR', () => {
    mkdirSync(join(root, '.docintel'), { recursive: true });
    expect(findDataDir(deep, {})).toBe(join(root, '.docintel'));
    expect(findDataDir(deep, { DOCINTEL_DATA_DIR: '../elsewhere' })).toBe(join(root, 'a', 'elsewhere'));
  });

  it('prefers DOCINTEL_API_URL, then a live server from endpoints.json, then the default', () => {
    writeFileSync(join(root, '.docintel', 'endpoints.json'), JSON.stringify({ pid: process.pid, url: 'http://127.0.0.1:33070' }));
    expect(apiUrl({ DOCINTEL_API_URL: 'https://api.example.com/' }, deep)).toEqual({ value: 'https://api.example.com', source: 'DOCINTEL_API_URL' });
    expect(apiUrl({}, deep).value).toBe('http://127.0.0.1:33070');
    writeFileSync(join(root, '.docintel', 'endpoints.json'), JSON.stringify({ pid: 2 ** 22 + 7, url: 'http://127.0.0.1:33070' }));
    expect(apiUrl({}, deep)).toEqual({ value: DEFAULT_API_URL, source: 'default' });
  });

  it('reads the seeded key with its organization, or says how to get one', () => {
    expect(() => apiKey({ DOCINTEL_DATA_DIR: join(root, 'nothing-here') }, deep)).toThrow(UsageError);
    writeFileSync(join(root, '.docintel', 'dev-api-key'), 'hk_test_abc\n');
    writeFileSync(join(root, '.docintel', 'seeded.json'), JSON.stringify({ org_id: 'dev' }));
    expect(apiKey({}, deep)).toEqual({ value: 'hk_test_abc', source: join(root, '.docintel', 'dev-api-key'), orgId: 'dev' });
    expect(apiKey({ DOCINTEL_API_KEY: 'hk_live_x' }, deep)).toEqual({ value: 'hk_live_x', source: 'DOCINTEL_API_KEY' });
  });
});
