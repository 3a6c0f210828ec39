/**
 * Scanned and photographed cards, tickets, labels and cheques as our OCR reads them: the label above or
 * before its value without a colon, the symbols of a cheque's magnetic line read as brackets, a wristband's
 * initial read as a bracket. Every name and number is invented (the routing number passes its checksum only).
 */
import { describe, expect, it } from 'vitest';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
/** The masked text of `text`, every detected span as `#`: what a reader of the redacted page still sees. */
async function masked(text: string): Promise<string> {
  let out = text;
  for (const s of await detectPii(text, BUILT_INS)) out = out.slice(0, s.start) + '#'.repeat(s.end - s.start) + out.slice(s.end);
  return out;
}

describe('scanned cards and tickets', () => {
  it("masks a boarding pass's passenger under its 'NAME OF PASSENGER' label", async () => {
    const out = await masked('BOARDING PASS\nNAME OF PASSENGER\nQUENTMORE/ILSABET MS\nFROM\nTO FLIGHT\n');
    expect(out).not.toMatch(/QUENTMORE|ILSABET/u);
    expect(out).toContain('NAME OF PASSENGER');
  });

  it("masks a shipping label's recipient under 'SHIP TO:' and keeps a company there", async () => {
    const out = await masked('FROM:\nHARLOW BOX CO\nSHIP TO:\nROSWITA KAMBEL\n4412 WINTERHAVEN CT\n');
    expect(out).not.toMatch(/ROSWITA|KAMBEL/u);
    const company = await masked('SHIP TO:\nHARLOW BOX CO\n12 KILN ST\n');
    expect(company).toContain('HARLOW BOX CO');
  });

  it("masks a cheque's payee after 'PAY TO THE ORDER OF', not the amount", async () => {
    const out = await masked('PAY TO THE ORDER OF Evander Quillsby $ 312.00\nThree hundred twelve and 00/100 DOLLARS\n');
    expect(out).not.toMatch(/Evander|Quillsby/u);
    expect(out).toContain('$ 312.00');
  });

  it("masks a cheque's routing and account numbers in its magnetic line read with brackets for symbols", async () => {
    const out = await masked('MEMO garden\n[1113024588[] 6620418835[] 2203\n');
    expect(out).not.toMatch(/113024588|6620418835/u);
    const prose = await masked('Order 113024588 shipped with parcel 6620418835 on Monday.\n');
    expect(prose).toContain('6620418835');
  });

  it("masks a licence's surname after its field code 'LN', in capitals only", async () => {
    const out = await masked('DRIVER LICENSE\nDL NO D5512-8830-1142\nLN WESTERBROOKE\nFN ALARIC\n');
    expect(out).not.toMatch(/WESTERBROOKE/u);
    expect(await masked('ln -s Target Link\n')).toContain('Target Link');
  });

  it("masks an identity card's number under 'Document no.' (OCR misread its first letter), not an invoice's", async () => {
    const card = await masked(
      'REPUBLIC OF ORVANIA IDENTITY CARD\nSurname\nTALMERSON\nGiven names\nEDRIK JONAS\nDate of birth\n14.02.1979\nDocument no.\nYK6620175\nPlace of birth HALVEN\n',
    );
    expect(card).not.toContain('6620175');
    const invoice = await masked('INVOICE\nCustomer ref 2291\nDocument no.\nYK6620175\nTotal due 40.00\n');
    expect(invoice).toContain('YK6620175');
  });

  it("masks a wristband's name in capitals written surname first, its initial read as a bracket", async () => {
    const out = await masked('ST. ORWIN HOSPITAL\nHALVERSTON, MARGARET)\nMRN: 00571184\n');
    expect(out).not.toMatch(/HALVERSTON|MARGARET/u);
    expect(await masked('NOTES, GENERAL\n')).toContain('NOTES, GENERAL');
  });
});

describe('a name cut at its initial', () => {
  it("masks the surname after a title and an initial on a wristband's line ('DR. H. QUORVELL' was masked as 'DR. H')", async () => {
    const out = await masked('ADM 11/02/2026 RM 212-A DR. T. QUORVELL\nALLERGY: NONE\n');
    expect(out).not.toContain('QUORVELL');
    expect(out).toContain('ALLERGY');
  });
});

describe('a vehicle registration', () => {
  it("masks the owner under 'REGISTERED OWNER', not a leasing company there", async () => {
    const out = await masked('CERTIFICATE OF VEHICLE REGISTRATION\nREGISTERED OWNER\nQUELLWORTH ANSELM T\n7 ALDER CROFT RD\n');
    expect(out).not.toMatch(/QUELLWORTH|ANSELM/u);
    expect(await masked('REGISTERED OWNER\nHARLOW LEASING LLC\n')).toContain('HARLOW LEASING LLC');
    // The next column's label read between the label and its value is no name.
    expect(await masked('REGISTERED OWNER\nVIN\nQUELLWORTH ANSELM T\n')).toContain('VIN');
  });
});

describe('a deposit slip', () => {
  it("masks an account read in groups in the magnetic line ('3318 7720 45' after the routing number)", async () => {
    const out = await masked('DEPOSIT TICKET\n[1091733001] 5520 4417 83]\n');
    expect(out).not.toMatch(/5520|4417|091733001/u);
  });
});

describe('a lab report row', () => {
  it('masks a patient and a physician in capitals written surname first at the start of a row of figures under their header', async () => {
    const report = [
      'NORTHVALE PATHOLOGY',
      'PATIENT DOB MRN',
      'QUARRINGTON-OBI, PATIENCE R 1984-03-12 NV-5541029',
      'ORDERING PHYSICIAN COLLECTED',
      'HALLORANDE, SILAS MD 2026-11-18 07:42',
      'GLUCOSE, FASTING 104 mg/dL 70-99',
    ].join('\n');
    const out = await masked(report);
    expect(out).not.toMatch(/QUARRINGTON|PATIENCE|HALLORANDE|SILAS/u);
    expect(out).toContain('GLUCOSE, FASTING 104');
  });
});

describe('a name whose capital OCR misread', () => {
  it("masks the surname after a title and a given name read in lower case ('Dr lise ⟨Marchetti-Boone⟩' for 'Ilse')", async () => {
    const out = await masked('Kind regards,\n\nDr lise Verrano-Quist\nClinic registration 5528140\n');
    expect(out).not.toMatch(/Verrano|Quist/u);
  });
});

describe('an address line with scan noise', () => {
  it("masks the ZIP code of a town line that ends in a stray mark OCR read ('MAPLEWICK VT 05641 i')", async () => {
    const out = await masked('REGISTERED OWNER\n7 ALDER CROFT RD\nQUILLSTEAD VT 05733 i\nMAKE HONDA\n');
    expect(out).not.toContain('05733');
  });
});
