/** GET /v1/jobs/{job_id}: any active key of the owning organization reads it; others get 404. */
import { ApiError } from '../contracts/errors.ts';
import { endpoint } from '../middleware/endpoint.ts';
import { json } from '../middleware/http.ts';
import { jobView } from '../pipeline/jobs.ts';
import { defaultDeps, type DepsProvider } from '../runtime/deps.ts';

export const createHandler = (getDeps: DepsProvider = defaultDeps) =>
  endpoint({ getDeps }, async ({ event, principal, deps }) => {
    const jobId = event.pathParameters?.job_id ?? '';
    const job = /^[0-9a-f-]{36}$/i.test(jobId) ? await deps.jobs.get(principal.orgId, jobId) : undefined;
    if (!job) throw new ApiError('not_found', `No job ${jobId} in this organization.`);
    return json(200, await jobView(deps, job));
  });

export const handler = createHandler();
