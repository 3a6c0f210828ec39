/**
 * A table of people broken over a page: the rows on the next page, without
 * the header, continue the column when they keep its layout. Every name and
 * department here is invented for these tests.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { terminateOcr } from '../../../functions/engines/ocr/tesseract-pool.ts';
import { openDocument } from '../../../functions/engines/registry.ts';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';
import { planRenderedRedaction } from '../../../functions/engines/redact/rendered-redaction.ts';
import { checkRenderedLeaks } from '../../fixtures/redact/rendered-leak-check.ts';
import { makeRegisterPdf, makeStaffTablePdf, REGISTER_ROWS, STAFF_ROWS } from '../../fixtures/redact/staff-table-pages.ts';

afterAll(() => terminateOcr());

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const NAMES_ONLY: DetectionConfig = {
  mode: 'replace',
  types: [{ name: 'EMPLOYEE_ID', description: 'staff numbers such as "EMP-20391"', hasSyntheticReplacement: true }],
};

/** The PERSON values the redaction plan of `bytes` masks. */
async function maskedPersons(bytes: Uint8Array, config = BUILT_INS): Promise<string[]> {
  const document = await openDocument(bytes, { filename: 'staff.pdf' });
  try {
    const parsed = await document.extract(undefined, { graphics: true });
    const { plan } = await planRenderedRedaction(parsed.pages, {
      renderer: document.renderer,
      mode: 'redact',
      config,
      findSpans: async (text) => ({ spans: await detectPii(text, config) }),
    });
    return plan.spans.filter((s) => s.type === 'PERSON').map((s) => s.value);
  } finally {
    await document.close();
  }
}

describe('a people column continued on the next page', () => {
  it('masks the rows at the top of page 2 that continue the staff table of page 1', async () => {
    // Act
    const persons = await maskedPersons(await makeStaffTablePdf());
    // Assess
    expect(persons).toEqual([...STAFF_ROWS.first, ...STAFF_ROWS.continued]);
  });

  it('leaves none of the continued names readable in any output', async () => {
    // Act
    const report = await checkRenderedLeaks(
      await makeStaffTablePdf(),
      STAFF_ROWS.continued.map((value) => ({ kind: 'name' as const, value })),
    );
    // Assess
    expect(report.leaks).toEqual({ text: [], images: [], pdfText: [], pdfMetadata: [] });
  });

  it('does not carry the column to rows in other columns, nor when names are not asked for', async () => {
    // Act, Assess
    expect(await maskedPersons(await makeStaffTablePdf({ shifted: true }))).toEqual([...STAFF_ROWS.first]);
    expect(await maskedPersons(await makeStaffTablePdf(), NAMES_ONLY)).toEqual([]);
  });
});

describe('a people column that is not the first, on a drawn page', () => {
  it('masks the names under "Name" in the second column of a PDF register, and nothing of the prose below', async () => {
    // Act
    const persons = await maskedPersons(await makeRegisterPdf());
    // Assess
    expect(persons).toEqual([...REGISTER_ROWS]);
  });
});
