/**
 * Builds the clients of the hosted services the engine selection turned on
 * (contracts/engines.ts), and only those: a deployment that runs every slot
 * locally creates no Bedrock, Comprehend or Textract client.
 *
 * @module
 */
import { hostedEnginesIn } from '../contracts/engines.ts';
import type { HostedServices } from '../contracts/hosted-models.ts';
import { ComprehendPiiDetection } from '../adapters/aws/comprehend-pii.ts';
import { TextractPageText } from '../adapters/aws/textract-page-text.ts';
import type { ServiceConfig } from './config.ts';

export function buildHostedServices(config: ServiceConfig): HostedServices {
  const wanted = hostedEnginesIn(config.engines);
  const services: { -readonly [K in keyof HostedServices]: HostedServices[K] } = {};
  // Each hosted engine adds its client here when `wanted` has it (bedrock → languageModel,
  // comprehend → piiDetection, textract → pageText), built from functions/adapters/aws/.
  if (wanted.has('comprehend')) services.piiDetection = ComprehendPiiDetection.create(config.region);
  if (wanted.has('textract')) services.pageText = TextractPageText.create(config.region);
  return services;
}
