/**
 * Identifiers of a person's vehicle and of their profiles online — what an
 * accident report, a pleading, a claim or a résumé carries beside a name:
 * `VEHICLE_ID` (a vehicle identification number; a licence plate next to
 * its label) and `ONLINE_PROFILE` (a link to one person's page on a social
 * or developer network: "linkedin.com/in/ada-brisk", "github.com/abrisk").
 * Privacy rules list both among the identifiers of a person (HIPAA's Safe
 * Harbor names vehicle identifiers and URLs).
 *
 * @module
 */
import { B, E, re } from './pattern-fragments.ts';
import { cues, patternRecognizer, type Recognizer } from './pattern-recognizer.ts';

/** ISO 3779's letter values for the North American check digit (I, O and Q never occur in a VIN). */
const VIN_LETTER_VALUES: Readonly<Record<string, number>> = Object.fromEntries(
  [...'ABCDEFGH']
    .map((c, i) => [c, i + 1] as const)
    .concat(
      [...'JKLMN'].map((c, i) => [c, i + 1] as const),
      [
        ['P', 7],
        ['R', 9],
      ],
      [...'STUVWXYZ'].map((c, i) => [c, i + 2] as const),
    ),
);
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** Whether a VIN's ninth character is its check digit (North America writes it; elsewhere the cue must vouch). */
export function vinCheckValid(value: string): boolean {
  const vin = value.toUpperCase();
  if (!/^[A-HJ-NPR-Z0-9]{17}$/u.test(vin)) return false;
  const sum = [...vin].reduce((acc, c, i) => acc + (/\d/u.test(c) ? Number(c) : VIN_LETTER_VALUES[c]) * VIN_WEIGHTS[i], 0);
  const check = sum % 11;
  return vin[8] === (check === 10 ? 'X' : String(check));
}

/** Seventeen characters without I, O, Q, holding letters and at least three digits (a VIN's serial part is digits). */
const VIN = '(?=(?:[A-HJ-NPR-Z]*\\d){3})(?=[0-9]*[A-HJ-NPR-Z])[A-HJ-NPR-Z0-9]{17}';
/** A plate's shape: one to three groups of capitals and digits ("7HK-2J9", "B-QX 4471", "AB-123-CD"). */
const PLATE = '[A-Z0-9]{1,4}(?:[ -][A-Z0-9]{1,4}){0,2}';
/** A plate holds letters and digits, four characters or more. */
const plateValid = (value: string) => /\d/u.test(value) && /[A-Z]/u.test(value) && value.replace(/[ -]/gu, '').length >= 4;

const VIN_CUES = cues(
  'vin',
  'vehicle identification',
  'vehicle id',
  'chassis',
  'fahrgestellnummer',
  'fahrzeug-identifizierungsnummer',
  'numéro de série',
  'bastidor',
  'telaio',
  'chassisnummer',
  'chassi',
);
const PLATE_CUES = cues(
  'license plate',
  'licence plate',
  'number plate',
  'registration plate',
  'plate number',
  'plate',
  'plate no',
  'vehicle registration',
  'registration of',
  'registration no',
  'registration number',
  'registration mark',
  'vehicle reg',
  'car reg',
  'reg no',
  'reg. no',
  // A police report's or a claim's short forms ("Vehicle: silver hatchback, reg. BT19 XKM", "véhicule immatriculé GH-418-PZ").
  'reg',
  'immatriculé',
  'immatriculée',
  'targata',
  'targato',
  'matricula',
  'kennzeichen',
  'immatriculation',
  'matrícula',
  'targa',
  'kenteken',
  'placa',
);

export const VEHICLE_ID_RECOGNIZER: Recognizer = patternRecognizer({
  type: 'VEHICLE_ID',
  rules: [
    { name: 'vin-checked', pattern: re(`${B}${VIN}${E}`), score: 0.5, validate: vinCheckValid },
    { name: 'vin', pattern: re(`${B}${VIN}${E}`), score: 0.1 },
  ],
  context: VIN_CUES,
});

export const LICENCE_PLATE_RECOGNIZER: Recognizer = patternRecognizer({
  type: 'VEHICLE_ID',
  rules: [{ name: 'licence-plate', pattern: re(`${B}${PLATE}${E}`), score: 0.1, validate: plateValid }],
  context: PLATE_CUES,
});

/** A network's pages of one person: the host, then the path's first segment (or the segment after "/in/", "/@"). */
const PROFILE_HOSTS =
  '(?:[a-z]{2,3}\\.)?linkedin\\.com/(?:in|pub)|xing\\.com/profile|github\\.com|gitlab\\.com|bitbucket\\.org|twitter\\.com|x\\.com|instagram\\.com|' +
  'facebook\\.com|fb\\.com|tiktok\\.com/@|t\\.me|youtube\\.com/@|medium\\.com/@|threads\\.net/@|bsky\\.app/profile|reddit\\.com/u(?:ser)?';
/** The sites' own pages, which name nobody ("github.com/features", "x.com/home"). */
const SITE_PAGES =
  'about|apps|blog|business|collections|contact|enterprise|events|explore|features|help|hashtag|home|i|intent|join|legal|login|marketplace|' +
  'notifications|orgs|policies|pricing|privacy|search|security|settings|share|signup|site|sponsors|terms|topics|watch';
const PROFILE = `(?:https?://)?(?:www\\.|m\\.)?(?:${PROFILE_HOSTS})/(?!(?:${SITE_PAGES})(?![\\w.-]))[A-Za-z0-9_][A-Za-z0-9_.-]{0,59}/?(?![\\w/.-])`;

export const ONLINE_PROFILE_RECOGNIZER: Recognizer = patternRecognizer({
  type: 'ONLINE_PROFILE',
  rules: [{ name: 'profile-link', pattern: re(`${B}${PROFILE}`, 'giu'), score: 0.6 }],
});
