/**
 * The SQS, Step Functions and Secrets Manager adapters with the real SDK
 * clients on the wire, against a loopback server answering in each service's
 * AWS JSON protocol: what each adapter sends, and what it does with the
 * answers and errors AWS gives.
 */
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SFNClient } from '@aws-sdk/client-sfn';
import { SQSClient } from '@aws-sdk/client-sqs';
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { SecretsManagerSecretSource } from '../../../functions/adapters/aws/secrets-manager-secret-source.ts';
import { StepFunctionsBatchWorkflow } from '../../../functions/adapters/aws/sfn-batch-workflow.ts';
import { SqsBatchQueue } from '../../../functions/adapters/aws/sqs-batch-queue.ts';
import { SqsJobQueue } from '../../../functions/adapters/aws/sqs-job-queue.ts';
import { awsError, startFakeAwsJson, type FakeAwsHandler, type FakeAwsJson } from '../../helpers/fake-aws-json.ts';

const CLIENT = { region: 'eu-west-1', credentials: { accessKeyId: 'AKIDFAKE', secretAccessKey: 'fake-secret' }, maxAttempts: 1 } as const;
const QUEUE_URL = 'https://sqs.eu-west-1.amazonaws.com/123456789012/docintel-jobs';
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

let fake: FakeAwsJson | undefined;
async function serve(handler: FakeAwsHandler): Promise<FakeAwsJson> {
  fake = await startFakeAwsJson(handler);
  return fake;
}
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** SendMessageBatch's answer: every entry succeeds unless `fail` says how it fails. */
function batchAnswer(entries: { Id: string; MessageBody: string }[], fail: (id: string) => Record<string, unknown> | undefined = () => undefined) {
  const failed = entries.map((e) => ({ Id: e.Id, ...fail(e.Id) })).filter((f) => Object.keys(f).length > 1);
  const successful = entries
    .filter((e) => !failed.some((f) => f.Id === e.Id))
    .map((e) => ({ Id: e.Id, MessageId: `m-${e.Id}`, MD5OfMessageBody: md5(e.MessageBody) }));
  return { body: { Successful: successful, ...(failed.length ? { Failed: failed } : {}) } };
}

describe('SqsJobQueue', () => {
  it('sends one signed SendMessage with the job as its JSON body', async () => {
    const server = await serve(({ body }) => ({ body: { MessageId: 'm-1', MD5OfMessageBody: md5(body.MessageBody) } }));
    await new SqsJobQueue(new SQSClient({ ...CLIENT, endpoint: server.endpoint }), QUEUE_URL).enqueue({ orgId: 'org-a', jobId: 'job-1' });
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]).toMatchObject({ operation: 'SendMessage', contentType: 'application/x-amz-json-1.0', body: { QueueUrl: QUEUE_URL } });
    expect(server.calls[0].authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDFAKE\/\d{8}\/eu-west-1\/sqs\/aws4_request/);
    expect(JSON.parse(server.calls[0].body.MessageBody)).toEqual({ orgId: 'org-a', jobId: 'job-1' });
  });

  it('fails when SQS refuses the message', async () => {
    const server = await serve(() => awsError(400, 'com.amazonaws.sqs#QueueDoesNotExist', 'The specified queue does not exist.'));
    const queue = new SqsJobQueue(new SQSClient({ ...CLIENT, endpoint: server.endpoint }), QUEUE_URL);
    await expect(queue.enqueue({ orgId: 'org-a', jobId: 'job-1' })).rejects.toMatchObject({ name: 'QueueDoesNotExist' });
  });
});

