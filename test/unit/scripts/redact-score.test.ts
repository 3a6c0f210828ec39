/**
 * The redaction eval's scoring rule (scripts/eval/redact.ts): a prediction
 * counted right over a gold span of a non-PII label (a date of birth the gold
 * set labels DATE_TIME) is not also counted as masking ordinary words, while
 * a wrong prediction's words are. Invented sentences.
 */
import { describe, expect, it } from 'vitest';
import type { PiiSpan } from '../../../functions/engines/redact/detect.ts';
import { scoreSynthetic } from '../../../scripts/eval/redact.ts';

function sample(text: string, spans: [type: string, value: string][]) {
  return {
    full_text: text,
    spans: spans.map(([entity_type, entity_value]) => {
      const start = text.indexOf(entity_value);
      return { entity_type, entity_value, start_position: start, end_position: start + entity_value.length };
    }),
  };
}
function predicted(text: string, type: string, value: string, score = 0.9): PiiSpan {
  const start = text.indexOf(value);
  return { type, value, start, end: start + value.length, score };
}

describe('redact eval scoring', () => {
  const born = 'Tamsin Oyelaran was born on 4/9/1962 in the spring.';
  const met = 'We met on 4/9/2020 at Corvell Labs near the river.';
  const samples = [
    sample(born, [['PERSON', 'Tamsin Oyelaran'], ['DATE_TIME', '4/9/1962']]),
    sample(met, [['DATE_TIME', '4/9/2020'], ['ORGANIZATION', 'Corvell Labs']]),
  ];

  it('does not count the words of a date of birth rightly masked as ordinary words masked', () => {
    const r = scoreSynthetic(samples, [[predicted(born, 'PERSON', 'Tamsin Oyelaran'), predicted(born, 'DATE_OF_BIRTH', '4/9/1962')], []]);
    expect(r.per_type.DATE_OF_BIRTH.correct).toBe(1);
    expect(r.per_type.DATE_OF_BIRTH.fp).toBe(0);
    expect(r.words_of_rightly_masked_non_pii_gold_spans).toBe(3);
    expect(r.ordinary_words_kept).toBe(1);
    // The former rule counted "4", "9", "1962" as wrongly masked.
    expect(r.ordinary_words_kept_former_rule).toBeLessThan(1);
  });

  it('still counts a wrong prediction as a false positive and its words as masked', () => {
    const r = scoreSynthetic(samples, [[], [predicted(met, 'PERSON', 'Corvell Labs')]]);
    expect(r.per_type.PERSON.fp).toBe(1);
    expect(r.words_of_rightly_masked_non_pii_gold_spans).toBe(0);
    expect(r.ordinary_words_kept).toBeLessThan(1);
    expect(r.ordinary_words - Math.round(r.ordinary_words * r.ordinary_words_kept!)).toBe(2);
  });

  it('keeps an unmasked date an ordinary word kept', () => {
    const r = scoreSynthetic(samples, [[], []]);
    expect(r.ordinary_words_kept).toBe(1);
    expect(r.ordinary_words).toBeGreaterThan(15);
  });
});
