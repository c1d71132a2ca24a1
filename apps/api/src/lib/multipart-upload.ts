import type { FastifyRequest } from 'fastify';
import { AppError, FieldError } from './errors';
import { NOT_AN_IMAGE } from './images';

export const UNREADABLE_UPLOAD = 'The upload could not be read. Please select an image file.';

export interface UploadOptions {
  /** The file part's name. */
  field?: string;
  /** Files of this many bytes or more are refused with 413 and `tooLarge`. */
  maxBytes: number;
  tooLarge: string;
  /** Text parts allowed beside the file (default 10); more is a 413. */
  maxFields?: number;
}

export interface Upload {
  bytes: Buffer;
  /** The form's text parts, by name. */
  fields: Record<string, string>;
}

/**
 * The multipart form of an image upload (needs @fastify/multipart registered): the file part
 * `field`, read whole, and any text parts. A body the multipart parser cannot read (no boundary,
 * cut short, …) is the client's fault: 400 on the file field. A missing file is a 400 too.
 */
export async function readImageUpload(request: FastifyRequest, options: UploadOptions): Promise<Upload> {
  const field = options.field ?? 'image';
  if (!request.isMultipart()) throw new FieldError(field, NOT_AN_IMAGE);
  const tooLarge = () => new AppError(413, options.tooLarge, { error: { [field]: [options.tooLarge] } });
  let bytes: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    const maxFields = options.maxFields ?? 10;
    const parts = request.parts({
      limits: { fileSize: options.maxBytes - 1, files: 1, fields: maxFields, parts: maxFields + 2 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (Object.hasOwn(fields, part.fieldname))
          throw new FieldError(part.fieldname, `${part.fieldname} is given twice`);
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      if (part.fieldname !== field || bytes) {
        part.file.resume(); // drain parts we do not want, or the request never ends
        continue;
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (statusCode === 413) throw error; // too many parts, files or fields
    request.log.info({ err: error }, 'unreadable multipart body');
    throw new FieldError(field, UNREADABLE_UPLOAD);
  }
  if (!bytes) throw new FieldError(field, NOT_AN_IMAGE);
  return { bytes, fields };
}
