/**
 * Reads a PDF page's AcroForm widgets with their values (pdf.js annotation
 * data), so extraction sees what was typed into a form: those values live in
 * the form's field dictionaries and appearance streams, not in the page's
 * text content.
 *
 * @module
 */
import type { BBox, FormField } from '../document-model.ts';
import type { PdfPageProxy } from './pdfjs.ts';

type Viewport = ReturnType<PdfPageProxy['getViewport']>;

/** The subset of pdf.js widget annotation data read here. */
interface WidgetData {
  readonly subtype?: string;
  readonly fieldType?: string;
  readonly fieldName?: string;
  readonly fieldValue?: unknown;
  readonly checkBox?: boolean;
  readonly radioButton?: boolean;
  readonly pushButton?: boolean;
  readonly exportValue?: unknown;
  readonly buttonValue?: unknown;
  readonly alternativeText?: string;
  readonly rect?: readonly number[];
  readonly hidden?: boolean;
}

/** Most form fields a page keeps (a hostile PDF can declare hundreds of thousands of widgets). */
export const MAX_FORM_FIELDS_PER_PAGE = 2_000;

function kindOf(widget: WidgetData): FormField['kind'] | undefined {
  if (widget.fieldType === 'Tx') return 'text';
  if (widget.fieldType === 'Ch') return 'choice';
  if (widget.fieldType === 'Btn') return widget.checkBox ? 'checkbox' : widget.radioButton ? 'radio' : 'button';
  return undefined;
}

function valueOf(widget: WidgetData, kind: FormField['kind']): FormField['value'] {
  const raw = widget.fieldValue;
  if (kind === 'checkbox') return typeof raw === 'string' && raw !== 'Off' && (widget.exportValue === undefined || raw === widget.exportValue);
  if (kind === 'radio') return raw !== undefined && raw !== null && raw !== 'Off' && raw === widget.buttonValue;
  const text = Array.isArray(raw) ? raw.filter((v) => typeof v === 'string').join(', ') : typeof raw === 'string' ? raw : '';
  return text.trim() ? text.trim() : null;
}

/**
 * The page's annotation data as pdf.js reads it for display; undefined when it cannot be read (never throws):
 * the page is then drawn without its annotations (pdf-text-backend.ts drawPage), as nothing of them was read.
 */
export async function readAnnotationData(page: PdfPageProxy): Promise<readonly unknown[] | undefined> {
  try {
    return (await page.getAnnotations({ intent: 'display' })) as unknown[];
  } catch {
    return undefined;
  }
}

/** A pdf.js annotation rectangle (PDF user space) as a normalised page box. */
export function viewportBox(rect: readonly number[], viewport: Viewport): BBox {
  const [x0, y0, x1, y1] = viewport.convertToViewportRectangle(rect as number[]);
  return [
    Math.max(0, Math.min(x0, x1) / viewport.width),
    Math.max(0, Math.min(y0, y1) / viewport.height),
    Math.min(1, Math.max(x0, x1) / viewport.width),
    Math.min(1, Math.max(y0, y1) / viewport.height),
  ];
}

/** The form fields among a page's annotation data (see {@link readAnnotationData}). */
export function formFieldsOf(annotations: readonly unknown[], viewport: Viewport): FormField[] {
  const fields: FormField[] = [];
  for (const widget of annotations as WidgetData[]) {
    if (fields.length >= MAX_FORM_FIELDS_PER_PAGE) break;
    if (widget.subtype !== 'Widget' || widget.hidden || !widget.fieldName || !widget.rect || widget.rect.length !== 4) continue;
    const kind = kindOf(widget);
    if (!kind || kind === 'button') continue;
    const tooltip = widget.alternativeText?.trim();
    fields.push({ name: widget.fieldName, kind, value: valueOf(widget, kind), bbox: viewportBox(widget.rect, viewport), ...(tooltip ? { tooltip } : {}) });
  }
  return fields;
}
