/**
 * Builds the clients of the hosted services the engine selection turned on
 * (contracts/engines.ts), and only those: a deployment that runs every slot
 * locally creates no Bedrock, Comprehend or Textract client.
 *
 * Endpoints are the SDK's own resolution: `AWS_ENDPOINT_URL_BEDROCK_RUNTIME`
 * (`AWS_ENDPOINT_URL_<SERVICE ID>`) redirects a client, which the local
 * server's tests use to reach a fake service.
 *
 * @module
 */
import { hostedEnginesIn } from '../contracts/engines.ts';
import type { HostedServices, LanguageModel } from '../contracts/hosted-models.ts';
import { ComprehendPiiDetection } from '../adapters/aws/comprehend-pii.ts';
import { TextractPageText } from '../adapters/aws/textract-page-text.ts';
import type { ServiceConfig } from './config.ts';

/**
 * A language model whose SDK is loaded at its first call: every function
 * builds its dependencies at cold start, and loading the Bedrock Runtime
 * client (~40 ms) is only worth it where a request asks for it.
 */
function loadedOnFirstCall(modelId: string, load: () => Promise<LanguageModel>): LanguageModel {
  let model: Promise<LanguageModel> | undefined;
  return {
    modelId,
    callTool: async (request) => (await (model ??= load())).callTool(request),
  };
}

export function buildHostedServices(config: ServiceConfig): HostedServices {
  const wanted = hostedEnginesIn(config.engines);
  const services: { -readonly [K in keyof HostedServices]: HostedServices[K] } = {};
  // Each hosted engine adds its client here when `wanted` has it (bedrock → languageModel,
  // comprehend → piiDetection, textract → pageText), built from functions/adapters/aws/.
  if (wanted.has('comprehend')) services.piiDetection = ComprehendPiiDetection.create(config.region);
  if (wanted.has('textract')) services.pageText = TextractPageText.create(config.region);
  if (wanted.has('bedrock')) {
    services.languageModel = loadedOnFirstCall(config.bedrockModelId, async () => {
      const { BedrockLanguageModel, createBedrockRuntimeClient } = await import('../adapters/aws/bedrock-language-model.ts');
      return new BedrockLanguageModel(createBedrockRuntimeClient(config.region), { modelId: config.bedrockModelId });
    });
  }
  return services;
}
