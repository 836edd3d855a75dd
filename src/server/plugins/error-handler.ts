import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ApiErrorBody, type FieldErrors } from '@shared/errors.js';
import {
  databaseFailureOf,
  databaseUnavailableError,
  type DatabaseAvailability,
} from '../db/availability.js';
import { IDEMPOTENCY_KEY_HEADER } from './idempotency.js';

/** Fastify's own client-error codes, answered with a plain message instead of its internal wording. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but its content type says JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported here',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body',
};

/**
 * What the multipart parser (@fastify/busboy) throws, without a code or status, for a body it cannot read; it
 * can surface outside the upload's own error handling (plugins/multipart-upload.ts), e.g. when no part arrived.
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)$/;

/** Whether a request changes something, and whether sending it again is safe (decision 040). */
function writeOf(request: FastifyRequest): { retrySafe: boolean } | undefined {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return undefined;
  return { retrySafe: request.method !== 'POST' || request.headers[IDEMPOTENCY_KEY_HEADER] !== undefined };
}

function send(reply: FastifyReply, status: number, body: ApiErrorBody) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

function validationFieldErrors(error: FastifyError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    (fieldErrors[field] ??= []).push(issue.message ?? 'Invalid value');
  }
  return fieldErrors;
}

/**
 * The one place errors become HTTP answers: `{ message, code?, fieldErrors? }` with the right status. Client
 * mistakes are answered in plain words; anything unexpected is logged and answered with a generic 500 that
 * leaks no internals.
 */
export function registerErrorHandling(app: FastifyInstance, availability?: DatabaseAvailability) {
  app.setErrorHandler((caught: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    let error = caught;
    // The database gone (restarting, failing over), every connection busy, too slow, or a transaction rolled back
    // by a concurrent one (a deadlock) is no one's mistake and no 500: 503 with a Retry-After, an outage or a busy
    // pool logged once (db/availability.ts).
    const failure = availability ? availability.noticed(error) : databaseFailureOf(error);
    if (failure) {
      if (failure === 'contention' || failure === 'statement_timeout')
        request.log.warn(
          { err: error },
          failure === 'contention' ? 'rolled back by a concurrent change' : 'statement timeout',
        );
      error = databaseUnavailableError(failure, writeOf(request)) as unknown as FastifyError;
    }
    if (error instanceof AppError) {
      reply.headers(error.headers);
      if (error.status >= 500 && !failure) request.log.error({ err: error }, error.message);
      return send(reply, error.status, {
        message: error.message,
        code: error.code,
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors = validationFieldErrors(error);
      const [firstField, firstMessages] = Object.entries(fieldErrors)[0] ?? ['_', ['Invalid request']];
      const message =
        firstField === '_' ? `Invalid request ${error.validationContext ?? 'body'}` : firstMessages[0]!;
      return send(reply, 400, { message, code: 'validation', fieldErrors });
    }
    if (!error.statusCode && MALFORMED_MULTIPART.test(error.message)) {
      return send(reply, 400, {
        message: 'The upload is not a well-formed multipart/form-data body',
        code: 'bad_request',
      });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const message = (error.code && FRAMEWORK_MESSAGES[error.code]) || error.message || 'Bad request';
      return send(reply, status, { message, code: status === 413 ? 'payload_too_large' : 'bad_request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, {
      message: 'Something went wrong on our side. Please try again.',
      code: 'internal',
    });
  });
}

/** Unknown `/api` paths answer a JSON 404; anything else is left to the SPA fallback. */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  return send(reply, 404, { message: `No such endpoint: ${request.method} ${path}`, code: 'not_found' });
}
