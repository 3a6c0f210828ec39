/**
 * The refilled development set (scripts/eval/redact-refill-values.ts): every
 * slot of a template gets a fresh value of its old value's shape, the gold
 * spans point at the new values, and a seed repeats the same set. Invented
 * templates and values.
 */
import { describe, expect, it } from 'vitest';
import { refill, ValueMaker, type RefillSample } from '../../../scripts/eval/redact-refill-values.ts';
import { seeded } from '../../../scripts/lib/random.ts';

function sample(masked: string, values: [type: string, value: string][]): RefillSample {
  let text = '';
  let cursor = 0;
  const spans: RefillSample['spans'] = [];
  let i = 0;
  for (const m of masked.matchAll(/\{\{(\w+)\}\}/g)) {
    text += masked.slice(cursor, m.index);
    const [type, value] = values[i++];
    spans.push({ entity_type: type, entity_value: value, start_position: text.length, end_position: text.length + value.length });
    text += value;
    cursor = m.index! + m[0].length;
  }
  return { full_text: text + masked.slice(cursor), masked, spans: spans.reverse() };
}

const block = sample('{{PERSON}} wrote from {{STREET_ADDRESS}}. Later {{PERSON}} moved to {{STREET_ADDRESS}}', [
  ['PERSON', 'Orla K. Vantrell'],
  ['STREET_ADDRESS', '4410 Tolvern Avenue\n Suite 12\n VELMONT\n Orlandia 40917'],
  ['PERSON', 'Vantrell'],
  ['STREET_ADDRESS', '88 brackmoor road apt. 7'],
]);

describe('refilled sentences', () => {
  it('put every new value where its gold span says, and change every value', () => {
    const out = refill(block, new ValueMaker(seeded(7)))!;
    expect(out.masked).toBe(block.masked);
    for (const s of out.spans) expect(out.full_text.slice(s.start_position, s.end_position)).toBe(s.entity_value);
    const old = new Set(block.spans.map((s) => s.entity_value));
    expect(out.spans.filter((s) => old.has(s.entity_value))).toEqual([]);
  });

  it('keep the shape: lines of a block, a unit, lower case, an initial, and one person named twice', () => {
    const out = refill(block, new ValueMaker(seeded(7)))!;
    const [person, address, again, lower] = out.spans;
    expect(address.entity_value.split('\n')).toHaveLength(4);
    expect(address.entity_value.split('\n')[1]).toMatch(/^ Suite \d{3}$/);
    expect(address.entity_value.split('\n')[3]).toMatch(/ \d{5}$/);
    expect(lower.entity_value).toBe(lower.entity_value.toLowerCase());
    expect(lower.entity_value).toMatch(/ apt\. \d+$/);
    expect(person.entity_value).toMatch(/^\S+ \p{Lu}\. \S+$/u);
    expect(person.entity_value.endsWith(again.entity_value)).toBe(true);
  });

  it('repeat for a seed and differ between seeds', () => {
    const a = refill(block, new ValueMaker(seeded(3)))!.full_text;
    expect(refill(block, new ValueMaker(seeded(3)))!.full_text).toBe(a);
    expect(refill(block, new ValueMaker(seeded(4)))!.full_text).not.toBe(a);
  });

  it('skip a sentence whose slots do not line up with its gold spans', () => {
    expect(refill({ ...block, masked: 'Only {{PERSON}} here' }, new ValueMaker(seeded(1)))).toBeNull();
  });
});
