import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, RESPONSE_SCHEMAS } from '../../../functions/contracts/openapi.ts';
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

describe('OpenAPI responses', () => {
  const document = buildOpenApiDocument() as { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, unknown> } };

  it('types the 200 body of every API route (no bare objects), from named component schemas', () => {
    for (const route of ROUTES) {
      if (route.handler === 'playground') continue;
      const schema = document.paths[route.path][route.method.toLowerCase()].responses['200'].content['application/json'].schema;
      expect(schema, `${route.method} ${route.path}`).not.toEqual({ type: 'object' });
      for (const target of JSON.stringify(schema).matchAll(/#\/components\/schemas\/(\w+)/g)) expect(document.components.schemas[target[1]], target[1]).toBeDefined();
    }
    expect(Object.keys(RESPONSE_SCHEMAS).sort()).toEqual(ROUTES.filter((r) => r.handler !== 'playground').map((r) => r.handler).sort());
  });
});
