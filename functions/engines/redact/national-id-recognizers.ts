/**
 * National identity, tax and social-security numbers of people
 * (`NATIONAL_ID`) and health-insurance, member and policy numbers
 * (`INSURANCE_NUMBER`) — the identifiers a form in one of the supported
 * languages carries beside a name, which the US-centred types miss.
 *
 * Shapes with a check digit or letter that few other numbers share (an
 * Italian codice fiscale, a French NIR, a Swiss AHV number, a Spanish
 * DNI/NIE, a German social-security number, a Belgian register number
 * written with its dots, a Brazilian CPF written with its dots, a Mexican
 * CURP) count on their own; plain digit runs with a check (a German tax id,
 * a Dutch BSN, a Portuguese NIF, a Canadian SIN, an Aadhaar number, a Polish
 * PESEL, a Swedish personnummer, a Norwegian fødselsnummer, a Danish CPR
 * number, a Finnish henkilötunnus, a plain CPF, a Mexican RFC) and any
 * identifier after an identity-document or insurance label need their label
 * nearby, as passports do.
 *
 * @module
 */
import { B, E, re } from './pattern-fragments.ts';
import { cues, patternRecognizer, type Recognizer } from './pattern-recognizer.ts';
import {
  aadhaarValid,
  belgianNationalNumberValid,
  brazilianCpfValid,
  curpValid,
  danishCprPlausible,
  finnishPersonalIdValid,
  canadianSinValid,
  dutchBsnValid,
  frenchNirValid,
  germanHealthInsuranceValid,
  germanSocialSecurityValid,
  germanTaxIdValid,
  italianFiscalCodeValid,
  norwegianBirthNumberValid,
  peselValid,
  personRfcValid,
  portugueseNifValid,
  spanishIdValid,
  swedishPersonalNumberValid,
  swissAhvValid,
} from './national-id-checks.ts';

/** Digits in groups separated by single spaces, dots or dashes: `groups(2, 3, 3, 3)`. */
const groups = (...sizes: number[]) => sizes.map((n) => `\\d{${n}}`).join('[ .\\-]?');
/** One identifier token: letters and digits (a digit among them), dashes inside. */
const IDENTIFIER = `(?=[A-Za-z0-9\\-/]*\\d)[A-Za-z0-9][A-Za-z0-9\\-/]{4,18}[A-Za-z0-9]`;

/** A French NIR: sex, year, month, département (Corsica's 2A/2B), commune, serial, key. */
const NIR = '[12378] ?\\d{2} ?\\d{2} ?(?:\\d{2}|2A|2B) ?\\d{3} ?\\d{3} ?\\d{2}';

/** Labels of identity documents and personal numbers in the supported languages. */
const IDENTITY_CUES = cues(
  'national id',
  'national identity',
  'identity card',
  'identity number',
  'id card',
  'personal number',
  'personalausweis',
  'personalausweisnummer',
  'ausweisnummer',
  'ausweis-nr',
  'sozialversicherungsnummer',
  'rentenversicherungsnummer',
  'sv-nummer',
  'sv-nr',
  "carte d'identité",
  'carte nationale',
  'sécurité sociale',
  'numéro de sécu',
  'nir',
  'documento nacional',
  'documento de identidad',
  'dni',
  'codice fiscale',
  "carta d'identità",
  "documento d'identità",
  'identiteitskaart',
  'identiteitsbewijs',
  'rijksregisternummer',
  'numéro national',
  'registre national',
  'cartão de cidadão',
  // As OCR or an ASCII export writes it, without its accents.
  'cartao de cidadao',
  'bilhete de identidade',
  'ahv',
  'avs',
);

