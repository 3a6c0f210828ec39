/**
 * A CSV or spreadsheet export of people (a CRM's contacts, a school's
 * roster): the header names each column once ("first_name", "phone",
 * "dob", "home_address"), so the cells far below carry no cue of their own.
 * Every name, number and address here is invented (the phone numbers are in
 * the range kept for fiction, which the phone pattern alone does not take).
 */
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { columnKind } from '../../../functions/engines/redact/label-values.ts';
import { headerWords } from '../../../functions/engines/redact/person-table-columns.ts';
import { redactedText } from './redact-plan.ts';


describe('typed columns of an export', () => {
  it('reads field names as words and knows the types headers name', () => {
    expect(headerWords('first_name')).toBe('first name');
    expect(headerWords('dateOfBirth')).toBe('date of birth');
    expect(columnKind(headerWords('DOB'))?.type).toBe('DATE_OF_BIRTH');
    expect(columnKind(headerWords('phone_number'))?.type).toBe('PHONE_NUMBER');
    expect(columnKind(headerWords('home_address'))?.type).toBe('STREET_ADDRESS');
    expect(columnKind(headerWords('Address'))?.type).toBe('STREET_ADDRESS');
    expect(columnKind(headerWords('start_date'))).toBeUndefined();
    expect(columnKind(headerWords('Phone model'))).toBeUndefined();
  });

  it('masks names, phones, birth dates and addresses of a CSV export under snake_case headers', async () => {
    const csv = [
      'first_name,last_name,email,phone,dob,start_date,home_address',
      'Ysolde,Brackenmoor,ysolde.b@mailbox.example,+1 415 555 0142,1988-02-14,2024-01-08,"12 Wexcombe Rd, Leeds"',
      'Caspian,Okwuosa-Hale,c.okwuosa@mailbox.example,(212) 555-0177,1979-11-03,2023-06-19,"4 Brindle Ct, York"',
    ].join('\n');
    const text = await redactedText(new TextEncoder().encode(csv), 'people.csv');
    for (const value of ['Ysolde', 'Brackenmoor', 'Caspian', 'Okwuosa-Hale', '555', '1988-02-14', '1979-11-03', 'Wexcombe', 'Brindle']) {
      expect(text, value).not.toContain(value);
    }
    expect(text).toContain('2024-01-08');
  });

  it('masks a workbook’s DOB and Phone columns, and leaves a Phone column of extensions', async () => {
    const book = XLSX.utils.book_new();
    const rows = [
      ['Employee', 'DOB', 'Mobile', 'Desk phone'],
      ['Ingrith Solvberg', '14.02.1988', '07700 900218', 'x2231'],
    ];
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Staff');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    const text = await redactedText(bytes, 'staff.xlsx');
    expect(text).not.toContain('14.02.1988');
    expect(text).not.toContain('900218');
    expect(text).toContain('x2231');
  });
});
