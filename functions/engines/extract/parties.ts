/**
 * Who the parties are: what a vendor's or customer's name can be (not a title, a country, a heading, an identifier or
 * a table's column headings), the lines around a name (registration numbers, contact lines, web addresses) and the
 * address block under it.
 *
 * @module
 */
import { amountsIn } from './normalize.ts';
import { SDN_BHD } from './legal-forms.ts';
import type { Line } from './page-lines.ts';
import { headerRoles } from './line-items.ts';

/** Phone, fax, mail and web lines under a letterhead: contact details, not the address. */
export const CONTACT_LINE =
  /@|https?:\/\/|www\.|(?<![\p{L}])(?:tel|phone|fax|mobile|téléphone|telefon|teléfono|telefono)(?![\p{L}])|\+\d{1,3}[\s\d]{6,}/iu;

/**
 * A web address as OCR reads it off a receipt — "www.feinkost-lindner.de", "Www. feinkost-lindner de",
 * "wWWw.lindner.de" — and the name it spells: its first part, before a hyphen ("feinkost"), capitalised.
 */
const WEB_ADDRESS =
  /(?<![\p{L}])w{2,}\s?[.,]\s?([a-z0-9][a-z0-9 -]{1,40}?)\s?[., ]\s?(?:de|com|net|org|eu|at|ch|fr|es|it|nl|be|co\.uk|uk|my|com\.my|sg)(?![\p{L}])/iu;

/**
 * Payment wording in the six languages ("Kartenwelt Payment / Services www.kartenwelt.de" on a card slip): a web address
 * on such a line, or right under one, is the card terminal's processor, not the seller.
 */
const PAYMENT_PROVIDER = /(?<![\p{L}])(?:payments?|zahlungs\p{L}*|paiements?|pagos?|pagamenti|pagamento|betalingen|betaling)(?![\p{L}])/iu;

/** Whether line `i` prints a payment processor's web address (the line or the one above it says payment). */
export function paymentProviderLine(texts: readonly string[], i: number): boolean {
  return WEB_ADDRESS.test(texts[i] ?? '') && (PAYMENT_PROVIDER.test(texts[i]) || (i > 0 && PAYMENT_PROVIDER.test(texts[i - 1])));
}

export function webNames(lines: readonly Line[]): { name: string; line: number }[] {
  const out: { name: string; line: number }[] = [];
  lines.forEach((l, line) => {
    const m = WEB_ADDRESS.exec(l.text);
    if (!m) return;
    const first = m[1]
      .replace(/\s+/g, '')
      .split('-')[0]
      .replace(/[^\p{L}\p{N}]/gu, '');
    if (first.length >= 3 && /\p{L}{3,}/u.test(first) && !out.some((o) => o.name.toLowerCase() === first.toLowerCase()))
      out.push({ name: first.charAt(0).toUpperCase() + first.slice(1), line });
  });
  return out;
}

/** A line that is only the document's title: "TAX INVOICE", "Simplified Tax Invoice", "CASH BILL", "Rechnung", "Reçu". */
export const DOCUMENT_TITLE =
  /^[-–*=\s]*(?:simplified\s+|official\s+)?(?:tax\s+)?(?:invoice|receipt|cash\s+bill|bill|rechnung|quittung|kassenbon|facture|re[çc]u|ticket|factura|recibo|fattura|fatura|ricevuta|scontrino|factuur|kassabon|bon)[-–*=\s]*$/iu;

const NAME_LABEL =
  /^(?:name|company|firma|firmenname|company name|raison sociale|nom|nombre|razón social|ragione sociale|denominazione|naam|bedrijfsnaam)\s*[:：]\s*(.+)$/iu;

/** Under a party heading ("Seller", "Käufer"): its "Name:" line, else its first line that is not another field. */
export function nameUnderHeading(lines: readonly Line[]): string | undefined {
  for (const l of lines) {
    const named = NAME_LABEL.exec(l.text.trim());
    if (named) return named[1].trim();
  }
  return lines.find((l) => !/[:：]/.test(l.text) && /\p{L}{2,}/u.test(l.text) && !amountsIn(l.text).length)?.text.trim();
}

/**
 * A line that is only a company registration number, as receipts and
 * letterheads print it under the name: "(0012345678-X)", "{765432-A)",
 * "Co. No. 123456-X", "Company Reg. No: 123456", "Reg No: 1234567-K",
 * "BR No. (123456-A)" (a business registration). OCR may turn "Co." into "C0.".
 */
