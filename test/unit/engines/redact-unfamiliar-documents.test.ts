/**
 * Documents of kinds the earlier sweeps had not tried (round four): exports
 * with terse field names, civil-status certificates, pharmacy labels, travel
 * itineraries, pay slips and letters in the seven supported languages. Every
 * name, number and address here is invented.
 */
import { describe, expect, it } from 'vitest';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';
import { redactedText } from './redact-plan.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const found = async (text: string) => (await detectPii(text, BUILT_INS)).map((s) => [s.type, s.value]);

describe('a CSV export with terse field names', () => {
  it('masks the given and family columns, a born_on column and a numbered address line', async () => {
    // Prepare
    const csv = [
      'member_code,given,family,born_on,address1,town',
      'M-7710,Odalys,Fenwright,1969-07-22,41 Quarry Bank Close,Brackton',
      'M-7711,Teodor,Haskellby,2001-01-05,9 Orchard Ride,Wexcombe',
    ].join('\n');
    // Act
    const text = await redactedText(new TextEncoder().encode(csv), 'members.csv');
    // Assess
    for (const value of ['Odalys', 'Fenwright', 'Teodor', 'Haskellby', '1969-07-22', '2001-01-05', 'Quarry Bank', 'Orchard Ride']) {
      expect(text, value).not.toContain(value);
    }
    expect(text).toContain('M-7710');
  });

  it('leaves a lone "family" column of products alone', async () => {
    const csv = ['sku,family,price', 'KX-100,Harbour,12.50', 'KX-200,Meadow,14.00'].join('\n');
    const text = await redactedText(new TextEncoder().encode(csv), 'products.csv');
    expect(text).toContain('Harbour');
    expect(text).toContain('Meadow');
  });
});

describe('a birth or marriage certificate', () => {
  it.each([
    ['Kindesmutter: Wiebke Quandtmann geb. Harzfeld, wohnhaft in Velmsdorf', 'Harzfeld'],
    ['Épouse : Mme Clotilde Vasseret, née Brunelais, domiciliée à Lyon', 'Brunelais'],
    ['La richiedente Ottavia Brenzoni nata Calvaresi ha dichiarato', 'Calvaresi'],
    ['Compareció Doña Remedios Alcaraz Pujante, nacida Ferrús, vecina de Murcia', 'Ferrús'],
  ])('masks the birth family name after its cue: %s', async (text, birthName) => {
    expect(await found(text)).toContainEqual(['PERSON', birthName]);
  });

  it('leaves a place after the cue alone', async () => {
    const spans = await found('Reinhild Oberpaur, geboren Berlin 1962, lebt heute in Kassel');
    expect(spans).not.toContainEqual(['PERSON', 'Berlin']);
  });
});

describe('a Spanish or Portuguese letter', () => {
  const letter = (addressee: string) =>
    [
      'Bilbao, 3 de mayo de 2026',
      addressee,
      'Avda. del Puerto 12',
      '46021 Valencia',
      'Por medio de la presente le comunicamos la extinción de su contrato de trabajo con efectos del 31 de mayo de 2026.',
    ].join('\n');

  it('reads a given name written with the accents its list drops as a name ("Álvaro" for "alvaro")', async () => {
    const spans = await found(letter('D. Álvaro Urquizu Bengoa'));
    expect(spans.some(([type, value]) => type === 'PERSON' && value.includes('Álvaro Urquizu'))).toBe(true);
  });

  it('masks both family names of an addressee standing alone on the line', async () => {
    expect(await found(letter('D. Álvaro Urquizu Bengoa'))).toContainEqual(['PERSON', 'D. Álvaro Urquizu Bengoa']);
    expect(await found(letter('Inês Carvalhido Moutinho'))).toContainEqual(['PERSON', 'Inês Carvalhido Moutinho']);
  });
});

describe('a pharmacy label', () => {
  it('masks a patient named surname first in capitals with the next cell after a gap', async () => {
    const label = 'CORNMILL PHARMACY   Rx# 5512087\nBRASHEAR, MARGARET L        DOB 08/02/1957\nApply thinly twice daily\n';
    expect(await found(label)).toContainEqual(['PERSON', 'BRASHEAR, MARGARET']);
  });
});

describe('a travel itinerary', () => {
  it('masks passengers listed in capitals after their titles', async () => {
    const itinerary = 'Passengers:\n  1. MR HOWARD QUILLFEATHER\n  2. MSTR EDMUND QUILLFEATHER (child)\nFlight VX 118 departs 07:05\n';
    const spans = await found(itinerary);
    expect(spans).toContainEqual(['PERSON', 'HOWARD QUILLFEATHER']);
    expect(spans).toContainEqual(['PERSON', 'EDMUND QUILLFEATHER']);
  });

  it('leaves a title-like abbreviation before ordinary words alone', async () => {
    expect(await found('MS OFFICE LICENCE RENEWAL due in March')).toEqual([]);
  });
});

describe('a pay slip row of cells', () => {
  it('ends the street at the cell gap so the employee before it stays a name', async () => {
    const spans = await found('Pers.-Nr. 20731   Frau Henrike Osterfeld   Ahornstieg 9   34131 Velmsdorf');
    expect(spans).toContainEqual(['PERSON', 'Henrike Osterfeld']);
    expect(spans).toContainEqual(['STREET_ADDRESS', 'Ahornstieg 9']);
  });
});

