/**
 * A document title the text layer joined to the seller's row ("Kestrel Print Works Ltd   INVOICE"): taken off the
 * name, and read from the row's end only, so a hostile row of blanks is read in linear time. Names are invented.
 */
import { describe, expect, it } from 'vitest';
import { withoutTitle } from '../../../functions/engines/extract/parties.ts';

describe('a title on the name row', () => {
  it.each([
    ['Brackwater Print Works Ltd   INVOICE', 'Brackwater Print Works Ltd'],
    ['Orvane Logistics GmbH | invoice', 'Orvane Logistics GmbH'],
    ['Quillmere Café - TAX INVOICE', 'Quillmere Café'],
    ['Invoice', 'Invoice'],
    ['Tallow & Reed Bookbinders', 'Tallow & Reed Bookbinders'],
  ])('%s', (row, name) => {
    expect(withoutTitle(row)).toBe(name);
  });

  it('reads a row of fifty thousand blanks in linear time (the title pattern backtracked over every blank: minutes)', () => {
    const t0 = performance.now();
    expect(withoutTitle(`Brackwater Ltd |${' '.repeat(50_000)}x`)).toBe(`Brackwater Ltd |${' '.repeat(50_000)}x`);
    expect(withoutTitle(`Brackwater Ltd${' '.repeat(50_000)}INVOICE`)).toBe('Brackwater Ltd');
    // A hang guard with room for a loaded machine, not a speed target (a millisecond when linear).
    expect(performance.now() - t0).toBeLessThan(2_000);
  });
});
