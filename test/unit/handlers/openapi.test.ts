import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../../functions/contracts/openapi.ts';
import { ROUTES } from '../../../functions/contracts/routes.ts';

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument() as { paths: Record<string, Record<string, any>> };

  it('is committed up to date (regenerate with npm run openapi)', () => {
    const committed = JSON.parse(readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(document);
  });

  it('describes every route of the route table', () => {
    for (const route of ROUTES) expect(document.paths[route.path]?.[route.method.toLowerCase()]).toBeDefined();
  });

  it('derives parse options from the request schema', () => {
    const parse = document.paths['/v1/parse'].post;
    const mode = parse.parameters.find((p: any) => p.name === 'mode');
    expect(mode.schema.enum).toEqual(['fast', 'advanced']);
    expect(parse.parameters.find((p: any) => p.name === 'include_boxes').schema.enum).toEqual(['true', 'false']);
    expect(parse.responses['413']).toBeDefined();
  });
});
