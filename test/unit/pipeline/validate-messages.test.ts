/** Validation messages a caller can act on: the key they probably meant, and where classify's depth goes. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ClassifyForm, RouterQuery } from '../../../functions/contracts/schemas/classify.ts';
import { ParseQuery } from '../../../functions/contracts/schemas/parse.ts';
import { knownKeysAt, unknownKeysMessage, validate } from '../../../functions/middleware/validate.ts';

const messageOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('no error');
};

describe('validate: unknown keys', () => {
  it('suggests the nearest known key inside a JSON form field, without doubled words', () => {
    const message = messageOf(() => validate(ClassifyForm, { document_key: '00000000-0000-4000-8000-000000000000', options: '{"mood":"fast"}' }, 'form field'));
    expect(message).toBe('Invalid form field: options: unknown key "mood" (did you mean "mode"?)');
    expect(message).not.toMatch(/field field/);
  });

  it('suggests query parameters, and suggests nothing for a key far from every known one', () => {
    expect(messageOf(() => validate(ParseQuery, { mdoe: 'fast' }, 'query parameter'))).toBe('Invalid query parameter: unknown key "mdoe" (did you mean "mode"?)');
    expect(messageOf(() => validate(ParseQuery, { zzzzzz: '1', qq: '2' }, 'query parameter'))).toBe('Invalid query parameter: unknown keys "zzzzzz", "qq"');
  });

  it('finds the keys through optional, default, pipe and array wrappers', () => {
    const schema = z.object({ list: z.array(z.strictObject({ alpha: z.string(), beta: z.number().default(1) })).optional() });
    expect(knownKeysAt(schema, ['list', 0])).toEqual(['alpha', 'beta']);
    expect(knownKeysAt(schema, ['nothing'])).toEqual([]);
    expect(unknownKeysMessage(['alpa'], ['alpha', 'beta'])).toBe('unknown key "alpa" (did you mean "alpha"?)');
  });
});

describe('classify: mode in the query', () => {
  it('says the depth goes in options.mode', () => {
    const message = messageOf(() => validate(RouterQuery, { mode: 'thorough' }, 'query parameter', 'invalid_option'));
    expect(message).toContain('mode: the query mode has one value, "default"; the depth (fast, balanced, thorough) goes in the options form field: options={"mode":"thorough"}');
  });
});

describe('classify: custom_llm_classes entries', () => {
  const documentKey = '00000000-0000-4000-8000-000000000000';
  const custom = (classes: unknown) => validate(ClassifyForm, { document_key: documentKey, options: JSON.stringify({ custom_llm_classes: classes }) }, 'form field');

  it('takes a description as a string or as {description}, and hands the engines the string either way', () => {
    expect(custom({ lease: 'a rental agreement for property' }).options?.custom_llm_classes).toEqual({ lease: 'a rental agreement for property' });
    expect(custom({ lease: { description: 'a rental agreement for property' } }).options?.custom_llm_classes).toEqual({ lease: 'a rental agreement for property' });
  });

  it('still refuses an empty description, and unknown keys in the object form, naming them', () => {
    expect(messageOf(() => custom({ lease: { description: ' ' } }))).toContain('custom_llm_classes.lease');
    expect(messageOf(() => custom({ lease: { description: 'rent', colour: 'blue' } }))).toContain('custom_llm_classes.lease');
    expect(messageOf(() => custom({ lease: 42 }))).toContain('custom_llm_classes.lease');
  });
});
