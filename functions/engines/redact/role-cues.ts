/**
 * Job titles and roles (and kin in letters) after which the next words on a letterhead, an
 * imprint or a signature block are a person: "Geschäftsführer Greta
 * Vollmerhaus", "Managing Director: Ann Vey", "Contact commercial⏎Tony
 * Dubois", "Gérant M. Lenoir". Company registers and invoices name their
 * officers this way in every language, so a run right after a role is a
 * person even when no name list holds its words.
 *
 * @module
 */

/**
 * Titles that name an officer before the name with nothing between
 * ("Geschäftsführer Greta …", "CEO Ann Vey", "Gérant Luc …"): English,
 * German, French, Spanish, Italian, Dutch, Portuguese; whole words, any case.
 */
const TITLES = [
  'managing director', 'chief executive(?: officer)?', 'ceo', 'cfo', 'cto', 'coo', 'co-?founder', 'founder', 'sales contact', 'contact person', 'account manager',
  'geschäftsführer(?:in)?', 'geschäftsführende[rn]? gesellschafter(?:in)?', 'gf', 'inhaber(?:in)?', 'ansprechpartner(?:in)?', 'vorstandsvorsitzende[rn]?', 'vorstand',
  'aufsichtsratsvorsitzende[rn]?', 'prokurist(?:in)?', 'sachbearbeiter(?:in)?', 'vertreten durch',
  'gérant(?:e)?', 'directeur général', 'directrice générale', 'pdg', 'contact commercial', 'interlocut(?:eur|rice)',
  'director(?:a)? general', 'administrador(?:a)? únic[oa]', 'amministratore(?: delegato| unico)', 'legale rappresentante',
  'zaakvoerder', 'contactpersoon', 'sócio-gerente', 'sócia-gerente',
  // Judges as judgments and orders name them ("HHJ Ada Brisk", "Mr Justice Quell", "District Judge Orvell").
  'hhj', 'his honour judge', 'her honour judge', '(?:district |circuit |deputy district )?judge', '(?:mr|mrs|ms|lord|lady) justice',
  // Kin before a name in the letters of six languages ("su hijo Íñigo …", "seine Tochter Wiebke …"); not English, where
  // "Brother", "Mother" and "Sister" open brands and titles as often.
  'sohn', 'tochter', 'ehefrau', 'ehemann', 'bruder', 'schwester',
  'fils', 'fille', 'épouse', 'époux', 'frère', 'sœur',
  'hij[oa]', 'espos[oa]', 'marido', 'herman[oa]',
  'figli[oa]', 'moglie', 'marito', 'fratello', 'sorella',
  'zoon', 'dochter', 'echtgeno(?:te|ot)', 'broer', 'zus',
  'filh[oa]', 'irmão', 'irmã',
];

/**
 * Role words that are ordinary words in prose too ("contact", "director",
 * "owner"): a role only as a label, with a colon or dash after it, or
 * ending the line before the name ("Contact:⏎Ann Vey").
 */
const LABELS = [
  'director', 'president', 'chair(?:man|woman|person)?', 'owner', 'proprietor', 'manager', 'contact', 'representative', 'authori[sz]ed signatory', 'signatory',
  'secretary', 'treasurer', 'attn', 'attention',
  'geschäftsführung', 'aufsichtsrat', 'kontakt', 'bearbeiter(?:in)?', 'vertretungsberechtigte[rn]?', 'leitung',
  'directeur', 'directrice', 'président(?:e)?', 'responsable', 'représentant(?:e)?(?: légal(?:e)?)?', 'associé(?:e)?', 'contact',
  'gerente', 'director(?:a)?', 'administrador(?:a)?', 'presidente', 'propietari[oa]', 'titular', 'contacto', 'representante(?: legal)?', 'soci[oa]',
  'amministratore', 'direttore', 'direttrice', 'titolare', 'referente', 'contatto', 'responsabile',
  'eigenaar', 'bestuurder', 'vennoot', 'beheerder',
  'sócio', 'sócia', 'diretor(?:a)?', 'proprietári[oa]', 'responsável', 'contato',
];

/** A title between the role and the name ("Geschäftsführer: Dr. …", "Gérant M. …"). */
const TITLE = String.raw`(?:(?:dr|prof|mr|mrs|ms|herr|frau|m|mme|sr|sra|dhr|mevr|ing|dipl\.?-ing)\.?[ \t]+)*`;

/**
 * A role right before a span, after a word boundary, then optional titles:
 * an officer's title with an optional colon, dash or comma, on the same line
 * or ending the line before ("Geschäftsführung:⏎Maxima …"); a label word
 * only with a colon or dash, or at the end of the line before.
 */
const ROLE_BEFORE = new RegExp(
  String.raw`(?:^|[^\p{L}])(?:(?:${TITLES.join('|')})[ \t]*[:\-–,]?[ \t]*\n?|(?:${LABELS.join('|')})[ \t]*(?:[:\-–][ \t]*\n?|\n))[ \t]*${TITLE}$`,
  'iu',
);

/** Whether the words right before `start` are a job title or role, so the run at `start` is a person. */
export function roleBefore(text: string, start: number): boolean {
  return ROLE_BEFORE.test(text.slice(Math.max(0, start - 60), start));
}

/** A role opening a span, read as roleBefore reads it (a label word only with a colon, a dash or a line end) ("Geschäftsführer Greta Vollmerhaus" read as one run of capitalised words): what to cut off. */
const ROLE_OPENING = new RegExp(
  String.raw`^(?:(?:${TITLES.join('|')})(?:[ \t]*[:\-–,][ \t]*|[ \t]+)\n?|(?:${LABELS.join('|')})[ \t]*(?:[:\-–][ \t]*\n?|\n))[ \t]*${TITLE}(?=\p{L})`,
  'iu',
);

/** How many characters of a span's start are a role title rather than the name (0 when none). */
export function roleOpening(value: string): number {
  return ROLE_OPENING.exec(value)?.[0].length ?? 0;
}