describe('pay slips in German, Spanish and Portuguese layouts', () => {
  it.each([
    ['SV-Nummer: 48 030562 W 019', 'NATIONAL_ID', '48 030562 W 019'],
    ['RV-Nr.: 27 111290 B 508', 'NATIONAL_ID', '27 111290 B 508'],
    ['Nº de afiliación a la Seguridad Social: 46/20731184/09', 'NATIONAL_ID', '46/20731184/09'],
    ['Nº de utente SNS: 287401956', 'INSURANCE_NUMBER', '287401956'],
  ])('masks the whole number after its label: %s', async (line, type, value) => {
    expect(await found(line)).toContainEqual([type, value]);
  });
});

describe('a police incident report', () => {
  it.each([
    ['Vehicle: blue estate car, reg. KD21 VWT, left at speed', 'KD21 VWT'],
    ['le conducteur du véhicule immatriculé FR-227-QB a pris la fuite', 'FR-227-QB'],
    ["un'auto targata GB 904 TX era parcheggiata", 'GB 904 TX'],
  ])('masks a plate after a short cue: %s', async (text, plate) => {
    expect(await found(text)).toContainEqual(['VEHICLE_ID', plate]);
  });
});

describe("a know-your-customer form's other names", () => {
  it.each([
    ['4. Other names used: Ossian Thwaite', 'Ossian Thwaite'],
    ['Also known as: Birdie Kellaway', 'Birdie Kellaway'],
    ['Geburtsname: Wehrlitz', 'Wehrlitz'],
    ['Nom de naissance : Quémarec', 'Quémarec'],
  ])('masks the name after the label: %s', async (line, name) => {
    expect(await found(line)).toContainEqual(['PERSON', name]);
  });

  it('masks no answer that names nobody', async () => {
    expect(await found('Other names used: None\nAlias: N/A')).toEqual([]);
  });
});

describe('an Italian prescription and sale contract', () => {
  it('masks a codice fiscale whose check letter fails after "C.F." or "Cod. Fisc."', async () => {
    // Both codes have the shape, neither the right check letter (a typo or a misreading).
    expect(await found('Paziente Bianchi   C.F. BNCLRA82C44F839A')).toContainEqual(['NATIONAL_ID', 'BNCLRA82C44F839A']);
    expect(await found('Acquirente residente a Chieti, Cod. Fisc. VRDGPP71M12C632B')).toContainEqual(['NATIONAL_ID', 'VRDGPP71M12C632B']);
  });

  it('leaves the same shape alone without the cue', async () => {
    expect(await found('Lotto VRDGPP71M12C632B spedito ieri')).toEqual([]);
  });
});

describe("a certificate's label words", () => {
  it('keeps a label word that reads as a surname readable before the name it labels', async () => {
    const spans = await found('Standesamt Velmsdorf\nVater: Anselm Quirrbach\nMutter: Wiebke Quirrbach\n');
    expect(spans).toContainEqual(['PERSON', 'Anselm Quirrbach']);
    expect(spans).not.toContainEqual(['PERSON', 'Vater']);
  });

  it('keeps a chat speaker with a listed given name masked', async () => {
    expect(await found('Katrin: Anselm Quirrbach')).toContainEqual(['PERSON', 'Katrin']);
  });
});

describe("a police report's officer", () => {
  it('masks an officer named after a rank and collar number', async () => {
    expect(await found('Reporting officer: PC 3391 Wetherall')).toContainEqual(['PERSON', 'PC 3391 Wetherall']);
  });
});

describe('a person found once and addressed by title later', () => {
  it('masks the later "Dr. <surname>" even with a brand written like code nearby', async () => {
    // A CamelCase insurer ("HealthBridge") is code-like evidence to the person model; the title says it is the doctor.
    const text = [
      'Attending: Oriel Vantongeren, MD',
      'Insurance: HealthBridge member plan, group 4471.',
      'Follow-up with Dr. Vantongeren in 2 weeks.',
    ].join('\n');
    const names = (await detectPii(text, BUILT_INS)).filter((s) => s.type === 'PERSON').map((s) => s.value);
    expect(names).toEqual(['Oriel Vantongeren', 'Vantongeren']);
  });
});

describe('numbers a paragraph wraps over two lines', () => {
  it('masks a phone number, an IBAN and an SSN cut by the line break of running text', async () => {
    const text = [
      'Should the move date change, please ring me on my own mobile at +44 7700',
      '900871 or write to the office; the deposit goes to my account IBAN GB82 WEST 1234',
      '5698 7654 32 and my social security number, for the credit check, is 529-41-',
      '4418 as on the form.',
    ].join('\n');
    const spans = await found(text);
    expect(spans).toContainEqual(['PHONE_NUMBER', '+44 7700\n900871']);
    expect(spans).toContainEqual(['IBAN_CODE', 'GB82 WEST 1234\n5698 7654 32']);
    expect(spans).toContainEqual(['US_SSN', '529-41-\n4418']);
  });

  it('reads no number into a column of figures, one per line', async () => {
    expect(await found('Quarterly totals\n2023\n4471\n2024\n5102\nUnits shipped 4471\n5102 returned')).toEqual([]);
  });
});

describe('a name right before a phone number, no label between', () => {
  it('masks the name, not reading the area code as a house number', async () => {
    const spans = await found('Emergency contact Ottoline Brack 415-555-0148\nNext of kin Radko Vesely 0171 555 0193');
    expect(spans).toContainEqual(['PERSON', 'Ottoline Brack']);
    expect(spans).toContainEqual(['PERSON', 'Radko Vesely']);
  });

  it('still reads a street named after a person, with its house number or range', async () => {
    const names = (await found('Delivery address: Kossuth Lajos 12-14, 1055 Budapest')).filter(([type]) => type === 'PERSON');
    expect(names).toEqual([]);
  });
});
