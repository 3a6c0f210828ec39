/**
 * Generated scans in the seven OCR languages, for `npm run eval -- parse`
 * (source `multilingual`): there are no public modern non-English scans with
 * exact transcripts, so pages are drawn from ordinary text in each language
 * (written for this purpose: an invoice letter, a notice, a short report)
 * in several fonts, then degraded the way scans and photos are: blur,
 * noise, a small skew, JPEG compression. Seeded: every run draws the same
 * pages, and the transcript is exactly the text drawn.
 *
 * @module
 */
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import type { OcrLanguage } from '../../functions/contracts/ocr-languages.ts';
import { FONTS, registerFonts, seeded } from './photo-lookalikes.ts';

/** A few paragraphs per language, with the letters that language needs. */
export const TEXTS: Record<OcrLanguage, readonly string[]> = {
  en: [
    'Thank you for your order of 14 March. The goods were shipped today from our warehouse in Leeds and should reach you within three working days.',
    'Please pay the enclosed invoice within thirty days. If you have any questions about the delivery, our customer service team will be glad to help.',
    'The annual report shows that sales grew by nine percent while costs stayed almost the same, which leaves room for new investment next year.',
  ],
  de: [
    'Vielen Dank für Ihre Bestellung vom 14. März. Die Ware wurde heute aus unserem Lager in Köln verschickt und erreicht Sie in drei Werktagen.',
    'Bitte überweisen Sie den Rechnungsbetrag innerhalb von dreißig Tagen. Für Rückfragen zur Lieferung steht Ihnen unser Kundendienst gerne zur Verfügung.',
    'Der Jahresbericht zeigt, dass der Umsatz um neun Prozent gestiegen ist, während die Kosten fast gleich geblieben sind. Das schafft Spielraum für Größeres.',
  ],
  fr: [
    'Nous vous remercions de votre commande du 14 mars. La marchandise a été expédiée aujourd’hui de notre entrepôt de Lyon et arrivera sous trois jours ouvrés.',
    'Veuillez régler la facture ci-jointe dans un délai de trente jours. Pour toute question sur la livraison, notre service client reste à votre disposition.',
    'Le rapport annuel montre que les ventes ont progressé de neuf pour cent, tandis que les coûts sont restés presque stables. Ça laisse une marge pour l’été.',
  ],
  es: [
    'Le agradecemos su pedido del 14 de marzo. La mercancía se envió hoy desde nuestro almacén de Sevilla y llegará en un plazo de tres días hábiles.',
    'Por favor, pague la factura adjunta en un plazo de treinta días. Si tiene alguna pregunta sobre la entrega, nuestro servicio de atención le ayudará con gusto.',
    'El informe anual muestra que las ventas crecieron un nueve por ciento mientras los costes se mantuvieron casi iguales, lo que permite invertir más el próximo año.',
  ],
  it: [
    'La ringraziamo per il suo ordine del 14 marzo. La merce è stata spedita oggi dal nostro magazzino di Bologna e arriverà entro tre giorni lavorativi.',
    'La preghiamo di pagare la fattura allegata entro trenta giorni. Per qualsiasi domanda sulla consegna, il nostro servizio clienti sarà lieto di aiutarla.',
    'La relazione annuale mostra che le vendite sono cresciute del nove per cento, mentre i costi sono rimasti quasi uguali. Così ci sarà più libertà di investire.',
  ],
  nl: [
    'Hartelijk dank voor uw bestelling van 14 maart. De goederen zijn vandaag verzonden vanuit ons magazijn in Utrecht en zijn binnen drie werkdagen bij u.',
    'Gelieve de bijgevoegde factuur binnen dertig dagen te betalen. Voor vragen over de levering staat onze klantenservice graag voor u klaar.',
    'Het jaarverslag laat zien dat de omzet met negen procent is gestegen, terwijl de kosten bijna gelijk zijn gebleven. Dat geeft ruimte voor nieuwe investeringen.',
  ],
  pt: [
    'Agradecemos a sua encomenda de 14 de março. A mercadoria foi enviada hoje do nosso armazém em Coimbra e chegará dentro de três dias úteis.',
    'Por favor, pague a fatura anexa no prazo de trinta dias. Se tiver alguma questão sobre a entrega, o nosso serviço de apoio terá todo o gosto em ajudar.',
    'O relatório anual mostra que as vendas cresceram nove por cento, enquanto os custos se mantiveram quase iguais. Isso dá margem para novos investimentos.',
  ],
};

