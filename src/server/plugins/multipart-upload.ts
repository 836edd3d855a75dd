import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fileTooLargeMessage } from '@shared/attachments.js';
import { AppError } from '@shared/errors.js';
import type { ReceivedUpload } from '../modules/attachments/index.js';
import { cleanFileName } from '../modules/attachments/index.js';
import { assertNoNul } from './refuse-nul.js';

/** Multipart errors of @fastify/multipart, in words. */
function uploadError(error: unknown, maxBytes: number): unknown {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('payload_too_large', fileTooLargeMessage(maxBytes));
    case 'FST_FILES_LIMIT':
      return new AppError('bad_request', 'Send one file per request');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return new AppError('bad_request', 'The form has fields this upload does not take');
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError('bad_request', 'The upload was interrupted before the whole file arrived');
    default:
      return error;
  }
}

/**
 * Reads a multipart/form-data upload of one file (field `file`) and its text fields, streaming the file to
 * a temporary file while counting and hashing it, so memory stays flat whatever the size limit.
 */
export async function receiveUpload(
  request: FastifyRequest,
  { tempDir, maxBytes }: { tempDir: string; maxBytes: number },
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data');
  }
  await fsp.mkdir(tempDir, { recursive: true });
  const fields: Record<string, string> = {};
  let received: ReceivedUpload | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        assertNoNul(fields[part.fieldname], part.fieldname);
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new AppError('bad_request', 'Send the file in a form field named "file"');
      }
      const tempPath = path.join(tempDir, randomUUID());
      const hash = createHash('sha256');
      let sizeBytes = 0;
      received = { path: tempPath, fileName: cleanFileName(part.filename), sizeBytes, sha256: '', fields };
      await pipeline(
        part.file,
        new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            hash.update(chunk);
            sizeBytes += chunk.length;
            callback(null, chunk);
          },
        }),
        fs.createWriteStream(tempPath),
      );
      if (part.file.truncated) throw new AppError('payload_too_large', fileTooLargeMessage(maxBytes));
      received = { ...received, sizeBytes, sha256: hash.digest('hex') };
    }
  } catch (error) {
    if (received) await fsp.rm(received.path, { force: true });
    throw uploadError(error, maxBytes);
  }
  if (!received) throw new AppError('bad_request', 'Choose a file to upload');
  if (received.sizeBytes === 0) {
    await fsp.rm(received.path, { force: true });
    throw new AppError('bad_request', 'The file is empty');
  }
  return received;
}
