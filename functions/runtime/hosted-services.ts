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
import type { HostedServices } from '../contracts/hosted-models.ts';
import { COMPREHEND_MAX_TEXT_BYTES, COMPREHEND_PII_ENGINE, TEXTRACT_ENGINE, TEXTRACT_MAX_IMAGE_BYTES } from '../adapters/aws/hosted-service-facts.ts';
import type { ServiceConfig } from './config.ts';

/**
 * Every hosted client is loaded at its first call: every function builds
 * its dependencies at cold start, and loading an SDK client (~40 ms each)
 * is only worth it where a request asks for it.
 */
function loadedOnFirstCall<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

export function buildHostedServices(config: ServiceConfig): HostedServices {
  const wanted = hostedEnginesIn(config.engines);
  const services: { -readonly [K in keyof HostedServices]: HostedServices[K] } = {};
  // bedrock → languageModel, comprehend → piiDetection, textract → pageText (adapters in functions/adapters/aws/).
  if (wanted.has('comprehend')) {
    const client = loadedOnFirstCall(async () => (await import('../adapters/aws/comprehend-pii.ts')).ComprehendPiiDetection.create(config.region));
    services.piiDetection = {
      name: COMPREHEND_PII_ENGINE,
      maxTextBytes: COMPREHEND_MAX_TEXT_BYTES,
      detectPii: async (text, languageCode, signal) => (await client()).detectPii(text, languageCode, signal),
    };
  }
  if (wanted.has('textract')) {
    const client = loadedOnFirstCall(async () => (await import('../adapters/aws/textract-page-text.ts')).TextractPageText.create(config.region));
    services.pageText = {
      name: TEXTRACT_ENGINE,
      maxImageBytes: TEXTRACT_MAX_IMAGE_BYTES,
      detectText: async (image, signal) => (await client()).detectText(image, signal),
    };
  }
  if (wanted.has('bedrock')) {
    const model = loadedOnFirstCall(async () => {
      const { BedrockLanguageModel, createBedrockRuntimeClient } = await import('../adapters/aws/bedrock-language-model.ts');
      return new BedrockLanguageModel(createBedrockRuntimeClient(config.region), { modelId: config.bedrockModelId });
    });
    services.languageModel = {
      modelId: config.bedrockModelId,
      callTool: async (request) => (await model()).callTool(request),
    };
  }
  return services;
}
