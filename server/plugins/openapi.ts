import fs from 'node:fs';
import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ACCESS_LEVELS, type AccessLevel } from '#contract/constants.ts';
import { ERROR_CODES, type ErrorCode } from '#contract/errors.ts';
import { DEVICE_HEADER } from '#contract/worker-rules.ts';
import { RETRY_AFTER_SECONDS } from '../lib/shutdown.ts';

/** The one error body of the API as a component (contract/errors.ts `ApiErrorBody`, docs/decisions/018-error-codes.md). */
export const API_ERROR_SCHEMA = {
  type: 'object',
  description: 'Every refusal: an HTTP status and this body. Clients act on `code`; `message` is English for logs.',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', enum: [...ERROR_CODES] },
    message: { type: 'string' },
    params: {
      type: 'object',
      description: "Values the code's words use (a unit number, a limit).",
      additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }] },
    },
    issues: {
      type: 'array',
      description: 'One per invalid field, on validation_failed.',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: { path: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
} as const;

const SIGNED_IN: readonly AccessLevel[] = ACCESS_LEVELS.filter((level) => level !== 'public' && level !== 'worker');
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const RETRY_AFTER = {
  'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again.' },
} as const;

/** The photo types an upload may carry (checked by their bytes, not by the header; docs/decisions/005-photo-storage.md). */
const BINARY = { type: 'string', format: 'binary' } as const;

interface Refusal {
  status: number;
  codes: ErrorCode[];
  why: string;
  retryAfter?: boolean;
}

/** What the route's declarations say it can refuse: derived here, once, for every route (docs/decisions/032-api-contract.md). */
export function refusalsOf(route: {
  method: string;
  url: string;
  access?: AccessLevel;
  idempotent: boolean;
  keyInRecord: boolean;
  rateLimited: boolean;
  hasInput: boolean;
  hasBody: boolean;
  /** A heavy read (docs/decisions/034-no-tenant-stalls.md): an export or a report. */
  heavy?: 'export' | 'report';
}): Refusal[] {
  const signedIn = route.access !== undefined && SIGNED_IN.includes(route.access);
  const write = WRITES.has(route.method);
  const readsKey = route.idempotent || route.keyInRecord;
  const list: Refusal[] = [];
  const badRequest: ErrorCode[] = ['bad_request', 'text_invalid'];
  if (route.hasInput) badRequest.unshift('validation_failed');
  if (readsKey) badRequest.push('idempotency_key_invalid');
  list.push({ status: 400, codes: badRequest, why: 'The request is malformed or a field is invalid (`issues` names each field).' });
  if (signedIn) list.push({ status: 401, codes: ['unauthorized'], why: 'No valid session of the kind this route needs.' });
  const forbidden: ErrorCode[] = [];
  if (signedIn && route.access !== 'platformAdmin') forbidden.push('forbidden', 'password_change_required');
  if (write) forbidden.push('cross_site_refused');
  if (forbidden.length > 0) list.push({ status: 403, codes: forbidden, why: 'The caller may not do this.' });
  if (/[:*]/.test(route.url))
    list.push({ status: 404, codes: ['not_found'], why: 'The id in the path names nothing this caller may see.' });
  if (route.idempotent) {
    list.push({ status: 409, codes: ['request_in_progress'], why: 'A request with the same Idempotency-Key is still being handled.' });
    list.push({ status: 422, codes: ['idempotency_key_reused'], why: 'This Idempotency-Key was used for another request.' });
  }
  if (route.hasBody) {
    list.push({ status: 413, codes: ['payload_too_large'], why: 'The body is too large.' });
    list.push({ status: 415, codes: ['unsupported_media_type'], why: 'The body has a content type this route does not read.' });
  }
  const tooMany: ErrorCode[] = [];
  if (route.rateLimited) tooMany.push('rate_limited');
  if (route.heavy === 'export') tooMany.push('export_in_progress');
  if (tooMany.length > 0)
    list.push({
      status: 429,
      codes: tooMany,
      why:
        route.heavy === 'export'
          ? 'Too many requests, or another export of this project is under way: wait as Retry-After says.'
          : 'Too many requests: wait as Retry-After says.',
      retryAfter: true,
    });
  const unavailable: ErrorCode[] = ['database_unavailable', 'shutting_down', 'storage_unavailable'];
  if (route.heavy) unavailable.push('report_timed_out');
  list.push({
    status: 503,
    codes: unavailable,
    why: `The server cannot answer now (database down, restarting${route.heavy ? ', the report took too long to read' : ''}); try again after Retry-After (usually ${RETRY_AFTER_SECONDS} s).`,
    retryAfter: true,
  });
  return list;
}

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } };

