import { describe, expect, it } from 'vitest';
import { buildDocumentLayout } from '../../../functions/operations/parse-structure.ts';
import { buildPage, prose, right, type Placed } from './page-builder.ts';

const row = (y: number, a: string, b: string, c: string): Placed[] => [{ text: a, x: 72, y }, right(b, 300, y), right(c, 420, y)];
const rows = (from: number, count: number, y0: number): Placed[] =>
  Array.from({ length: count }, (_, k) => row(y0 + k * 14, `Part ${from + k}`, String(((from + k) % 7) + 1), `${(from + k) * 3}.25`)).flat();

describe('document tables: a table over a page break is one table', () => {
  it('merges a table continued on the next page with its header repeated, and drops the repeat', () => {
    const page1 = buildPage({
      pageNumber: 1,
      items: [
        { text: 'Parts list', x: 72, y: 50, size: 18 },
        ...prose(['The parts below were ordered for the spring overhaul of the press line.'], 72, 90),
        ...row(130, 'Part', 'Qty', 'Price'),
        ...rows(1, 40, 144),
        ...prose(['Page 1 of 2'], 280, 770),
      ],
    });
    const page2 = buildPage({
      pageNumber: 2,
      items: [
        ...row(60, 'Part', 'Qty', 'Price'),
        ...rows(41, 12, 74),
        ...prose(['All prices are net of tax and delivery.'], 72, 300),
        ...prose(['Page 2 of 2'], 280, 770),
      ],
    });

    const { pages, tables } = buildDocumentLayout([page1, page2]);

    expect(pages.map((p) => p.regions.filter((r) => r.type === 'table').length)).toEqual([1, 1]);
    expect(tables).toHaveLength(1);
    expect(tables[0].page_numbers).toEqual([1, 2]);
    expect(tables[0].columns).toBe(3);
    expect(tables[0].rows).toBe(1 + 40 + 12);
    const first = tables[0].cells.filter((c) => c.column === 0).sort((a, b) => a.row - b.row);
    expect(first.map((c) => c.text)).toEqual(['Part', ...Array.from({ length: 52 }, (_, k) => `Part ${k + 1}`)]);
    expect(first.at(-1)?.page_number).toBe(2);
    expect(first.filter((c) => c.text === 'Part')).toHaveLength(1);
  });

  it('keeps two tables apart when text stands between them or the columns differ', () => {
    const page1 = buildPage({
      pageNumber: 1,
      items: [...row(100, 'Part', 'Qty', 'Price'), ...rows(1, 5, 114), ...prose(['Notes follow on the next page.'], 72, 260)],
    });
    const page2 = buildPage({ pageNumber: 2, items: [...row(60, 'Part', 'Qty', 'Price'), ...rows(6, 5, 74)] });
    const page3 = buildPage({
      pageNumber: 3,
      items: Array.from({ length: 6 }, (_, k) => [{ text: `Code ${k}`, x: 72, y: 60 + k * 14 }, right(`${k + 1}.00`, 300, 60 + k * 14)]).flat(),
    });

    const { tables } = buildDocumentLayout([page1, page2, page3]);

    expect(tables.map((t) => t.page_numbers)).toEqual([[1], [2], [3]]);
  });
});
