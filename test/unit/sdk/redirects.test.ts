/** The SDK follows redirects itself so `X-API-Key` never reaches another origin (a 303 to S3). */
import { describe, expect, it } from 'vitest';
import { DocintelClient, fetchKeepingKeyHome } from '../../../sdk/index.ts';

function recordingFetch(answers: ((req: Request) => Response)[]) {
  const seen: { url: string; method: string; key: string | null; redirect: Request['redirect'] }[] = [];
  const impl = (async (input: Request) => {
    seen.push({ url: input.url, method: input.method, key: input.headers.get('x-api-key'), redirect: input.redirect });
    return answers[seen.length - 1](input);
  }) as unknown as typeof fetch;
  return { impl, seen };
}

const redirect = (status: number, location: string) => () => new Response(null, { status, headers: { location } });

describe('SDK redirects', () => {
  it('drops X-API-Key on a redirect to another origin, and turns a 303 after POST into a GET', async () => {
    const { impl, seen } = recordingFetch([redirect(303, 'https://bucket.s3.example.com/usage.csv?X-Amz-Signature=abc'), () => new Response('a,b\n')]);
    const response = await fetchKeepingKeyHome(impl, new Request('http://api.example.com/v1/parse', { method: 'POST', headers: { 'X-API-Key': 'hk_test_secret' }, body: 'x' }));
    expect(await response.text()).toBe('a,b\n');
    expect(seen).toEqual([
      { url: 'http://api.example.com/v1/parse', method: 'POST', key: 'hk_test_secret', redirect: 'manual' },
      { url: 'https://bucket.s3.example.com/usage.csv?X-Amz-Signature=abc', method: 'GET', key: null, redirect: 'manual' },
    ]);
  });

  it('keeps the key on a same-origin redirect, never puts it back once it left, and stops after 5 hops', async () => {
    const { impl, seen } = recordingFetch([
      redirect(302, '/v1/usage?page=2'),
      redirect(307, 'https://elsewhere.example.net/x'),
      redirect(302, 'http://api.example.com/v1/usage'),
      () => new Response('ok'),
    ]);
    await fetchKeepingKeyHome(impl, new Request('http://api.example.com/v1/usage', { headers: { 'X-API-Key': 'k' } }));
    expect(seen.map((s) => s.key)).toEqual(['k', 'k', null, null]);

    const loop = recordingFetch(Array.from({ length: 10 }, () => redirect(302, 'http://api.example.com/again')));
    const last = await fetchKeepingKeyHome(loop.impl, new Request('http://api.example.com/v1/limits'));
    expect(last.status).toBe(302);
    expect(loop.seen).toHaveLength(6);
  });

  it('is what the client uses for typed calls and for usage CSV behind a 303', async () => {
    const { impl, seen } = recordingFetch([redirect(303, 'https://s3.example.com/usage.csv'), () => new Response('org_id,operation\n')]);
    const client = new DocintelClient({ baseUrl: 'http://api.example.com', apiKey: 'hk_test_secret', fetch: impl });
    expect(await client.usageCsv({ from: '2026-11-01' })).toBe('org_id,operation\n');
    expect(seen[0]).toMatchObject({ url: 'http://api.example.com/v1/usage?from=2026-11-01&format=csv', key: 'hk_test_secret' });
    expect(seen[1]).toMatchObject({ url: 'https://s3.example.com/usage.csv', key: null });
  });
});
