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

describe('Middleware: the work of a request that ran out of time stops', () => {
  const contextWith = (ms: number): Context => {
    const deadline = Date.now() + ms;
    return { ...testContext('slow'), getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()) };
  };

  it('aborts the request signal with the 503 error when the deadline passes, and only that request', async () => {
    // Prepare: two concurrent requests, one with little time left, one with plenty
    const signals: AbortSignal[] = [];
    const handler = endpoint({ authenticated: false, getDeps: () => ({}) as AppDeps }, async ({ signal }) => {
      signals.push(signal);
      await new Promise((r) => setTimeout(r, 300));
      return json(200, { aborted: signal.aborted });
    });

    // Act
    const [late, onTime] = await Promise.all([handler(getTestEvent('limits'), contextWith(50)), handler(getTestEvent('limits'), contextWith(5_000))]);

    // Assess: the late one was answered 503 and its signal carries the same error; the other ran undisturbed
    expect(late.statusCode).toBe(503);
    expect(signals[0].aborted).toBe(true);
    expect(signals[0].reason).toMatchObject({ code: 'service_unavailable' });
    expect(onTime.statusCode).toBe(200);
    expect(JSON.parse(onTime.body)).toEqual({ aborted: false });
  });

  it('leaves the signal alone for a request that finishes in time', async () => {
    let seen: AbortSignal | undefined;
    const handler = endpoint({ authenticated: false, getDeps: () => ({}) as AppDeps }, async ({ signal }) => {
      seen = signal;
      return json(200, {});
    });
    await handler(getTestEvent('limits'), contextWith(100));
    await new Promise((r) => setTimeout(r, 150));
    expect(seen?.aborted).toBe(false);
  });
});
