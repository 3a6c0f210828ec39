/**
 * Answers what no route matches: a CORS preflight (`OPTIONS` on a path we
 * serve) with 204, 405 (with Allow) when the path exists under another
 * method, 404 otherwise. API Gateway sends every unmatched method and path
 * here, and so does the local server, so both answer alike.
 *
 * @module
 */
import { corsPreflightHeaders } from '../contracts/cors.ts';
import { ApiError } from '../contracts/errors.ts';
import { lookupRoute } from '../contracts/routes.ts';
import { endpoint } from '../middleware/endpoint.ts';
import { defaultDeps, type DepsProvider } from '../runtime/deps.ts';

export const createHandler = (getDeps: DepsProvider = defaultDeps) =>
  endpoint({ getDeps, authenticated: false }, async ({ event }) => {
    const path = event.path ?? '/';
    const found = lookupRoute(event.httpMethod, path);
    if (found.kind === 'method-not-allowed' && event.httpMethod.toUpperCase() === 'OPTIONS') {
      return { statusCode: 204, headers: { ...corsPreflightHeaders(found.allowed), Allow: [...found.allowed, 'OPTIONS'].join(', ') }, body: '' };
    }
    if (found.kind === 'method-not-allowed') {
      throw new ApiError('method_not_allowed', `${event.httpMethod} is not allowed on ${path}; use ${found.allowed.join(', ')}.`, {
        headers: { Allow: found.allowed.join(', ') },
        details: { allowed: found.allowed },
      });
    }
    throw new ApiError('route_not_found', `No route for ${event.httpMethod} ${path}.`);
  });

export const handler = createHandler();