type Transformed = { schema: Record<string, unknown> & { response?: Record<string, unknown>; hide?: boolean }; url: string };

/**
 * jsonSchemaTransform (zod → JSON schema; request schemas as input types, so fields the server
 * defaults are optional), then what the route's declarations imply: its refusals with the shared
 * ApiError body, the headers it reads, a raw upload body.
 */
function documentRoute(document: Parameters<typeof jsonSchemaTransform>[0]) {
  const out = jsonSchemaTransform(document) as Transformed;
  if (out.schema?.hide) return out;
  const route = document.route as RouteOptions;
  const schema = { ...(out.schema ?? {}) };
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const method = methods[0]!;
  const config = (route.config ?? {}) as {
    access?: AccessLevel;
    idempotent?: unknown;
    keyInRecord?: true;
    rateLimit?: unknown;
    heavy?: 'export' | 'report';
  };
  const original = (route.schema ?? {}) as {
    body?: unknown;
    querystring?: unknown;
    params?: unknown;
    consumes?: string[];
    produces?: string[];
  };
  const raw = original.consumes !== undefined && original.body === undefined;
  const refusals = refusalsOf({
    method,
    url: route.url,
    access: config.access,
    idempotent: config.idempotent !== undefined && config.idempotent !== false,
    keyInRecord: config.keyInRecord === true,
    rateLimited: config.rateLimit !== undefined,
    hasInput: original.body !== undefined || original.querystring !== undefined || original.params !== undefined,
    hasBody: original.body !== undefined || raw,
    heavy: config.heavy,
  });

  // A raw upload: bytes under any of the declared types (the route checks them by content).
  if (raw) schema.body = { ...BINARY, description: 'The photo bytes.' };

  // A route that streams bytes (a photo) says so instead of "Default Response".
  const response: Record<string, unknown> = { ...(schema.response ?? {}) };
  if (original.produces && !Object.keys(response).some((s) => s.startsWith('2'))) {
    response['200'] = {
      description: 'The bytes.',
      content: Object.fromEntries(original.produces.map((type) => [type, { schema: BINARY }])),
    };
  }
  for (const r of refusals) {
    if (response[String(r.status)]) continue;
    response[String(r.status)] = {
      description: `${r.why} Codes: ${r.codes.map((c) => `\`${c}\``).join(', ')}.`,
      content: errorContent,
      ...(r.retryAfter ? { headers: RETRY_AFTER } : {}),
    };
  }
  response.default = { description: "Any other refusal of the route's own rules: the same body.", content: errorContent };
  schema.response = response;

  const headers: Record<string, unknown> = {};
  if (config.idempotent || config.keyInRecord) {
    headers['Idempotency-Key'] = {
      type: 'string',
      pattern: '^[A-Za-z0-9_.:-]{8,100}$',
      description:
        'Makes a retry safe: a repeat with the same key and body gets the first answer (docs/decisions/015-idempotent-creates.md).',
    };
  }
  if (config.access === 'worker') {
    headers[DEVICE_HEADER] = {
      type: 'string',
      pattern: '^[A-Za-z0-9-]{16,64}$',
      description: "The phone's own random id: limits count per phone, and only that phone may undo its completion.",
    };
  }
  if (Object.keys(headers).length > 0) {
    const own = (schema.headers ?? { type: 'object', properties: {} }) as { properties?: Record<string, unknown> };
    schema.headers = { ...own, type: 'object', properties: { ...own.properties, ...headers } };
  }
  return { ...out, schema };
}

/** The API reference page's two files, read once (docs/decisions/032-api-contract.md). */
const page = (name: string) => fs.readFileSync(new URL(`./openapi-docs/${name}`, import.meta.url), 'utf8');

/**
 * The OpenAPI document, generated from the routes' zod schemas and declarations, at
 * /api/openapi.json, and a reference page reading it at /api/docs (no outside assets).
 * Registered after access and before every module, so that it sees each route.
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Shalav API', version: '1' },
      components: { schemas: { ApiError: structuredClone(API_ERROR_SCHEMA) as never } },
    },
    transform: documentRoute,
  });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
  const html = page('index.html');
  const script = page('docs.js');
  app.get('/api/docs', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html),
  );
  app.get('/api/docs/docs.js', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
  );
}
