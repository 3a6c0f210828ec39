/**
 * OOXML packages (Open Packaging Conventions) on top of the safe zip reader:
 * relationships, part-name resolution, and the refusals shared by the three
 * Office backends (not a zip, legacy binary Office, encrypted).
 *
 * @module
 * @internal
 */
import { DocumentLoadError } from '../../contracts/errors.ts';
import { attr, scanXml } from './xml-scan.ts';
import { ZipArchive } from './zip.ts';

export interface Relationship {
  readonly id: string;
  readonly type: string;
  /** Resolved absolute part name without the leading slash (`word/document.xml`). */
  readonly target: string;
  readonly external: boolean;
}

const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The UTF-16LE bytes of a name, to find a stream in a compound file's directory. */
function utf16(name: string): number[] {
  return [...name].flatMap((c) => [c.charCodeAt(0), 0]);
}

function contains(bytes: Uint8Array, needle: readonly number[]): boolean {
  const first = needle[0];
  for (let i = bytes.indexOf(first); i >= 0 && i <= bytes.length - needle.length; i = bytes.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && bytes[i + j] === needle[j]) j++;
    if (j === needle.length) return true;
  }
  return false;
}

/**
 * Opens the bytes as an OOXML package.
 *
 * @throws DocumentLoadError `document_encrypted` (a password-protected Office
 *   file is a compound file holding an EncryptedPackage), `unsupported_file_type`
 *   (legacy .doc/.xls/.ppt), `document_corrupt` (not a zip, truncated, bombs).
 */
export function openPackage(bytes: Uint8Array, what: string): ZipArchive {
  if (CFB_SIGNATURE.every((b, i) => bytes[i] === b)) {
    if (contains(bytes, utf16('EncryptedPackage'))) {
      throw new DocumentLoadError('document_encrypted', `The ${what} is password-protected; remove the password and upload it again.`);
    }
    throw new DocumentLoadError(
      'unsupported_file_type',
      `The file is a legacy binary Office document (.doc or .ppt), not a ${what}; save it in the current format (.docx, .pptx) and upload it again.`,
      { details: { detected_type: null } },
    );
  }
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b)) {
    throw new DocumentLoadError('document_corrupt', `The file is not a ${what}: it is not a zip package.`);
  }
  return new ZipArchive(bytes);
}

/** Resolves a relationship target against the part that owns the relationships. */
export function resolvePartName(sourcePart: string, target: string): string {
  if (target.startsWith('/')) return normalise(target.slice(1));
  const base = sourcePart.includes('/') ? sourcePart.slice(0, sourcePart.lastIndexOf('/') + 1) : '';
  return normalise(base + target);
}

function normalise(path: string): string {
  const out: string[] = [];
  for (const segment of decodeURIComponentSafe(path).split('/')) {
    if (segment === '..') out.pop();
    else if (segment !== '.' && segment !== '') out.push(segment);
  }
  return out.join('/');
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The relationships of a part (`''` for the package), empty when it has none. */
export function relationships(zip: ZipArchive, sourcePart: string): Relationship[] {
  const dir = sourcePart.includes('/') ? sourcePart.slice(0, sourcePart.lastIndexOf('/') + 1) : '';
  const file = sourcePart.slice(dir.length);
  const relsPart = `${dir}_rels/${file}.rels`;
  if (!zip.has(relsPart)) return [];
  const out: Relationship[] = [];
  scanXml(zip.readText(relsPart), {
    open(name, attrs) {
      if (name !== 'Relationship') return;
      const id = attr(attrs, 'Id') ?? '';
      const type = attr(attrs, 'Type') ?? '';
      const target = attr(attrs, 'Target') ?? '';
      const external = attr(attrs, 'TargetMode') === 'External';
      out.push({ id, type, target: external ? target : resolvePartName(sourcePart, target), external });
    },
  }, relsPart);
  return out;
}

/** The package's main part (`officeDocument` relationship), or `fallback` when the package says nothing usable. */
export function mainPart(zip: ZipArchive, fallback: string, what: string): string {
  const main = relationships(zip, '').find((r) => r.type.endsWith('/officeDocument') && !r.external && zip.has(r.target));
  const part = main?.target ?? (zip.has(fallback) ? fallback : undefined);
  if (!part) throw new DocumentLoadError('document_corrupt', `The file is not a readable ${what}: its main part (${fallback}) is missing.`);
  return part;
}

/** Relationship targets of `part` by id. */
export function relationshipMap(zip: ZipArchive, part: string): Map<string, Relationship> {
  return new Map(relationships(zip, part).map((r) => [r.id, r]));
}
