import { describe, expect, it } from 'vitest';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';
import { detectionView } from '../../../functions/engines/redact/detection-view.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const found = async (text: string) => (await detectPii(text, BUILT_INS)).map((s) => [s.type, s.value]);

describe('the detection view: values found however they were typed', () => {
  it.each([
    ['en dashes (a word processor’s hyphens)', 'Social security no. 512\u201348\u20137730 on file', ['US_SSN', '512\u201348\u20137730']],
    ['non-breaking hyphens', 'SSN 512\u201148\u20117730', ['US_SSN', '512\u201148\u20117730']],
    ['minus signs', 'SSN 512\u221248\u22127730', ['US_SSN', '512\u221248\u22127730']],
    ['fullwidth digits', 'SSN \uff15\uff11\uff12-\uff14\uff18-\uff17\uff17\uff13\uff10', ['US_SSN', '\uff15\uff11\uff12-\uff14\uff18-\uff17\uff17\uff13\uff10']],
    ['Arabic-Indic digits', 'SSN \u0665\u0661\u0662-\u0664\u0668-\u0667\u0667\u0663\u0660', ['US_SSN', '\u0665\u0661\u0662-\u0664\u0668-\u0667\u0667\u0663\u0660']],
    ['a soft hyphen inside the number', 'SSN 512-48-77\u00ad30', ['US_SSN', '512-48-77\u00ad30']],
    ['a zero-width space inside an e-mail address', 'Mail: marten.quill\u200b@example.org', ['EMAIL_ADDRESS', 'marten.quill\u200b@example.org']],
    ['a fullwidth at sign', 'Mail: marten.quill\uff20example.org', ['EMAIL_ADDRESS', 'marten.quill\uff20example.org']],
    ['no-break spaces in a card number', 'Visa 4111\u00a01111\u00a01111\u00a01111 exp 12/29', ['CREDIT_CARD', '4111\u00a01111\u00a01111\u00a01111']],
  ])('%s', async (_, text, span) => {
    expect(await found(text)).toContainEqual(span);
  });

  it('keeps a person whose name a soft hyphen breaks as one span', async () => {
    expect(await found('Dear Mr Marten Quill\u00adfeather, thank you for your letter.')).toContainEqual(['PERSON', 'Marten Quill\u00adfeather']);
  });

  it('maps spans back to the original offsets, and is the text itself when nothing needs reading', () => {
    const text = 'a\u00adb \u2013 \uff11x';
    const view = detectionView(text);
    expect(view.text).toBe('ab - 1x');
    // "1x" in the view is "\uff11x" in the text.
    expect(view.toOriginal(5, 7)).toEqual({ start: 6, end: 8 });
    expect(view.toOriginal(0, 2)).toEqual({ start: 0, end: 3 });
    const plain = 'nothing to read otherwise – except this dash';
    expect(detectionView('plain ascii').text).toBe('plain ascii');
    expect(detectionView(plain).text).toBe('nothing to read otherwise - except this dash');
  });
});