export const REGISTRATION_LINE =
  /^\s*(?:[(\[{]\s*(?:(?:c[o0]\.?|company)\s*(?:reg(?:istration)?\.?\s*)?(?:no|n[o0])\.?\s*[:.]?\s*)?[A-Z]{0,4}\d[\dA-Z]{3,}(?:[-\s]?[A-Z0-9]{1,2})?\s*[)\]}]|(?:(?:c[o0]\.?|company|comp\.?)\s*(?:reg(?:istration)?\.?\s*)?|reg(?:istration)?\.?\s*|br\.?\s*)(?:no|n[o0]|number)\.?\s*[:.]?\s*[(\[{]?\s*[A-Z]{0,4}\d[\dA-Z]{3,}(?:[-\s]?[A-Z0-9]{1,2})?\s*[)\]}]?|roc\s*(?:no\.?)?\s*[:.]?\s*\d[\dA-Z-]{3,})[\s.,]*$/iu;
/** The same number at the end of the name's own line. */
// Bracketed ("(765432-A)", followed by a stray comma too), or bare with a branch code after it ("123456-X (AB1)").
export const REGISTRATION_SUFFIX =
  /\s*(?:[(\[{]\s*(?:(?:c[o0]\.?|company)\s*(?:reg\.?\s*)?(?:no|n[o0])\.?\s*[:.]?\s*)?[A-Z]{0,4}\d{4,}(?:-\s?|\s)?[A-Z0-9]{0,2}\s*[)\]}]|(?<![\p{L}\d])\d{5,}-[A-Z](?![\p{L}\d])(?:\s*[(\[{][\p{L}\d]{1,6}[)\]}])?)[\s.,;]*$/iu;

