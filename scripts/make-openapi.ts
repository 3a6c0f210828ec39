/** Writes docs/openapi.json from the route table and request schemas. */
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../functions/contracts/openapi.ts';

const target = new URL('../docs/openapi.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
