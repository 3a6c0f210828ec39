import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { endpoint } from '../../../functions/middleware/endpoint.ts';
import { json } from '../../../functions/middleware/http.ts';
import type { AppDeps } from '../../../functions/runtime/deps.ts';
import { getTestEvent, testContext } from '../../helpers/events.ts';

describe('Middleware: the synchronous deadline', () => {
  it('answers 503 service_unavailable with the X-Async hint when a handler runs past its deadline', async () => {
    // Prepare: a handler slower than the time the context leaves it
    const slow = endpoint({ authenticated: false, getDeps: () => ({}) as AppDeps }, async () => {
      await new Promise((r) => setTimeout(r, 2_000));
      return json(200, { ok: true });
    });
    const deadline = Date.now() + 100;
    const context: Context = { ...testContext('slow'), getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()) };

    // Act
    const res = await slow(getTestEvent('limits'), context);

    // Assess
    expect(res.statusCode).toBe(503);
    const body = JSON.parse(res.body);
    expect(body.status).toBe('error');
    expect(body.error.code).toBe('service_unavailable');
    expect(body.error.details.hint).toBe('X-Async: true');
  });
});
