import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { RESPONSE_LIMITS } from '../../../functions/contracts/limits.ts';
import { endpoint } from '../../../functions/middleware/endpoint.ts';
import { json, type ApiResult } from '../../../functions/middleware/http.ts';
import { getEvent, testContext } from '../../helpers/events.ts';
import { fakeDeps, seedKey } from '../../helpers/fakes.ts';

const KEY = 'hk_test_' + 'E'.repeat(40);

/** An answer over the Lambda limit: a client that accepts no gzip gets it offloaded to the bucket. */
const oversized = () => json(200, { status: 'success', result: { text: 'x'.repeat(RESPONSE_LIMITS.lambdaPayloadBytes + 1024) } });

async function setup() {
  const deps = fakeDeps();
  await seedKey(deps, KEY, 'acme', 'pro');
  // No Accept-Encoding: an oversized answer is offloaded, which shows in the bucket.
  const event: APIGatewayProxyEvent = getEvent('/v1/limits', KEY);
  const offloaded = () => [...deps.blobs.objects.keys()].filter((key) => key.includes('acme'));
  return { deps, event, offloaded };
}

describe('Endpoint: fitEarly', () => {
  it('fits the answer while the function is still working, and answers with that fit (done once)', async () => {
    // Prepare
    const { deps, event, offloaded } = await setup();
    let storedWhileWorking = -1;
    const handler = endpoint({ getDeps: () => deps }, async ({ fitEarly }) => {
      const answer = oversized();
      fitEarly(answer);
      await new Promise((resolve) => setTimeout(resolve, 20));
      storedWhileWorking = offloaded().length;
      return answer;
    });
    // Act
    const result = (await handler(event, testContext() as Context)) as ApiResult;
    // Assess
    expect(storedWhileWorking).toBe(1);
    expect(offloaded()).toHaveLength(1);
    expect(JSON.parse(result.body)).toMatchObject({ status: 'success', response_offloaded: true, offloaded_fields: ['result'] });
  });

  it('fits what the function returns when that is not the answer it fitted early', async () => {
    // Prepare
    const { deps, event } = await setup();
    const handler = endpoint({ getDeps: () => deps }, async ({ fitEarly }) => {
      fitEarly(oversized());
      return json(409, { status: 'error', error: { code: 'conflict' } });
    });
    // Act
    const result = (await handler(event, testContext() as Context)) as ApiResult;
    // Assess
    expect(result.statusCode).toBe(409);
    expect(JSON.parse(result.body)).toEqual({ status: 'error', error: { code: 'conflict' } });
  });
});