/** Dashes, quotes, bullets and bars before a line's text. */
export const LEADING_MARKS = /^[\s—–\-_*•·"“”„'‘’|=~]+/u;

/** An address block's lines as one value, comma-separated; a line that already ends in a comma gets no second one. */
export function joinAddressLines(texts: readonly string[]): string {
  return texts
    .map((t) => t.trim())
    .filter(Boolean)
    .reduce((out, t) => (out ? `${out}${/[,;]$/.test(out) ? ' ' : ', '}${t}` : t), '');
}

/** A delivery-address heading alone on its line, in the six languages. */
export const DELIVERY_HEADING =
  /^(?:delivery address|deliver to|ship(?:ping)? (?:to|address)|lieferadresse|lieferanschrift|adresse de livraison|livr(?:é|e)e? à|dirección de entrega|enviar a|indirizzo di consegna|consegna a|afleveradres|leveringsadres)\s*:?$/iu;

/** A company form in a name (GmbH, Ltd., B.V., Sdn Bhd…): letterheads and vendor lines. */
export const COMPANY = new RegExp(
  String.raw`(?<![\p{L}])(?:gmbh|ag|kg|ohg|e\.k\.|ug|ltd\.?|limited|inc\.?|llc|llp|plc|corp\.?|corporation|co\.|company|s\.a\.s\.?|sas|s\.a\.|sarl|s\.r\.l\.?|srl|s\.l\.|s\.p\.a\.?|spa|b\.v\.?|bv|n\.v\.?|nv|${SDN_BHD}|bhd|s\/b|pty|oy|ab|a\/s|pvt\.?|enterprise|trading|restaurant|cafe|café|store|shop|hotel|mart)(?![\p{L}])`,
  'iu',
);

/** A document title printed on the name's row ("Kestrel Print Works Ltd   INVOICE"), in capitals or set apart by a bar or dash. */
const TRAILING_TITLE =
  /(?:\s+[-–|]\s*|\s+)(?:(?:SIMPLIFIED\s+|OFFICIAL\s+)?(?:TAX\s+)?(?:INVOICE|RECEIPT|CASH\s+BILL|CREDIT\s+NOTE|RECHNUNG|QUITTUNG|GUTSCHRIFT|FACTURE|FACTURA|FATTURA|FACTUUR)|(?<=[-–|]\s*)(?:tax\s+)?(?:invoice|receipt|rechnung|facture|factura|fattura|factuur))\s*$/u;

/** How much of a row's end {@link withoutTitle} reads for a title. */
const TITLE_TAIL_CHARS = 80;

/**
 * A name without the document's title the text layer or OCR joined to its row: a letterhead at the left and "INVOICE"
 * at the right read as one line. Only a title in capitals (or after a bar or dash), and only when a name is left.
 */
export function withoutTitle(name: string): string {
  // Only the row's end is read: the pattern backtracks over a run of blanks at every place in it, so a hostile row of
  // thousands of spaces took minutes; a title and its separator fit in far fewer characters than this.
  const row = name.trimEnd();
  const cut = Math.max(0, row.length - TITLE_TAIL_CHARS);
  const rest = (row.slice(0, cut) + row.slice(cut).replace(TRAILING_TITLE, '')).trim();
  return rest !== name.trim() && /\p{L}{2,}/u.test(rest) ? rest : name;
}

/** A row of item-table column headings ("Item Qty Unit Amount", "Description Menge Preis"): two roles or more, no digits. */
function isColumnHeaderRow(text: string): boolean {
  return !/\d/.test(text) && headerRoles(text.toLowerCase()).length >= 2 && text.split(/\s+/).length <= 8;
}

/** Country names (EN/DE/FR/ES/IT/NL) that end address blocks: alone on a line they are no party's name. */
const COUNTRY_ONLY =
  /^(?:united states(?: of america)?|usa|u\.s\.a\.|united kingdom|uk|great britain|germany|deutschland|allemagne|alemania|germania|duitsland|france|frankreich|francia|frankrijk|spain|spanien|espagne|españa|spagna|spanje|italy|italien|italie|italia|italië|netherlands|the netherlands|niederlande|pays-bas|países bajos|paesi bassi|nederland|austria|österreich|autriche|oostenrijk|switzerland|schweiz|suisse|suiza|svizzera|zwitserland|belgium|belgien|belgique|bélgica|belgio|belgië|canada|kanada|india|indien|poland|polen|pologne|ireland|irland|luxembourg|luxemburg|australia|australien|singapore|malaysia)$/iu;

/** Document vocabulary that heads or labels blocks, never a party's name. */
const NOT_A_NAME =
  /^(?:ship(?:ped)? to|deliver(?:y)? (?:to|address)|lieferadresse|lieferanschrift|livraison|incoterms?|art[-.\s]?nr\b.*|page|seite|details?|description|beschreibung|case|total|summary)\.?$/iu;

/**
 * A value that can be a vendor's or customer's name: mail and web
 * addresses taken out; not a country, an identifier (VAT or account
 * numbers: mostly digits) or a heading.
 */
export function partyName(raw: string): string | undefined {
  const text = withoutTitle(raw)
    .replace(/\S+@\S+\.\S+|(?:https?:\/\/|www\.)\S+/giu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;|–-]+|[\s,;|–-]+$/gu, '');
  if (text.length < 2 || !/\p{L}{2,}/u.test(text)) return undefined;
  if (COUNTRY_ONLY.test(text) || NOT_A_NAME.test(text) || isColumnHeaderRow(text)) return undefined;
  const compact = text.replace(/[\s.\-/]/g, '');
  const digits = compact.replace(/\D/g, '').length;
  if (digits >= 5 && digits >= compact.length / 2) return undefined;
  return text;
}

/**
 * Thanks, greetings, opening hours and return policies, in the six languages: a receipt prints them at its head or foot,
 * and they never name the seller ("Thank you", "TQ for shopping", "Terima kasih", "Selamat datang", "Welcome to",
 * "Goods sold are not returnable", "Unsere Öffnungszeiten", "Vielen Dank", "Merci de votre visite", "Gracias por su
 * compra", "Grazie", "Bedankt").
 */
const COURTESY =
  /(?<![\p{L}])(?:thank(?:s|\s+you)|tq\s+for|terima\s+kasih|selamat\s+datang|welcome\s+to|goods\s+sold|(?:not|non)[-\s]?(?:returnable|refundable|exchangeable)|opening\s+hours|öffnungszeiten|(?:vielen\s+)?dank(?:e|\s+für)|willkommen|merci|bienvenue|heures\s+d'ouverture|gracias|bienvenid[oa]s?|horario|grazie|benvenut[oi]|orari|bedankt|welkom|openingstijden)(?![\p{L}])/iu;
export const courtesyLine = (text: string): boolean => COURTESY.test(text);

/** A name with no run of five letters and no legal form: what OCR makes of a logo, not a shop's name. */
export function unreadableName(name: string): boolean {
  return !/\p{L}{5,}/u.test(name) && !COMPANY.test(name);
}