/** The identifiers a label must name (a plain run of digits is anything without one). */
const LABELLED_RULES: readonly { cue: RegExp[]; pattern: string; validate: (v: string) => boolean; name: string }[] = [
  {
    name: 'de-tax-id',
    pattern: groups(2, 3, 3, 3),
    validate: germanTaxIdValid,
    cue: cues('steuer-id', 'steuerid', 'steuer-idnr', 'steueridentifikationsnummer', 'identifikationsnummer', 'idnr', 'tax id', 'tin'),
  },
  { name: 'nl-bsn', pattern: `\\d{4}\\.?\\d{2}\\.?\\d{3}|${groups(3, 3, 3)}`, validate: dutchBsnValid, cue: cues('bsn', 'burgerservicenummer', 'sofinummer') },
  {
    name: 'pt-nif',
    pattern: groups(3, 3, 3),
    validate: portugueseNifValid,
    cue: cues('nif', 'contribuinte', 'número de identificação fiscal', 'numero de identificacao fiscal'),
  },
  { name: 'ca-sin', pattern: groups(3, 3, 3), validate: canadianSinValid, cue: cues('sin', 'social insurance', "numéro d'assurance sociale") },
  { name: 'in-aadhaar', pattern: groups(4, 4, 4), validate: aadhaarValid, cue: cues('aadhaar', 'aadhar', 'uidai') },
  { name: 'be-national', pattern: groups(2, 2, 2, 3, 2), validate: belgianNationalNumberValid, cue: IDENTITY_CUES },
  { name: 'pl-pesel', pattern: '\\d{11}', validate: peselValid, cue: cues('pesel') },
  {
    name: 'se-personal-number',
    pattern: '(?:\\d{2})?\\d{6}[-+ ]?\\d{4}',
    validate: swedishPersonalNumberValid,
    cue: cues('personnummer', 'personnr', 'pers.nr', 'samordningsnummer', 'henkilötunnus'),
  },
  { name: 'br-cpf', pattern: '\\d{3}\\.?\\d{3}\\.?\\d{3}-?\\d{2}', validate: brazilianCpfValid, cue: cues('cpf', 'cadastro de pessoas físicas') },
  {
    name: 'no-birth-number',
    pattern: '\\d{6} ?\\d{5}',
    validate: norwegianBirthNumberValid,
    cue: cues('fødselsnummer', 'fodselsnummer', 'fnr', 'personnummer', 'd-nummer'),
  },
  { name: 'dk-cpr', pattern: '\\d{6}-?\\d{4}', validate: danishCprPlausible, cue: cues('cpr', 'cpr-nr', 'cpr-nummer', 'personnummer') },
  {
    name: 'fi-personal-id',
    pattern: '\\d{6}[-+A-FU-Y]\\d{3}[0-9A-Y]',
    validate: finnishPersonalIdValid,
    // Also as OCR reads it without its umlaut.
    cue: cues('henkilötunnus', 'henkilotunnus', 'hetu', 'personbeteckning', 'sotu'),
  },
  { name: 'mx-rfc', pattern: '[A-ZÑ&]{4}-?\\d{6}-?[A-Z\\d]{3}', validate: personRfcValid, cue: cues('rfc', 'registro federal de contribuyentes') },
];

/** An Italian codice fiscale: consonants of the names, birth year, month letter, day (plus 40 for women), place, check letter. */
const CODICE_FISCALE = '[A-Z]{6}[0-9LMNP-V]{2}[A-EHLMPRST][0-9LMNP-V]{2}[A-Z][0-9LMNP-V]{3}[A-Z]';

