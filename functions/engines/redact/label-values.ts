/**
 * Values a form's label names: "Social Security No.: 5l2-4B-773O",
 * "Patient name: H4lvard 0strick", "Date of birth" with the date on the line
 * below. On a filled paper form read by OCR the value is often misread
 * (handwriting, a faint stamp) so that no pattern of its type matches any
 * more, while the printed label is read well: the label says what the value
 * is, and the value is masked as that type whatever its characters. On
 * text pages it is a second reading of what the patterns already find.
 *
 * A label counts at the start of a line or of a cell (after a tab, two
 * spaces or `|`), followed by a colon, `#` or `No.`; its value runs to the
 * end of the line or to the next cell that is itself a label. A label alone
 * on its line (with a colon, or a label that cannot be anything else, like
 * "Date of birth") takes the next line as its value when that line is short
 * and no label itself. Each type asks its value for a shape a misreading
 * keeps (enough digit-like characters for numbers, a capital for a name
 * after a bare "Name:"), so prose and configuration text ("name: docling",
 * "Address: the address to bind") are left alone.
 *
 * @module
 */
import { ORGANISATION_WORDS } from './names.ts';
import type { Candidate, Recognizer } from './pattern-recognizer.ts';
import { textLines } from './text-pieces.ts';

interface LabelKind {
  readonly type: string;
  /** The label's words (no anchors: placed at a line or cell start, before the separator). */
  readonly label: string;
  /** Whether a value of this shape may be the type's (misreadings included). */
  readonly value: (value: string) => boolean;
  /** Whether the label alone on its line, without a colon, still names the line below (it can be nothing else). */
  readonly standsAlone?: boolean;
  /** Whether the label needs no separator before its value on the line (a cheque's "PAY TO THE ORDER OF Ada Brisk", a licence's "LN QUELL"). */
  readonly bare?: boolean;
  /** Where a value on the label's line stops, when more follows it in the same cell (the cheque's amount after the payee). */
  readonly stopsAt?: RegExp;
  /** Words the document must hold somewhere for the label to count ("Document no." names an identity document's number only on one). */
  readonly onlyWith?: RegExp;
  /**
   * Whether a person's line may go on after the name with a number of theirs ("Witness: Ada Quell 415-…",
   * "Patient: Ada Quell 04/12/1961"): the words before it, two at least, are the value when the whole is none.
   */
  readonly nameBeforeNumber?: boolean;
}

