/** `npm run eval -- extract --folds-by shop`: every receipt of one seller (transcript and OCR reading alike) in one fold. */
import { describe, expect, it } from 'vitest';
import { shopFolds } from '../../../scripts/eval/extract.ts';
import { foldsOf } from '../../../scripts/train/extract.ts';

type Receipt = { id: string; group?: string; truth: { vendor_name?: string } };
/** As the trainer's groupOf: a receipt's transcript and its OCR reading are one document. */
const groupOf = (r: Receipt) => r.group ?? r.id;

// Invented sellers: three branches of one shop, two other shops, and a receipt without a seller in its key.
const receipts: Receipt[] = [
  { id: 'r1', truth: { vendor_name: 'KEDAI BUKU CAHAYA SDN BHD' } },
  { id: 'r1-ocr', group: 'r1', truth: { vendor_name: 'KEDAI BUKU CAHAYA SDN BHD' } },
  { id: 'r2', truth: { vendor_name: 'Kedai Buku Cahaya (Cawangan Timur)' } },
  { id: 'r3', truth: { vendor_name: 'KEDAI-BUKU CAHAYA' } },
  { id: 'r4', truth: { vendor_name: 'RESTORAN MEJA BULAT' } },
  { id: 'r5', truth: { vendor_name: 'TOKO SERBA ADA' } },
  { id: 'r6', truth: {} },
];

describe('folds over shops', () => {
  it('puts every receipt of one seller in one fold, keyed by document group', () => {
    const folds = shopFolds(receipts, 3, 7, groupOf, foldsOf);
    expect([...folds.keys()].sort()).toEqual(['r1', 'r2', 'r4', 'r5', 'r6', 'r3'].sort());
    // "KEDAI BUKU" (first two words, punctuation dropped) is one shop whatever the branch or spelling of the rest.
    expect(folds.get('r2')).toBe(folds.get('r1'));
    expect(folds.get('r3')).toBe(folds.get('r1'));
    expect(new Set([folds.get('r1'), folds.get('r4'), folds.get('r5'), folds.get('r6')]).size).toBeGreaterThan(1);
    for (const fold of folds.values()) expect(fold).toBeGreaterThanOrEqual(0);
  });

  it('draws the same folds for the same seed', () => {
    expect([...shopFolds(receipts, 3, 7, groupOf, foldsOf)]).toEqual([...shopFolds(receipts, 3, 7, groupOf, foldsOf)]);
  });
});
