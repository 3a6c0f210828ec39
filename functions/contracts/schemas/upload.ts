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
});
export type UploadRequest = z.infer<typeof UploadRequest>;
