/**
 * Classify with a hosted language model: the budgeted pages' text and the
 * class set (built-in descriptions, or the caller's `custom_llm_classes`
 * descriptions) go into one forced tool call that returns the label and up
 * to five candidates with probabilities. The result has the local
 * classifier's shape (`label`, `confidence`, `candidates`).
 *
 * The confidences are the model's own estimate, not calibrated on the
 * corpus like the local classifier's (`npm run eval -- classify --engine
 * bedrock` measures them).
 *
 * @module
 */
import { z } from 'zod';
import type { LanguageModel } from '../../contracts/hosted-models.ts';
import type { Candidate, ClassifierOptions, ClassifyPage } from '../classify/classifier.ts';
import { callTool, DOCUMENT_IS_DATA, fenceDocument, pagedText, probability } from './prompt-text.ts';

/** The local classifier's options, less its own calibration (temperature, learned model). */
export interface HostedClassifyOptions extends Omit<ClassifierOptions, 'temperature' | 'model'> {
  readonly signal?: AbortSignal;
}

export interface HostedClassification {
  readonly label: string;
  readonly confidence: number;
  readonly candidates: readonly Candidate[];
}

export const CLASSIFY_TOOL = 'record_document_type';
/** Five candidates of a few tokens each, with room for the model's JSON. */
const MAX_OUTPUT_TOKENS = 400;
/** Budgeted pages are already cut to the request's token budgets (at most 8,192 words each end); this caps any page left. */
const PER_PAGE_TOKENS = 6_000;

const Answer = z.object({
  label: z.string().min(1),
  confidence: z.number().min(0).max(1),
  candidates: z.array(z.object({ label: z.string().min(1), confidence: z.number().min(0).max(1) })).max(20).default([]),
});

function inputSchema(labels: readonly string[]): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      label: { type: 'string', enum: labels, description: 'The type of the document.' },
      confidence: { type: 'number', minimum: 0, maximum: 1, description: 'Probability that the label is right.' },
      candidates: {
        type: 'array',
        maxItems: 5,
        description: 'The most likely types, most likely first, the label included; probabilities sum to at most 1.',
        items: {
          type: 'object',
          properties: { label: { type: 'string', enum: labels }, confidence: { type: 'number', minimum: 0, maximum: 1 } },
          required: ['label', 'confidence'],
        },
      },
    },
    required: ['label', 'confidence', 'candidates'],
  };
}

function systemPrompt(options: HostedClassifyOptions): string {
  const parts = [
    'You classify business documents. Read the document text and call the tool with its type, chosen only from the listed types.',
    `If no listed type fits, answer "${options.nonDomainLabel}".`,
    'Give probabilities you would bet on: high only when the text leaves no doubt.',
    DOCUMENT_IS_DATA,
  ];
  if (options.systemInstruction) parts.push(`Instructions from the caller:\n${options.systemInstruction}`);
  return parts.join('\n');
}

function userPrompt(pages: readonly ClassifyPage[], options: HostedClassifyOptions): string {
  const types = options.classes.map((c) => `- ${c.label}: ${c.description}`).join('\n');
  const neighbors = Object.entries(options.neighbors ?? {}).map(([label, others]) => `- ${label} is often confused with ${others.join(', ')}: tell them apart carefully.`);
  return [
    `Types:\n${types}\n- ${options.nonDomainLabel}: none of the above.`,
    ...(neighbors.length ? [`Watch out:\n${neighbors.join('\n')}`] : []),
    ...(options.domains?.length ? [`The caller works in: ${options.domains.join(', ')}.`] : []),
    `Document (the pages read; a long document's middle is left out):\n${fenceDocument(pagedText(pages, PER_PAGE_TOKENS))}`,
  ].join('\n\n');
}

export async function classifyWithModel(model: LanguageModel, pages: readonly ClassifyPage[], options: HostedClassifyOptions): Promise<HostedClassification> {
  const labels = [...new Set([...options.classes.map((c) => c.label), options.nonDomainLabel])];
  const answer = await callTool(
    model,
    {
      system: systemPrompt(options),
      prompt: userPrompt(pages, options),
      tool: { name: CLASSIFY_TOOL, description: 'Records the type of the document.', inputSchema: inputSchema(labels) },
      maxOutputTokens: MAX_OUTPUT_TOKENS,
      reasoning: options.depth === 'thorough',
      signal: options.signal,
    },
    // A label outside the class set is out of schema (the enum is a request, not a guarantee).
    Answer.refine((a) => labels.includes(a.label) && a.candidates.every((c) => labels.includes(c.label)), 'a label outside the class set'),
  );
  return toClassification(answer, options);
}

/** The local classifier's shape: top five candidates by probability (the label among them), summing to at most 1. */
function toClassification(answer: z.output<typeof Answer>, options: HostedClassifyOptions): HostedClassification {
  const byLabel = new Map<string, number>();
  for (const c of answer.candidates) byLabel.set(c.label, Math.max(byLabel.get(c.label) ?? 0, c.confidence));
  byLabel.set(answer.label, Math.max(byLabel.get(answer.label) ?? 0, answer.confidence));
  // Candidates list classes; "none of these" is the label alone (as in the local classifier).
  byLabel.delete(options.nonDomainLabel);
  const sum = [...byLabel.values()].reduce((a, b) => a + b, 0) + (answer.label === options.nonDomainLabel ? answer.confidence : 0);
  const scale = sum > 1 ? 1 / sum : 1;
  const candidates = [...byLabel]
    .map(([label, confidence]) => ({ label, confidence: probability(confidence * scale) }))
    .sort((a, b) => b.confidence - a.confidence)
    .slice(0, 5);
  const confidence = probability(answer.confidence * scale);
  const top = options.classes.find((c) => c.label === answer.label);
  // Same rule as the local classifier: a class outside the caller's domains exits with the exit label.
  if (top && options.nonDomainExitLabel && options.domains?.length && top.domains.length && !top.domains.some((d) => options.domains!.includes(d))) {
    return { label: options.nonDomainExitLabel, confidence, candidates };
  }
  return { label: answer.label, confidence, candidates };
}