describe('SqsBatchQueue', () => {
  const messages = (n: number) => Array.from({ length: n }, (_, docIndex) => ({ orgId: 'org-a', batchId: 'b-1', docIndex }));

  it('sends items ten per SendMessageBatch, every item once', async () => {
    const server = await serve(({ body }) => batchAnswer(body.Entries));
    await new SqsBatchQueue(new SQSClient({ ...CLIENT, endpoint: server.endpoint }), QUEUE_URL).sendItems(messages(25));
    const calls = server.calls.map((c) => [c.operation, c.body.Entries.length]);
    expect(calls).toEqual([['SendMessageBatch', 10], ['SendMessageBatch', 10], ['SendMessageBatch', 5]]);
    const sent = server.calls.flatMap((c) => c.body.Entries.map((e: { MessageBody: string }) => JSON.parse(e.MessageBody).docIndex as number));
    expect(sent.sort((a, b) => a - b)).toEqual([...Array(25).keys()]);
  });

  it('resends only the entries SQS failed on its side', async () => {
    let first = true;
    const server = await serve(({ body }) => {
      const serverSide = { SenderFault: false, Code: 'InternalError', Message: 'try again' };
      const answer = batchAnswer(body.Entries, (id) => (first && id === '3' ? serverSide : undefined));
      first = false;
      return answer;
    });
    await new SqsBatchQueue(new SQSClient({ ...CLIENT, endpoint: server.endpoint }), QUEUE_URL).sendItems(messages(5));
    expect(server.calls.map((c) => c.body.Entries.map((e: { Id: string }) => e.Id))).toEqual([['0', '1', '2', '3', '4'], ['3']]);
  });

  it('throws on an entry rejected as the sender\'s fault instead of retrying it', async () => {
    const senderFault = { SenderFault: true, Code: 'InvalidMessageContents', Message: 'bad' };
    const server = await serve(({ body }) => batchAnswer(body.Entries, (id) => (id === '1' ? senderFault : undefined)));
    const queue = new SqsBatchQueue(new SQSClient({ ...CLIENT, endpoint: server.endpoint }), QUEUE_URL);
    await expect(queue.sendItems(messages(3))).rejects.toThrow(/InvalidMessageContents/);
    expect(server.calls).toHaveLength(1);
  });
});

describe('StepFunctionsBatchWorkflow', () => {
  const ARN = 'arn:aws:states:eu-west-1:123456789012:stateMachine:docintel-batch';

  it('starts one execution named after the batch, with the batch as input', async () => {
    const executionArn = (name: string) => `${ARN.replace('stateMachine', 'execution')}:${name}`;
    const server = await serve(({ body }) => ({ body: { executionArn: executionArn(body.name), startDate: 1_900_000_000 } }));
    await new StepFunctionsBatchWorkflow(new SFNClient({ ...CLIENT, endpoint: server.endpoint }), ARN).start('org-a', 'b-1');
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]).toMatchObject({ operation: 'StartExecution', body: { stateMachineArn: ARN, name: 'b-1' } });
    expect(JSON.parse(server.calls[0].body.input)).toEqual({ org_id: 'org-a', batch_id: 'b-1' });
  });

  it('treats ExecutionAlreadyExists (a retried submission) as started, and other errors as errors', async () => {
    let answer = awsError(400, 'com.amazonaws.swf.service.v2.model#ExecutionAlreadyExists', "Execution Already Exists: 'b-1'");
    const server = await serve(() => answer);
    const workflow = new StepFunctionsBatchWorkflow(new SFNClient({ ...CLIENT, endpoint: server.endpoint }), ARN);
    await expect(workflow.start('org-a', 'b-1')).resolves.toBeUndefined();
    answer = awsError(400, 'com.amazonaws.swf.service.v2.model#StateMachineDoesNotExist', 'State Machine Does Not Exist');
    await expect(workflow.start('org-a', 'b-1')).rejects.toMatchObject({ name: 'StateMachineDoesNotExist' });
  });
});

describe('SecretsManagerSecretSource', () => {
  const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:docintel-master-AbCdEf';
  const secretValue = (SecretString?: string) => ({
    body: {
      ...{ ARN: SECRET_ARN, Name: 'docintel-master', VersionId: 'v-1', VersionStages: ['AWSCURRENT'], CreatedDate: 1_900_000_000 },
      ...(SecretString ? { SecretString } : {}),
    },
  });

  it('reads the secret string once per process', async () => {
    const server = await serve(() => secretValue('a1b2c3'));
    const source = new SecretsManagerSecretSource(new SecretsManagerClient({ ...CLIENT, endpoint: server.endpoint }), SECRET_ARN);
    const [a, b] = await Promise.all([source.masterSecret(), source.masterSecret()]);
    expect(a.toString('utf8')).toBe('a1b2c3');
    expect(b).toBe(a);
    await source.masterSecret();
    expect(server.calls.map((c) => [c.operation, c.contentType, c.body.SecretId])).toEqual([['GetSecretValue', 'application/x-amz-json-1.1', SECRET_ARN]]);
  });

  it('does not keep a failure: the next call asks again', async () => {
    let answer = awsError(400, 'ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
    const server = await serve(() => answer);
    const source = new SecretsManagerSecretSource(new SecretsManagerClient({ ...CLIENT, endpoint: server.endpoint }), SECRET_ARN);
    await expect(source.masterSecret()).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    answer = secretValue();
    await expect(source.masterSecret()).rejects.toThrow(/no string value/);
    answer = secretValue('d4e5f6');
    expect((await source.masterSecret()).toString('utf8')).toBe('d4e5f6');
    expect(server.calls).toHaveLength(3);
  });
});