export interface Degradation {
  readonly name: string;
  /** Gaussian blur sigma, px (0: none). */
  readonly blur: number;
  /** Standard deviation of added grey noise, levels. */
  readonly noise: number;
  /** Clockwise skew, degrees. */
  readonly skew: number;
  /** JPEG quality (0: PNG). */
  readonly jpeg: number;
}

export const DEGRADATIONS: readonly Degradation[] = [
  { name: 'clean', blur: 0, noise: 0, skew: 0, jpeg: 0 },
  { name: 'scan', blur: 0.6, noise: 10, skew: 1.2, jpeg: 75 },
  { name: 'photo', blur: 1.0, noise: 16, skew: -2.5, jpeg: 60 },
];

const FONT_CHOICES = [FONTS.sans, FONTS.sansBold, FONTS.sansItalic] as const;

export interface GeneratedPage {
  readonly name: string;
  readonly language: OcrLanguage;
  readonly bytes: Buffer;
  /** Exactly the text drawn, lines joined by '\n'. */
  readonly text: string;
}

/** Breaks a paragraph into lines that fit `width` pixels in the context's font. */
function wrap(measure: (s: string) => number, paragraph: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && measure(candidate) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** One page: the language's paragraphs in one font at 150 dpi (A5-ish, 11 pt), degraded. */
export async function generatePage(language: OcrLanguage, fontIndex: number, degradation: Degradation, seed: number): Promise<GeneratedPage> {
  registerFonts();
  const width = 1240;
  const height = 900;
  const fontSize = 25;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#141414';
  const font = FONT_CHOICES[fontIndex % FONT_CHOICES.length];
  ctx.font = `${fontSize}px ${font}`;
  const lines: string[] = [];
  for (const paragraph of TEXTS[language]) lines.push(...wrap((s) => ctx.measureText(s).width, paragraph, width - 160));
  lines.forEach((line, i) => ctx.fillText(line, 80, 90 + i * fontSize * 1.6));
  let image = sharp(canvas.toBuffer('image/png')).grayscale();
  if (degradation.skew) image = sharp(await image.rotate(degradation.skew, { background: '#ffffff' }).png().toBuffer());
  if (degradation.blur) image = image.blur(degradation.blur);
  let { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  if (degradation.noise) {
    const random = seeded(seed);
    const noisy = Buffer.from(data);
    for (let i = 0; i < noisy.length; i++) {
      // Sum of uniforms ≈ Gaussian.
      const n = (random() + random() + random() - 1.5) * 2 * degradation.noise;
      noisy[i] = Math.max(0, Math.min(255, Math.round(noisy[i] + n)));
    }
    data = noisy;
  }
  const raw = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const bytes = degradation.jpeg ? await raw.jpeg({ quality: degradation.jpeg }).toBuffer() : await raw.png().toBuffer();
  return { name: `${language}-${font.replace('Lookalike', '').toLowerCase()}-${degradation.name}`, language, bytes, text: lines.join('\n') };
}

/** The multilingual set: every language in each degradation, the font turning with the page. */
export async function multilingualSet(languages: readonly OcrLanguage[] = Object.keys(TEXTS) as OcrLanguage[]): Promise<GeneratedPage[]> {
  const pages: GeneratedPage[] = [];
  let seed = 1;
  for (const language of languages) {
    for (const [d, degradation] of DEGRADATIONS.entries()) pages.push(await generatePage(language, d + languages.indexOf(language), degradation, seed++));
  }
  return pages;
}