/** National identifiers: distinctive checked shapes alone, plain checked runs and identity-document numbers after their label. */
export const NATIONAL_ID_RECOGNIZERS: readonly Recognizer[] = [
  patternRecognizer({
    type: 'NATIONAL_ID',
    rules: [
      { name: 'it-codice-fiscale', pattern: re(`${B}${CODICE_FISCALE}${E}`), score: 0.75, validate: italianFiscalCodeValid },
      { name: 'fr-nir', pattern: re(`${B}${NIR}${E}`), score: 0.6, validate: frenchNirValid },
      // Its shape after its label, key mistyped or misread or not.
      { name: 'fr-nir-shape', pattern: re(`${B}${NIR}${E}`), score: 0.1 },
      { name: 'ch-ahv', pattern: re(`${B}756[ .]?\\d{4}[ .]?\\d{4}[ .]?\\d{2}${E}`), score: 0.7, validate: swissAhvValid },
      { name: 'es-dni-nie', pattern: re(`${B}[XYZ]?-?\\d{7,8}-?[A-Z]${E}`), score: 0.55, validate: spanishIdValid },
      { name: 'de-social-security', pattern: re(`${B}\\d{2} ?\\d{6} ?[A-Z] ?\\d{3}${E}`), score: 0.55, validate: germanSocialSecurityValid },
      { name: 'be-national-dotted', pattern: re(`${B}\\d{2}\\.\\d{2}\\.\\d{2}-\\d{3}\\.\\d{2}${E}`), score: 0.6, validate: belgianNationalNumberValid },
      // A CPF written with its dots and dash, and a CURP (birth date, sex, state, consonants of the names), count on their check digits alone.
      { name: 'br-cpf-dotted', pattern: re(`${B}\\d{3}\\.\\d{3}\\.\\d{3}-\\d{2}${E}`), score: 0.6, validate: brazilianCpfValid },
      { name: 'mx-curp', pattern: re(`${B}[A-Z]{4}\\d{6}[HMX][A-Z]{5}[0-9A-Z]\\d${E}`), score: 0.7, validate: curpValid },
      // A Portuguese citizen card's number as printed, in groups ("12345678 9 ZZ4"): its shape next to its label.
      { name: 'pt-citizen-card', pattern: re(`${B}\\d{8}[ ]?\\d[ ]?[A-Z]{2}\\d${E}`), score: 0.15 },
      { name: 'in-pan', pattern: re(`${B}[A-Z]{3}[PCHFATBLJG][A-Z]\\d{4}[A-Z]${E}`), score: 0.2 },
    ],
    context: [...IDENTITY_CUES, ...cues('pan', 'permanent account number', 'cpf', 'curp')],
  }),
  ...LABELLED_RULES.map((rule) =>
    patternRecognizer({
      type: 'NATIONAL_ID',
      rules: [{ name: rule.name, pattern: re(`${B}(?:${rule.pattern})${E}`), score: 0.35, validate: rule.validate }],
      context: rule.cue,
    }),
  ),
  patternRecognizer({ type: 'NATIONAL_ID', rules: [{ name: 'identity-document', pattern: re(`${B}${IDENTIFIER}${E}`), score: 0.1 }], context: IDENTITY_CUES }),
  // A codice fiscale's shape whose check letter fails (a typo, a misreading) after its name or the abbreviation a
  // prescription, a contract or a pay slip prints ("C.F. …", "Cod. Fisc. …"): the shape alone is too rare to be anything else there.
  patternRecognizer({
    type: 'NATIONAL_ID',
    rules: [{ name: 'it-codice-fiscale-shape', pattern: re(`${B}${CODICE_FISCALE}${E}`), score: 0.1 }],
    context: cues('codice fiscale', 'c.f.', 'cod. fisc.', 'cod. fiscale'),
  }),
];

/** Health-insurance, member and policy numbers: after their label (the German health-insurance number's check makes it surer). */
/** The letters a Medicare Beneficiary Identifier uses: A–Z without S, L, O, I, B and Z (read as digits). */
const MBI_LETTERS = 'AC-HJKMNP-RT-Y';
const MBI_LETTER = `[${MBI_LETTERS}]`;

export const INSURANCE_NUMBER_RECOGNIZER: Recognizer = patternRecognizer({
  type: 'INSURANCE_NUMBER',
  rules: [
    { name: 'de-health-insurance', pattern: re(`${B}[A-Z] ?\\d{8} ?\\d${E}`), score: 0.25, validate: germanHealthInsuranceValid },
    { name: 'insurance-identifier', pattern: re(`${B}${IDENTIFIER}${E}`), score: 0.1 },
    // A Medicare Beneficiary Identifier: eleven characters, digits and letters (never S, L, O, I, B, Z) at fixed places, often 4-3-4.
    { name: 'us-mbi', pattern: re(`${B}[1-9]${MBI_LETTER}[0-9${MBI_LETTERS}]\\d-?${MBI_LETTER}[0-9${MBI_LETTERS}]\\d-?${MBI_LETTER}{2}\\d{2}${E}`), score: 0.3 },
  ],
  context: cues(
    'insurance no',
    'insurance number',
    'insurance id',
    'member id',
    'member no',
    'member number',
    'membership number',
    'policy no',
    'policy number',
    'policy #',
    'subscriber id',
    "insured's id",
    "insured's i.d.",
    'insured id',
    'loyalty no',
    'loyalty number',
    'frequent flyer',
    'subscriber no',
    'health plan',
    'medicare',
    'medicaid',
    'mbi',
    'versichertennummer',
    'versicherungsnummer',
    'krankenversichertennummer',
    'kvnr',
    'mitgliedsnummer',
    "numéro d'adhérent",
    'numéro de police',
    'número de póliza',
    'número de afiliación',
    'número de afiliado',
    'tarjeta sanitaria',
    'tessera sanitaria',
    'numero di polizza',
    'polisnummer',
    'verzekeringsnummer',
    'número de apólice',
    'número de utente',
  ),
});
