/**
 * Values in a declared table's columns whose header names their type: a
 * spreadsheet or CSV export's "phone", "dob", "date_of_birth", "ssn",
 * "iban", "address" columns. Running text labels a value beside it
 * (label-values.ts); a table labels a whole column once, at its top, so the
 * cells far below carry no cue of their own and their patterns alone miss
 * what a misreading, a national format or a bare date leaves them.
 *
 * Each cell under such a header (below the header rows, one column wide) is
 * masked as the header's type when it has the type's shape as label-values
 * asks of a labelled value (enough digits for a number, a digit or a month
 * for a date). People columns are person-table-columns.ts's.
 *
 * @module
 */
import type { DocumentPage } from '../document-model.ts';
import type { PiiSpan } from './detect.ts';
import { columnKind } from './label-values.ts';
import { headedColumnSpans, headerWords } from './person-table-columns.ts';
import type { TextIndex } from './text-index.ts';

/** The typed values in the pages' declared tables (see the module note). */
export function typedColumnValues(pages: readonly DocumentPage[], index: TextIndex): PiiSpan[] {
  return headedColumnSpans(pages, index, (column) => {
    const kind = columnKind(headerWords(column.header));
    return kind && { type: kind.type, cell: (text) => text.trim() !== '' && kind.value(text.trim()) };
  });
}
