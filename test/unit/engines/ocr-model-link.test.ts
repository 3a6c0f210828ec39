import { mkdtempSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkModel } from '../../../functions/engines/ocr/tesseract-pool.ts';

describe('linkModel (the per-process tessdata folder)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'docintel-link-test-'));
  const target = join(folder, 'model.traineddata.gz');
  writeFileSync(target, 'model');

  it('replaces a dangling link an earlier process with the same pid left behind', () => {
    const link = join(folder, 'stale.traineddata.gz');
    symlinkSync(join(folder, 'deleted-checkout', 'model.traineddata.gz'), link);
    linkModel(target, link);
    expect(readlinkSync(link)).toBe(target);
  });

  it('keeps a link that already points at the model, and makes a missing one', () => {
    const link = join(folder, 'fresh.traineddata.gz');
    linkModel(target, link);
    linkModel(target, link);
    expect(readlinkSync(link)).toBe(target);
  });
});
