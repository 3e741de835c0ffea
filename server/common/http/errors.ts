/**
 * One error shape for every reply: `{ code, reason }`. Domain errors keep
 * their status and wording; framework errors (bad JSON, wrong types, unknown
 * fields, oversized bodies, wrong content type) become clear 4xx replies;
 * anything unexpected is a 500 whose details go only to the log. Errors
 * raised before any route runs (a path parameter over the router's limit,
 * a malformed address, headers over Node's limit) get the same shape through
 * `frameworkErrors` and `clientErrorHandler`, passed to Fastify at creation.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Duplex } from 'node:stream';
import type { ApiError as ApiErrorBody } from '../../shared/api';
import { ApiError } from '../api-error';

function describeValidation(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const where = error.validationContext ?? 'request';
  const field = first.instancePath ? first.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
  if (first.keyword === 'additionalProperties') {
    const extra = (first.params as { additionalProperty?: string }).additionalProperty;
    return `Unknown field '${extra}' in ${where}.`;
  }
  if (first.keyword === 'required') {
    const missing = (first.params as { missingProperty?: string }).missingProperty;
    return `Missing field '${missing}' in ${where}.`;
  }
  return `${field ? `'${field}' in ${where}` : where} ${first.message ?? 'is invalid'}.`;
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let body: ApiErrorBody = { code: 'internal-error', reason: 'An unexpected error has occurred.' };
    if (error instanceof ApiError) {
      status = error.status;
      body = { code: error.code, reason: error.reason };
    } else if (error.validation) {
      status = 400;
      body = { code: 'invalid-request', reason: describeValidation(error) };
    } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      status = 413;
      body = { code: 'body-too-large', reason: 'The request body is too large.' };
    } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      status = 415;
      body = { code: 'unsupported-media-type', reason: 'The request body must be JSON.' };
    } else if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      status = 400;
      body = { code: 'invalid-request', reason: 'The request body is empty; JSON was expected.' };
    } else if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      status = 400;
      body = { code: 'invalid-json', reason: 'The request body is not valid JSON.' };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { code: 'invalid-request', reason: error.message };
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    void reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({ code: 'not-found', reason: `No such resource: ${request.method} ${request.url.split('?')[0]}` });
  });
}

function errorJson(status: number, body: ApiErrorBody): string {
  const text = JSON.stringify(body);
  const reason = status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request';
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(text)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${text}`;
}

/** The router's own errors, before any route or hook runs. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send({ code: 'uri-too-long', reason: 'A part of the address is too long.' });
  } else {
    void reply.status(400).send({ code: 'invalid-request', reason: 'The address is not valid.' });
  }
}

/** Requests Node's HTTP parser refuses (headers too large, bytes that are not HTTP), answered in our shape, then closed. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let body: ApiErrorBody = { code: 'invalid-request', reason: 'The request could not be read.' };
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    body = { code: 'request-too-large', reason: "The request's address or headers are too long." };
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    body = { code: 'request-timeout', reason: 'The request took too long to arrive.' };
  }
  if (socket.writable) socket.write(errorJson(status, body));
  socket.destroy(error);
}
