/** CSV renderings of a financial extract result, for `docintel extract --csv`. */

/** RFC 4180 field: quoted when it holds a comma, quote or line break; formula-leading text defused for spreadsheets. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // A cell starting with = + - @ is run as a formula by spreadsheets; numbers (-12.50) stay as they are.
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const row = (values: unknown[]) => values.map(csvField).join(',');

/** One row per field found: field,value,confidence. */
export function entitiesCsv(entities: Record<string, unknown>, confidence: Record<string, unknown>): string {
  return [row(['field', 'value', 'confidence']), ...Object.entries(entities).map(([field, value]) => row([field, value, confidence[field]]))].join('\n');
}

const LINE_ITEM_COLUMNS = ['description', 'quantity', 'unit_price', 'total'] as const;

/** One row per line item: description,quantity,unit_price,total. */
export function lineItemsCsv(items: readonly Record<string, unknown>[]): string {
  return [row([...LINE_ITEM_COLUMNS]), ...items.map((item) => row(LINE_ITEM_COLUMNS.map((c) => item[c])))].join('\n');
}