/** The words of a value before its first number (a phone, a date, `+44 …`, `(503) …`). */
const BEFORE_NUMBER = /^(.+?)[ \t,;]+[+(]?\d/u;

/** The name at the start of `value` when a number follows it on the line (see LabelKind#nameBeforeNumber), else undefined. */
function nameBeforeNumber(kind: LabelKind, value: string): string | undefined {
  const name = kind.nameBeforeNumber ? BEFORE_NUMBER.exec(value)?.[1] : undefined;
  // One word alone before a number is a room, a year, a version ("Guest: Room 12", "Student: Year 9"), not a name.
  return name && name.split(/[\s,/]+/u).filter(Boolean).length >= 2 && kind.value(name) ? name : undefined;
}

/** Characters a number's digits are misread as (O for 0, l and I for 1, S for 5, B for 8, Z for 2). */
const DIGIT_LIKE = /[0-9OoIlSBZ]/gu;
const digitLike = (value: string) => (value.match(DIGIT_LIKE) ?? []).length;
const hasDigit = (value: string) => /\d/u.test(value);
const MONTH = /\b(?:jan|feb|m[aä]r|apr|ma[iy]|jun|jul|aug|sep|o[ck]t|nov|de[cz]|janv|févr|avr|juil|déc|ene|abr|ago|dic|gen|giu|lug|set|ott|mei|okt)/iu;

/** A name as forms and tickets print it: capitalised words and initials, apart by spaces, a comma or an airline's `/`. */
const NAME_TOKEN = /^(?:\p{Lu}[\p{L}'’-]*\.?|(?:\p{Lu}\.){2,3}|van|von|de[nrl]?|da|di|du|dos|das|do|zu|ten|ter|la|le|y)$/u;
/** A form's answer that no one is named ("Other names used: None", "Alias: keine"): no name. */
const NOBODY = /^(?:none|nil|n\/?a|not\s+applicable|keine?|aucun(?:e)?|néant|ningun[oa]|nessun[oa]|geen|nenhum(?:a)?)\.?$/iu;

/** An officer's rank and collar or badge number before the name ("PC 2210 Quell", "Sgt. #4471 Brisk"): they name the officer too. */
const COLLAR_NUMBER = /^(?:PC|DC|PS|DS|Sgt|Cst|Const|Insp|Det|Ofc|Dep)\.?[ \t]*#?\d{2,6}[ \t]+(?=\p{Lu})/u;

function partyName(text: string): boolean {
  if (NOBODY.test(text.trim())) return false;
  const value = text.replace(COLLAR_NUMBER, '');
  const tokens = value.split(/[\s,/]+/u).filter(Boolean);
  if (value.length > 60 || tokens.length === 0 || tokens.length > 7 || !tokens.every((t) => NAME_TOKEN.test(t)) || !/^\p{Lu}/u.test(tokens[tokens.length - 1])) return false;
  return tokens.some((t) => /\p{L}{2}/u.test(t)) && tokens.every((t) => !ORGANISATION_WORDS.has(t.replace(/\.$/u, '').toLowerCase()));
}

const LABELS: readonly LabelKind[] = [
  // An account's IBAN as written or misread ("IBAN: DE44 68O5 …"): a country's letters, then mostly digits.
  {
    type: 'IBAN_CODE',
    label: 'iban',
    value: (v) => /^[A-Z]{2}[0-9OoIlSBZ]{2}[A-Z0-9OoIlSBZ]{8,30}$/u.test(v.replace(/[\s-]/gu, '')) && digitLike(v) >= 10,
  },
  {
    type: 'US_SSN',
    label: 'social\\s+security(?:\\s+(?:number|no\\.?|#))?|ssn|ss\\s*#|soc\\.?\\s*sec\\.?(?:\\s+no\\.?)?',
    value: (v) => digitLike(v) >= 7 && v.replace(/[\s-]/gu, '').length <= 13,
    standsAlone: true,
  },
  {
    type: 'DATE_OF_BIRTH',
    label:
      'date\\s+of\\s+birth|birth\\s*date|d\\.?o\\.?b\\.?|geburtsdatum|geburtstag|date\\s+de\\s+naissance|fecha\\s+de\\s+nacimiento|data\\s+di\\s+nascita|geboortedatum|data\\s+de\\s+nascimento',
    value: (v) => v.length <= 30 && (hasDigit(v) || MONTH.test(v)),
    standsAlone: true,
  },
  {
    type: 'PERSON',
    label:
      "(?:(?:your|spouse'?s?)\\s+)?(?:patient|employee|applicant|customer|client|student|member|insured|policyholder|beneficiary|guardian|parent|spouse|tenant|full|first|last|given|family|maiden)(?:'s)?\\s+names?(?:\\s+and\\s+(?:middle\\s+)?initials?)?|surname|vornamen?|nachname|prénoms?|apellidos?|cognome|voornaam|achternaam",
    value: (v) => v.length <= 60 && /\p{L}/u.test(v),
    standsAlone: true,
  },
  // A signature's typed name: initials and capitalised words only ("Signed: K. Marsh"), never "Signed: see attached".
  {
    type: 'PERSON',
    label: 'signed(?:\\s+by)?|signature|unterschrift|unterzeichnet|signé\\s+par|firmado(?:\\s+por)?|firmato(?:\\s+da)?|getekend|assinado(?:\\s+por)?',
    value: (v) => v.length <= 60 && /^(?:\p{Lu}[\p{L}'’-]*\.?\s+){0,3}\p{Lu}[\p{L}'’-]+$/u.test(v),
  },
  // A form's roles name people ("Attending physician: DR. RAJ VELLAN", "Emergency contact: Ada Brisk"): two to five capitalised words only.
  {
    type: 'PERSON',
    label:
      '(?:(?:attending|referring|treating|ordering|prescribing|primary(?:\\s+care)?|family)\\s+)?(?:physician|doctor|provider|surgeon|dentist|therapist|pharmacist|nurse)|prescriber|emergency\\s+contact|next\\s+of\\s+kin|guarantor|witness|policyholder|subscriber|insured|beneficiary|(?:behandelnde[rn]?\\s+)?(?:arzt|ärztin)|hausarzt|médecin(?:\\s+traitant)?|médico|medico|huisarts',
    value: (v) => v.length <= 60 && /^(?:\p{Lu}[\p{L}'’-]*\.?,?\s+){1,4}\p{Lu}[\p{L}'’-]+$/u.test(v),
    nameBeforeNumber: true,
  },
  // A party a form, a ticket or a pleading names by its role ("PATIENT: BRISK, ADA M", "Passenger: QUELL/ODA MS",
  // "Name of passenger: MR ODA QUELL", "Defendant: Tam Orvell"): a name's shape only, never a company's.
  {
    type: 'PERSON',
    label:
      'patient(?:in)?|patiënt|paciente|paziente|passenger|passagier|passager|pasajero|passeggero|passageiro|fluggast|guest|travell?er|plaintiff|defendant|claimant|petitioner|respondent|appellant|kläger(?:in)?|beklagte[rn]?|demandeur|défendeur|demandante|demandado|eiser|gedaagde|borrower|co-borrower|debtor|decedent|deceased|card\\s*holder|account\\s+holder|(?:konto)?inhaber(?:in)?|titulaire(?:\\s+du\\s+compte)?|employee|arbeitnehmer(?:in)?|mitarbeiter(?:in)?|salarié(?:e)?|employé(?:e)?|trabajador(?:a)?|empleado(?:a)?|dipendente|lavorat(?:ore|rice)|(?:naam\\s+)?werknemer|trabalhador(?:a)?|funcionári[oa]|tenant|landlord|mieter(?:in)?|vermieter(?:in)?|locataire|bailleur|inquilino|arrendador|huurder|verhuurder|student|pupil|schüler(?:in)?|élève|alumno|leerling|renter|hirer|lessee|(?:additional\\s+)?driver|donor|sponsor|attendee|delegate|occupant|visitor|caller' +
      // The other names a know-your-customer form or a certificate asks for ('Other names used: …', 'Geburtsname: …').
      "|(?:other|former|previous|birth)\\s+names?(?:\\s+used)?|also\\s+known\\s+as|alias(?:es)?|geburtsname|nom\\s+de\\s+naissance|nom\\s+d['’]usage|apellidos?\\s+de\\s+soltera|geboortenaam",
    value: partyName,
    nameBeforeNumber: true,
  },
  // Staff a receipt, a folio or a report names by their job ("Cashier: Priyana", "Served by: TOMASZ K", "Investigating
  // officer: Sgt. Rook"): a name's shape only. Not "Operator", "Agent", "Server" or "Host": a network, a firm or
  // software stands after those ("Server: Apache").
  {
    type: 'PERSON',
    label:
      'cashier|served\\s+by|waiter|waitress|bartender|clerk|attendant|sales\\s*(?:associate|person|rep(?:resentative)?)|technician|inspector|(?:reporting|investigating|arresting|attending)\\s+officer|case\\s*worker|advis[eo]r|kassierer(?:in)?|caissi(?:er|ère)|cajer[oa]|cassier[ea]|kassamedewerker',
    value: partyName,
    nameBeforeNumber: true,
  },
  // A ticket's, a wristband's or a card's "NAME OF PASSENGER" alone on its line names the line below ("HALVORSEN/INGRID MS");
  // so does a vehicle registration's "REGISTERED OWNER".
  {
    type: 'PERSON',
    label:
      '(?:name\\s+of\\s+(?:passenger|patient|employee|applicant|insured|deceased|guest|tenant|student|card\\s*holder|account\\s+holder|spouse|parent|guardian|witness|beneficiary|(?:(?:referring|rendering|attending|ordering|supervising|billing)\\s+)?(?:provider|physician|doctor)(?:\\s+or\\s+other\\s+source)?))|(?:passenger|guest|traveller|traveler|owner)\\s+name|registered\\s+(?:owner|keeper)|vehicle\\s+owner',
    // Two words at least: a card's next column's label ("VIN", read between the label and its value) is no name.
    value: (v) => partyName(v) && v.split(/[\s,/]+/u).filter((t) => /\p{L}{2}/u.test(t)).length >= 2,
    standsAlone: true,
  },
  // Who a parcel or a letter goes to ("SHIP TO:" over "MARISELA QUENT"): a name's shape only, so a company on that line stays.
  {
    type: 'PERSON',
    label: 'ship(?:ped)?\\s+to|deliver(?:y|ed)?\\s+to|consignee|addressee|recipient|empfänger(?:in)?|destinataire|destinatario|ontvanger',
    value: partyName,
  },
  // A cheque's payee, printed without a colon and followed by the amount in the same cell.
  { type: 'PERSON', label: 'pay\\s+to\\s+the\\s+order\\s+of|pay\\s+to', value: partyName, bare: true, stopsAt: /[ \t]*[$€£¥*\d]/u },
  // A US driver licence's field codes before the holder's names in capitals ("LN QUELL", "FN ODA MARIT"); capitals only, so prose never matches.
  { type: 'PERSON', label: '(?:[12][ \\t]*)?(?:ln|fn)', value: (v) => partyName(v) && v === v.toUpperCase(), bare: true },
  // An identity card's or a licence's document number ("Document no." over "VX4471029"), on a document that says it is one.
  {
    type: 'NATIONAL_ID',
    label: 'document\\s*(?:number|no\\.?|nr\\.?|#)|card\\s*(?:number|no\\.?)|id\\s*(?:number|no\\.?|#)|dokumentennummer|n[°º]\\s*(?:du\\s+)?document|número\\s+de\\s+documento',
    value: (v) => /^[A-Z0-9OoIlSBZ<-]{6,14}$/u.test(v.replace(/\s/gu, '')) && digitLike(v) >= 5,
    standsAlone: true,
    onlyWith: /\b(?:identity\s+card|id\s+card|identification\s+card|passport|driver'?s?\s+licen[cs]e|residence\s+permit|personalausweis|carte\s+(?:nationale\s+)?d.identité|documento\s+(?:nacional\s+)?de\s+identidad|carta\s+d.identità|identiteitskaart)\b/iu,
  },
  // A bare "Name" is a person's only when its value starts with a capital and reads like no identifier.
  { type: 'PERSON', label: 'name|nom|nombre|nome|naam', value: (v) => v.length <= 60 && /^\p{Lu}/u.test(v) && !/[._/=()<>{}[\]@]/u.test(v) },
  {
    type: 'PHONE_NUMBER',
    label: '(?:home\\s+|work\\s+|mobile\\s+|cell\\s+)?(?:phone|telephone|tel\\.?|mobile|cell)(?:\\s+(?:number|no\\.?|#))?|telefon|téléphone|teléfono|telefono|telefoon|handy',
    value: (v) => digitLike(v) >= 7 && v.length <= 25,
  },
  {
    type: 'STREET_ADDRESS',
    label: '(?:home|street|mailing|residential|postal|permanent)\\s+address|address\\s+line\\s*\\d?|anschrift|wohnadresse|adresse|dirección|direccion|indirizzo|adres|morada|endereço',
    value: (v) => v.length <= 80 && hasDigit(v),
  },
  // A postcode in its own box of a form whose street is in another ("Postcode: BS16 4QL   City: …"): part of the address.
  {
    type: 'STREET_ADDRESS',
    label: 'post\\s*code|postal\\s+code|zip(?:\\s*code)?|postleitzahl|plz|code\\s+postal|c[óo]digo\\s+postal|codice\\s+postale|postnummer|postinumero',
    value: (v) => /^[A-Z0-9][A-Z0-9 -]{2,9}$/iu.test(v) && hasDigit(v),
    // A page's text may join the boxes of a row with one space ("Postcode: BS16 4QL City: …"): the next label ends the value.
    stopsAt: /[ \t]+(?=\p{L}[\p{L}'’.-]*(?:[ \t]\p{L}[\p{L}'’.-]*)?[ \t]*:)/u,
  },
  // An account with a utility, a shop, a clinic or a bank after its label ("Account number: 3300-1847-22", "Patient Acct: 44-9917-2"),
  // digits as written or misread.
  {
    type: 'US_BANK_NUMBER',
    label:
      '(?:(?:patient|customer|client|member|guarantor|billing|bank|checking|savings|loan|utility)\\s+)?(?:account\\s*(?:number|no\\.?|#)|acct\\.?\\s*(?:number|no\\.?|#)?)|kontonummer|numéro\\s+de\\s+compte|número\\s+de\\s+cuenta|numero\\s+di\\s+conto|rekeningnummer|número\\s+da\\s+conta',
    value: (v) => /^[0-9OoIlSBZ][0-9OoIlSBZ .\/-]{4,24}$/u.test(v) && digitLike(v) >= 6,
  },
  {
    type: 'PASSPORT_NUMBER',
    label: 'passport\\s*(?:number|no\\.?|#)|reisepass(?:nummer|-nr\\.?)|passeport|pasaporte|passaporto|paspoort(?:nummer)?',
    value: (v) => /^[A-Z0-9OoIlSBZ]{6,12}$/u.test(v.replace(/[\s-]/gu, '')),
  },
  {
    type: 'DRIVER_LICENSE',
    label: "driver'?s?\\s+licen[cs]e(?:\\s+(?:number|no\\.?|#))?|dl\\s*(?:number|no\\.?|#)|führerschein(?:nummer)?",
    value: (v) => /^[A-Z0-9OoIlSBZ-]{5,20}$/u.test(v.replace(/\s/gu, '')) && digitLike(v) >= 4,
  },
  {
    type: 'NATIONAL_ID',
    label:
      'national\\s+id(?:entity)?(?:\\s+card)?|identity\\s+card|steuer-?id(?:nr)?|steueridentifikationsnummer|sozialversicherungsnummer|sv-?nummer|sv-?nr\\.?|rentenversicherungsnummer|rv-?nummer|rv-?nr\\.?|(?:personal)?ausweisnummer|codice\\s+fiscale|dni|bsn|burgerservicenummer|n(?:°|º|o\\.?)?\\s*de\\s+sécurité\\s+sociale|numéro\\s+de\\s+sécurité\\s+sociale|nif|sin|social\\s+insurance(?:\\s+number)?|rijksregisternummer|ahv-?nr\\.?|n[°º]\\s*(?:de\\s+)?(?:ss|sécu)|n[°º]?\\s*(?:de\\s+)?afiliaci[óo]n(?:\\s+(?:a\\s+la\\s+)?(?:s\\.?\\s?s\\.?|seguridad\\s+social))?|n[úu]mero\\s+de\\s+(?:la\\s+)?seguridad\\s+social|nuss|n[úu]mero\\s+de\\s+seguran[çc]a\\s+social|niss|aadhaa?r|pesel|personnummer|cpf|curp|rfc|pan|fødselsnummer|fnr|cpr(?:-nr\\.?|-nummer)?|henkil[öo]tunnus|hetu|personbeteckning' +
      // A US immigration file's number ("A-Number: A 212 445 901", "Alien Registration Number", "USCIS #").
      '|alien\\s+registration(?:\\s+(?:number|no\\.?|#))?|a-number|uscis\\s*(?:number|no\\.?|#)',
    value: (v) => /^[A-Z0-9OoIlSBZ./-]{6,24}$/u.test(v.replace(/\s/gu, '')) && digitLike(v) >= 5,
  },
  {
    type: 'INSURANCE_NUMBER',
    label: "(?:insured'?s?|insurance|member(?:ship)?|policy|subscriber|loyalty|frequent\\s+fl[iy]er|medicare(?:\\s+beneficiary)?|medicaid|health\\s+plan(?:\\s+beneficiary)?)\\s*(?:i\\.?d\\.?|identifier|number|no\\.?|#)" +
      '|mbi|versichertennummer|krankenversichertennummer|mitgliedsnummer|numéro\\s+d.adhérent|número\\s+de\\s+(?:póliza|afiliación|afiliado|apólice)|polisnummer' +
      // A Portuguese health-service user's number ('Nº de utente SNS').
      '|n(?:°|º|\\.)?\\s*(?:de\\s+)?utente(?:\\s+(?:do\\s+)?sns)?|n[úu]mero\\s+de\\s+utente(?:\\s+(?:do\\s+)?sns)?',
    value: (v) => /^[A-Za-z0-9OoIlSBZ./-]{5,24}$/u.test(v.replace(/\s/gu, '')) && digitLike(v) >= 4,
  },
  // A person's number at an employer, a school or a club ("Employee ID: E-00913", "Matrikelnummer 4471092"): it names them
  // in that organisation's records as surely as a name does.
  {
    type: 'PERSON_ID',
    label:
      '(?:employee|staff|personnel|payroll|badge|student|pupil|learner|matriculation|enrol(?:l)?ment|library\\s+card)\\s*(?:i\\.?d\\.?|identifier|number|no\\.?|nr\\.?|#)' +
      '|personal-?nummer|personalnr\\.?|matrikel(?:nummer|-?nr\\.?)|sch[üu]lernummer|n(?:°|º|o\\.?)?\\s*(?:d.)?(?:employ[ée]|[ée]tudiant|matricule)|num[ée]ro\\s+(?:d.)?(?:employ[ée]|[ée]tudiant)|matricule' +
      '|n[úu]mero\\s+de\\s+(?:empleado|estudiante|matr[íi]cula)|personeelsnummer|studentnummer|matricola|numero\\s+di\\s+matricola',
    value: (v) => /^[A-Za-z0-9OoIlSBZ./-]{3,20}$/u.test(v.replace(/\s/gu, '')) && digitLike(v) >= 3,
  },
  // A login name ("Username: tw0982", "Benutzername: m.kessler"): with a leaked password or a phishing mail it is an account.
  {
    type: 'USERNAME',
    label: 'user\\s*name|user\\s*id|login(?:\\s+(?:name|id))?|benutzer(?:name|kennung)|nom\\s+d.utilisateur|identifiant|(?:nombre\\s+de\\s+)?usuario|gebruikersnaam|nome\\s+utente',
    value: (v) => /^[\p{L}\p{N}._@+-]{2,64}$/u.test(v) && !BLANK.test(v) && !NOT_A_LOGIN.test(v),
  },
  // A card's security code on an authorisation form or an order ("CVV: 737"): with the number masked, it still completes a card.
  {
    type: 'CARD_SECURITY_CODE',
    label:
      'cvv2?|cvc2?|cid|csc|card\\s+security\\s+code|security\\s+code|card\\s+verification(?:\\s+(?:value|code|number))?|(?:karten)?prüfnummer|cryptogramme(?:\\s+visuel)?|c[óo]digo\\s+de\\s+seguridad|codice\\s+di\\s+sicurezza|beveiligingscode|c[óo]digo\\s+de\\s+seguran[çc]a',
    value: (v) => /^[0-9OoIlSBZ]{3,4}$/u.test(v),
  },
  // A password, passcode or PIN an onboarding letter, a handover sheet or a form spells out ("Temporary password: Qv7!mT2x").
  {
    type: 'PASSWORD',
    label:
      '(?:temporary|initial|one-time|default|new|wi-?fi|wlan)?\\s*(?:password|passwort|kennwort|mot\\s+de\\s+passe|contraseña|wachtwoord|senha|passcode|pass\\s*phrase|pin(?:\\s+(?:code|number|no\\.?))?)',
    value: (v) => /^\S{3,64}$/u.test(v) && !BLANK.test(v),
  },
];

/** Headers only a table's column carries alone ("Address" over cells): in running text these words are too common. */
const COLUMN_ONLY: readonly LabelKind[] = [
  // An export numbers its address lines ("addr1", "address_line_1"); the first holds the street.
  { type: 'STREET_ADDRESS', label: '(?:address|street(?:\\s+address)?|addr)(?:\\s*(?:line\\s*)?1)?', value: (v) => v.length <= 80 && hasDigit(v) },
  { type: 'DATE_OF_BIRTH', label: 'birthday|born(?:\\s+on)?|birth\\s*date', value: (v) => v.length <= 30 && (hasDigit(v) || MONTH.test(v)) },
];
const COLUMN_KINDS = [...LABELS, ...COLUMN_ONLY]
  .filter((kind) => kind.type !== 'PERSON')
  .map((kind) => ({ kind, header: new RegExp(`^(?:${kind.label})(?:\\s*(?:\\([^()]{1,12}\\)|no\\.?|nr\\.?|number|#))?$`, 'iu') }));

/**
 * The type a table column's header names ("Phone", "DOB", "date of birth", "SSN", "IBAN", "Address"), with the
 * shape its cells must have to be masked as that type; undefined for any other header. People columns are
 * person-table-columns.ts's. `header` is the header's words (person-table-columns.ts headerWords).
 */
export function columnKind(header: string): { readonly type: string; readonly value: (value: string) => boolean } | undefined {
  return COLUMN_KINDS.find(({ header: pattern }) => pattern.test(header))?.kind;
}

/** A form's box number before its label ("17. NAME OF REFERRING PROVIDER", "1a. INSURED'S I.D. NUMBER"). */
const FORM_BOX = '(?:\\d{1,2}[a-z]?\\.[ \\t]+)';
/**
 * Where a label may start: a line's start or a cell's (after a tab, `|` or two spaces). Written with a lookbehind
 * and no two quantifiers over the same spaces, so a line of a million spaces is read in linear time.
 */
const CELL_START = `(?:^[ \\t|]*${FORM_BOX}?|(?:(?=\\p{L})|(?=${FORM_BOX}\\p{L}))(?<=[\\t|][ \\t]*|[ ]{2})${FORM_BOX}?)`;
/** The label's translations after it on an identity document or a bilingual form: "Surname / Nachname / Nom". */
const TRANSLATIONS = "(?:[ \\t]*/[ \\t]*\\p{L}[\\p{L} .'’-]{0,30}?){0,4}";
/** What ends a label: perhaps "(…)", "No.", "number", then a colon or `#`, then the value. */
const SEPARATOR = '[ \\t]*(?:(?:\\([^()\\n]{1,12}\\)|no\\.?|nr\\.?|number)[ \\t]*)?[:#][ \\t]*';

/** A format hint closing a label whose value is on the next line or in the boxes below: "Date of birth (MM/DD/YYYY)". */
const FORMAT_HINT = '(?:[ \\t]*\\([^()\\n]{1,16}\\))';

/** A label's pattern over one line: `label` captures the label, `rest` what follows its separator. */
function labelPattern(kind: LabelKind): RegExp {
  // A bare label's value follows a space; the label must end at a word's end ("LN QUELL", never "LNX …").
  const separator = kind.bare ? `(?:${SEPARATOR}|[ \\t]+)` : SEPARATOR;
  return new RegExp(`${CELL_START}(?<label>${kind.label})${kind.bare ? '(?![\\p{L}\\p{N}])' : ''}${TRANSLATIONS}(?:${separator}(?<rest>.*)|${FORMAT_HINT}?[ \\t]*$|(?=\\t|[ ]{2}))`, 'giu');
}

const PATTERNS = LABELS.map((kind) => ({ kind, pattern: labelPattern(kind) }));

/** The labels that count in `text`: those that ask for a kind of document only where its words occur. */
const patternsFor = (text: string) => PATTERNS.filter(({ kind }) => !kind.onlyWith || kind.onlyWith.test(text));

/** A line that is itself a label line: a short lead followed by a colon (the next label, not a value). */
const LABEL_LINE = /^[ \t]*[\p{L}][\p{L} .'’/-]{0,30}:/u;
/** The cell after a value that is a label of its own ("Name: Ada Brisk   Phone: …"): the value stops before it. */
const NEXT_LABEL = /(?=\p{L})(?<=[\t|][ \t]*|[ ]{2})\p{L}[\p{L} .'’/-]{0,30}[:#]/u;
/** Blanks of an unfilled form: underscores, dots, brackets. */
const BLANK = /^[\s_.…\-[\]()]*$/u;
/** What a form or a manual writes where a login name would go, and is none ("Username: required"). */
const NOT_A_LOGIN = /^(?:required|optional|none|n\/a|yes|no|see|enter|your|any|same|string|text|email|e-mail)$/iu;
/** The next line as a label's value: at most this long. */
const MAX_NEXT_LINE = 60;

/** A cell's gap: a tab or three spaces (a value holds neither; "Patient name: Ada Brisk     MRN 7730419" names no "MRN"). */
const CELL_GAP = /\t|[ ]{3}/u;

/** The value of a label in `rest` (after its separator), trimmed, as offsets within `rest`; it ends at a cell's gap. */
function valueIn(rest: string): { start: number; end: number } | undefined {
  const stop = NEXT_LABEL.exec(rest);
  let cell = stop ? rest.slice(0, stop.index) : rest;
  const lead = cell.length - cell.trimStart().length;
  const gap = CELL_GAP.exec(cell.slice(lead));
  if (gap) cell = cell.slice(0, lead + gap.index);
  const start = cell.length - cell.trimStart().length;
  const end = cell.trimEnd().length;
  return end > start && !BLANK.test(cell) ? { start, end } : undefined;
}

/**
 * What stands below a label on the next line: the whole line when it is one cell, else the cell (cells a tab or two
 * spaces apart) under the label's columns — a form's row of labels over its row of values ("First name   Last name"
 * over "ADA R   QUELL"), the first that `fits` the label's type when several do. Undefined when no cell of a line of
 * cells lies under the label.
 */
function cellBelow(line: string, from: number, to: number, fits: (value: string) => boolean): { start: number; text: string } | undefined {
  const cells = [...line.matchAll(/\S+(?:[ ]\S+)*/gu)].map((m) => ({ start: m.index, text: m[0] }));
  if (cells.length <= 1) return cells[0];
  // Under a wide label the first cell may be a qualifier (a claim form's "DN" before the provider's name): the first cell that fits.
  const under = cells.filter((c) => c.start < to && from < c.start + c.text.length);
  return under.find((c) => fits(c.text)) ?? under[0];
}

/** `rest` up to where `stop` first matches (all of it without a stop or a match). */
function cutAt(rest: string, stop: RegExp | undefined): string {
  const end = stop ? rest.search(stop) : -1;
  return end === -1 ? rest : rest.slice(0, end);
}

/** The candidates of one line's labels; `next` is the line below (a value for a label standing alone). */
function lineValues(patterns: typeof PATTERNS, line: string, at: number, next: { text: string; at: number } | undefined): Candidate[] {
  const out: Candidate[] = [];
  for (const { kind, pattern } of patterns) {
    for (const m of line.matchAll(pattern)) {
      const rest = m.groups?.rest;
      const restAt = rest === undefined ? -1 : m.index + m[0].length - rest.length;
      const value = rest === undefined ? undefined : valueIn(cutAt(rest, kind.stopsAt));
      if (value) {
        const text = rest!.slice(value.start, value.end);
        const taken = kind.value(text) ? text : nameBeforeNumber(kind, text);
        if (taken) out.push({ type: kind.type, start: at + restAt + value.start, end: at + restAt + value.start + taken.length, score: 0.65, rule: 'labelled-value' });
        continue;
      }
      // A label ending its line or its cell: its value is below it, if the label can only mean this (a colon, or a label that stands alone).
      const alone = rest !== undefined || kind.standsAlone;
      if (!alone || !next || LABEL_LINE.test(next.text)) continue;
      const labelEnd = m.index + (m.groups?.label?.length ?? 0);
      const cell = cellBelow(next.text, m.index, labelEnd, kind.value);
      const below = cell?.text;
      if (!cell || !below || below.length > MAX_NEXT_LINE || BLANK.test(below) || !kind.value(below)) continue;
      out.push({ type: kind.type, start: next.at + cell.start, end: next.at + cell.start + below.length, score: 0.65, rule: 'labelled-value-below' });
    }
  }
  return out;
}

/** A PII label on one line, as {@link lineLabels} finds it. */
export interface LineLabel {
  readonly type: string;
  /** Where the label starts in the line. */
  readonly start: number;
  /** Where the label and its separator end (the value would start here). */
  readonly end: number;
  /** Where the label's cell ends: the next cell that is a label of its own, or the line's end. */
  readonly cellEnd: number;
}

/**
 * The PII labels of one line, whatever follows them: a label with its
 * separator, or one that stands alone at the line's end. For the values no
 * reading found (a scan's handwriting OCR could not read: unread-values.ts).
 */
export function lineLabels(line: string): LineLabel[] {
  const out: LineLabel[] = [];
  // A bare label ("LN") or one that needs its document's words is too weak alone to mask ink OCR could not read.
  for (const { kind, pattern } of PATTERNS.filter(({ kind }) => !kind.bare && !kind.onlyWith)) {
    for (const m of line.matchAll(pattern)) {
      const rest = m.groups?.rest;
      if (rest === undefined && !kind.standsAlone) continue;
      if (out.some((label) => label.start === m.index)) continue;
      const end = m.index + m[0].length - (rest?.length ?? 0);
      const stop = rest === undefined ? undefined : NEXT_LABEL.exec(rest);
      out.push({ type: kind.type, start: m.index, end, cellEnd: stop ? end + stop.index : line.length });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Every labelled value of `text` (see the module note). */
export function labelledValues(text: string): Candidate[] {
  const lines = textLines(text);
  const patterns = patternsFor(text);
  return lines.flatMap((line, i) => lineValues(patterns, line.text, line.start, lines[i + 1] && { text: lines[i + 1].text, at: lines[i + 1].start }));
}

/** The labelled values as one recognizer (its candidates carry the types the labels name). */
export const LABELLED_VALUES_RECOGNIZER: Recognizer = { type: 'LABELLED_VALUE', find: labelledValues };
