declare module 'lambda-multipart-parser' {
  export interface MultipartFile {
    filename: string;
    content: Buffer;
    contentType: string;
    encoding: string;
    fieldname: string;
  }
  export function parse(event: unknown): Promise<{ files: MultipartFile[]; [field: string]: unknown }>;
  const parser: { parse: typeof parse };
  export default parser;
}
