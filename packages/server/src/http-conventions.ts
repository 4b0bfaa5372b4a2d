/**
 * HTTP conventions every route keeps, whatever it does: a wrong method is 405 with `Allow`; a URL, a header or a
 * body the server will not read is a problem+json (414, 431, 415) that never echoes what was sent; a schema error
 * names the field it is about and, for a closed list (the maps), the values allowed; a malformed game id is no
 * game at all (404, as an unknown one).
 */
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { PROBLEM_TYPE, problemBody, type ProblemBody } from './problems.js';

/** The methods a route may answer; a path that knows some of them answers 405 to the others. */
const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** How much of a URL a problem quotes: enough to recognise it, never a 10 KB path back to its sender. */
const QUOTED = 80;

function quoted(path: string): string {
  return path.length > QUOTED ? `${path.slice(0, QUOTED)}...` : path;
}

/** A problem written straight to a socket (the request was never parsed, so there is no reply to send it on). */
function writeRaw(socket: Socket, body: ProblemBody): void {
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${body.status} ${body.title}\r\nContent-Type: ${PROBLEM_TYPE}\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}

/** Fastify options: problems for URLs the router refuses and for requests Node's parser refuses. */
export const conventionOptions: Pick<
  FastifyServerOptions,
  'frameworkErrors' | 'clientErrorHandler' | 'routerOptions'
> = {
  // An id is at most 64 characters (schemas.ts); a longer path segment is refused before routing.
  routerOptions: { maxParamLength: 100 },
  frameworkErrors: (error, _request, reply: FastifyReply) => {
    const body =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? problemBody(414, 'uri-too-long', 'a part of the path is longer than any this server knows')
        : problemBody(400, 'bad-url', 'the path is not a valid URL');
    void reply.code(body.status).type(PROBLEM_TYPE).send(body);
  },
  clientErrorHandler: (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
      socket.destroy();
      return;
    }
    if (error.code === 'HPE_HEADER_OVERFLOW') {
      writeRaw(
        socket,
        problemBody(431, 'headers-too-large', 'the request line and headers are larger than 16 KiB'),
      );
    } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      writeRaw(socket, problemBody(408, 'request-timeout', 'the request did not arrive in time'));
    } else {
      writeRaw(socket, problemBody(400, 'bad-http', 'the request is not valid HTTP/1.1'));
    }
  },
};

/**
 * 404 for paths no route has, 405 with `Allow` for paths some route has under another method. Routes are
 * collected as they are added (call this before adding any), into a router of their own that only answers
 * "which methods does this path have".
 */
export function methodNotAllowed(app: FastifyInstance): void {
  const paths = FindMyWay({ ignoreTrailingSlash: false, maxParamLength: 100 });
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (METHODS.includes(method as HTTPMethod) && !paths.hasRoute(method as HTTPMethod, route.url)) {
        paths.on(method as HTTPMethod, route.url, () => undefined);
      }
    }
  });
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    const allow = METHODS.filter((m) => paths.find(m, path) !== null);
    if (allow.length > 0) {
      const body = problemBody(
        405,
        'method-not-allowed',
        `${quoted(path)} takes ${allow.join(', ')}, not ${request.method}`,
      );
      void reply.code(405).header('allow', allow.join(', ')).type(PROBLEM_TYPE).send(body);
      return;
    }
    const body = problemBody(404, 'no-such-route', `there is no route ${request.method} ${quoted(path)}`);
    void reply.code(404).type(PROBLEM_TYPE).send(body);
  });
  // Bodies are JSON: any other media type (text/plain included, which Fastify would read as a string) is 415.
  app.removeContentTypeParser('text/plain');
}

/** One schema error (Ajv's, with `verbose` on so it carries its schema and data). */
interface SchemaError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
  parentSchema?: { properties?: Record<string, unknown> };
  data?: unknown;
}

/** The sentence for a schema error: the field, what is wrong, and what would do. */
function schemaMessage(e: SchemaError, where: string): string {
  const field = `${where}${e.instancePath.replaceAll('/', '.')}`;
  if (e.keyword === 'additionalProperties') {
    const known = Object.keys(e.parentSchema?.properties ?? {});
    const name = String(e.params['additionalProperty']);
    return `${field}: unknown field "${name}"${known.length > 0 ? `; the fields are ${known.join(', ')}` : ''}`;
  }
  if (e.keyword === 'enum') {
    const allowed = (e.params['allowedValues'] as unknown[] | undefined) ?? [];
    return `${field}: ${JSON.stringify(e.data)} is not one of ${allowed.join(', ')}`;
  }
  if (e.keyword === 'required')
    return `${field}: the field "${String(e.params['missingProperty'])}" is missing`;
  return `${field} ${e.message ?? 'is not valid'}`;
}

/** Fastify's schemaErrorFormatter: the error's message, naming the field. */
export function schemaErrorFormatter(errors: readonly SchemaError[], where: string): Error {
  const first = errors[0];
  return new Error(first ? schemaMessage(first, where) : `${where} is not valid`);
}

/**
 * The problem for a request its schema refused. A path parameter that cannot be an id (too short, a character
 * ids never have) names no game: 404, exactly as a well-formed id nobody created.
 */
export function validationProblem(
  error: { message: string; validationContext?: string },
  request: FastifyRequest,
): ProblemBody {
  if (error.validationContext === 'params') {
    const id = (request.params as { id?: string } | undefined)?.id ?? '';
    return problemBody(404, 'no-such-game', `there is no game "${quoted(id)}"`);
  }
  return problemBody(400, 'invalid-request', error.message);
}
