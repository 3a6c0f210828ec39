import { Logger } from '@aws-lambda-powertools/logger';

/**
 * One structured JSON logger per process. Never pass it request headers or
 * bodies: API keys and document text must not reach the logs.
 */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'docintel' });
