/**
 * What a PDF page's annotations say: the text their appearances draw (free
 * text, filled form fields), the values of form fields (text, choice,
 * checkbox and radio export values), and their contents and authors (what a
 * viewer shows in a note's pop-up). None of it is in the page's text layer,
 * yet the renderer paints much of it on the page: redaction must see it.
 *
 * pdf.js reads the appearance text of text fields and free-text
 * annotations itself (`textContent`); the appearances it does not read — a
 * stamp's, a signature field's "Digitally signed by …", a push button's
 * caption, a shape or a note icon that draws words — are marked
 * `appearanceUnread`: pictures to the caller, which OCRs them (see
 * redact/picture-text.ts), whatever contents the annotation also has.
 *
 * @module
 */
import type { PageAnnotation } from '../document-model.ts';
import { viewportBox } from './form-fields.ts';
import { mostlyUnreadable } from './unreadable-chars.ts';
import type { PdfPageProxy } from './pdfjs.ts';

type Viewport = ReturnType<PdfPageProxy['getViewport']>;

/** The subset of pdf.js annotation data read here. */
interface AnnotationData {
  readonly subtype?: string;
  readonly rect?: readonly number[];
  readonly hidden?: boolean;
  readonly fieldType?: string;
  readonly fieldValue?: unknown;
  readonly checkBox?: boolean;
  readonly radioButton?: boolean;
  readonly exportValue?: unknown;
  readonly buttonValue?: unknown;
  readonly combo?: boolean;
  readonly options?: readonly { readonly displayValue?: unknown }[];
  readonly textContent?: readonly unknown[];
  readonly contentsObj?: { readonly str?: unknown };
  readonly titleObj?: { readonly str?: unknown };
  readonly hasAppearance?: boolean;
}

/** Most annotations a page keeps (a hostile PDF can declare hundreds of thousands). */
export const MAX_ANNOTATIONS_PER_PAGE = 2_000;
/** Most characters kept of one annotation's text (a note can hold a book). */
export const MAX_ANNOTATION_CHARS = 20_000;

/** Annotations with nothing to say: links, pop-ups (their parent carries the text), sounds, movies, screens. */
const SILENT = new Set(['Link', 'Popup', 'Sound', 'Movie', 'Screen', 'PrinterMark', 'TrapNet', '3D', 'RichMedia']);

const strings = (values: readonly unknown[]): string[] => values.filter((v): v is string => typeof v === 'string');

/** The appearance text pdf.js read, without readings of a font whose character map names no letters (a picture then). */
const appearanceText = (data: AnnotationData) => strings(data.textContent ?? []).filter((t) => t.trim() && !mostlyUnreadable(t));

/** A form widget's value as text: what was typed or chosen, or the export value of a checked box or chosen radio button. */
function fieldText(data: AnnotationData): string[] {
  const raw = data.fieldValue;
  if (data.fieldType === 'Btn') {
    const on = data.checkBox ? raw !== 'Off' && (data.exportValue === undefined || raw === data.exportValue) : data.radioButton && raw === data.buttonValue;
    return on && typeof raw === 'string' ? [raw] : [];
  }
  const values = Array.isArray(raw) ? strings(raw) : typeof raw === 'string' ? [raw] : [];
  // A list box draws every option, not only the chosen one.
  const listed = data.fieldType === 'Ch' && !data.combo ? strings((data.options ?? []).map((o) => o.displayValue)) : [];
  return [...values, ...listed];
}

/**
 * Whether the annotation draws an appearance whose text pdf.js did not read. A text or choice field's
 * appearance draws its value (read as the value), a check box or radio button draws a mark.
 */
function appearanceUnread(data: AnnotationData): boolean {
  // Read as nothing or as unreadable codes (a font mapped to private-use characters), the appearance is unread too.
  if (data.hasAppearance !== true || appearanceText(data).length > 0) return false;
  return !(data.subtype === 'Widget' && (data.fieldType === 'Tx' || data.fieldType === 'Ch' || data.checkBox === true || data.radioButton === true));
}

/** Every distinct line the annotation says, in a stable order (appearance, value, contents, author). */
function linesOf(data: AnnotationData): string[] {
  const texts = [
    ...appearanceText(data),
    ...(data.subtype === 'Widget' ? fieldText(data) : []),
    ...strings([data.contentsObj?.str, data.titleObj?.str]),
  ];
  const lines: string[] = [];
  let chars = 0;
  for (const line of texts.flatMap((t) => t.split(/\r\n?|\n/))) {
    const clean = line.replace(/\s+/g, ' ').trim();
    if (!clean || lines.includes(clean) || chars >= MAX_ANNOTATION_CHARS) continue;
    const kept = clean.slice(0, MAX_ANNOTATION_CHARS - chars);
    chars += kept.length;
    lines.push(kept);
  }
  return lines;
}

/** The annotations of a page's annotation data (form-fields.ts's readAnnotationData) that show or say something. */
export function annotationsOf(annotations: readonly unknown[], viewport: Viewport): PageAnnotation[] {
  const out: PageAnnotation[] = [];
  for (const data of annotations as AnnotationData[]) {
    if (out.length >= MAX_ANNOTATIONS_PER_PAGE) break;
    if (!data || typeof data.subtype !== 'string' || SILENT.has(data.subtype) || data.hidden) continue;
    if (!data.rect || data.rect.length !== 4 || !data.rect.every(Number.isFinite)) continue;
    const bbox = viewportBox(data.rect, viewport);
    if (bbox[2] <= bbox[0] || bbox[3] <= bbox[1]) continue;
    const lines = linesOf(data);
    // Widgets are drawn from their appearance or from their value; other annotations only from an appearance.
    const drawn = data.subtype === 'Widget' || data.hasAppearance !== false;
    if (!lines.length && !drawn) continue;
    out.push({ subtype: data.subtype, bbox, lines, drawn, ...(drawn && appearanceUnread(data) ? { appearanceUnread: true } : {}) });
  }
  return out;
}
