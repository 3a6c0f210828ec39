import { z } from 'zod';

/** Body of POST /v1/documents/upload. Unknown fields are rejected so typos surface. */
export const UploadRequest = z.strictObject({
  filename: z
    .string()
    .trim()
    .min(1, 'filename must not be empty')
    .max(1024, 'filename must be at most 1024 characters')
    .refine((v) => !/[\u0000-\u001f]/.test(v), 'filename must not contain control characters'),
  content_type: z.string().trim().min(1).max(255).optional(),
  content_length: z.number().int().nonnegative().optional(),
  encryption_header: z
    .boolean()
    .optional()
    .describe(
      'Default true: the PUT must send x-amz-server-side-encryption: AES256 (listed in upload_headers). ' +
        'false: the address does not take that header (S3 refuses unsigned x-amz-* headers); the bucket encrypts every object either way.',
    ),
});
export type UploadRequest = z.infer<typeof UploadRequest>;
