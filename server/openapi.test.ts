import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('OpenAPI document', () => {
  it('is generated from the zod schemas of the routes', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/register', '/api/login', '/api/rooms', '/api/rooms/{id}']));
    const register = doc.paths['/api/register'].post.requestBody.content['application/json'].schema;
    expect(register.required).toEqual(expect.arrayContaining(['username', 'password', 'facilityName', 'cardNumber']));
  });
});

type Operation = {
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: { type?: string; format?: string; required?: string[] } }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }>; headers?: Record<string, unknown> }>;
};
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

describe('OpenAPI document: the contract a client is generated from (docs/decisions/032-api-contract.md)', () => {
  let doc: {
    paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
    components: { schemas: Record<string, unknown> };
  };
  const op = (path: string, method: (typeof METHODS)[number]) => {
    const found = doc.paths[path]?.[method];
    expect(found, `${method.toUpperCase()} ${path}`).toBeDefined();
    return found!;
  };
  const statuses = (o: Operation) => Object.keys(o.responses);
  const headerNames = (o: Operation) => (o.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
  beforeAll(async () => {
    doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });

  it('has one error body component, with every error code', () => {
    expect(doc.components.schemas.ApiError).toMatchObject({
      required: ['code', 'message'],
      properties: { code: { enum: expect.arrayContaining(['unauthorized', 'not_found', 'validation_failed', 'undo_other_device']) } },
    });
  });

  it('documents error answers with the shared body on every operation, by what the route declares', () => {
    let count = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        const o = item[method];
        if (!o) continue;
        count += 1;
        for (const status of ['400', '503', 'default']) {
          expect(o.responses[status]?.content?.['application/json'].schema.$ref, `${method} ${path} ${status}`).toBe(
            '#/components/schemas/ApiError',
          );
        }
        expect(o.responses['503'].headers, `${method} ${path}`).toHaveProperty('Retry-After');
        if (path.includes('{')) expect(statuses(o), `${method} ${path}`).toContain('404');
      }
    }
    expect(count).toBeGreaterThan(60);
  });

  it('says which routes need a session (401) and which restrict the role (403)', () => {
    expect(statuses(op('/api/rooms', 'get'))).toEqual(expect.arrayContaining(['401', '403']));
    expect(statuses(op('/api/scheduled-tasks-public/{roomId}', 'get'))).not.toContain('401');
    expect(statuses(op('/api/health', 'get'))).not.toContain('401');
    expect(statuses(op('/api/rooms/{id}', 'put'))).toEqual(expect.arrayContaining(['401', '403', '404']));
  });

  it('documents rate limits with Retry-After, and the Idempotency-Key and device headers where they are read', () => {
    const login = op('/api/login', 'post');
    expect(login.responses['429'].headers).toHaveProperty('Retry-After');
    const create = op('/api/task-templates', 'post');
    expect(headerNames(create)).toContain('Idempotency-Key');
    expect(statuses(create)).toEqual(expect.arrayContaining(['409', '422']));
    expect(headerNames(op('/api/rooms/{id}', 'put'))).not.toContain('Idempotency-Key');
    expect(headerNames(op('/api/rooms/{id}', 'put'))).not.toContain('X-Shalav-Device');
    const complete = op('/api/scheduled-tasks-complete/{taskId}', 'put');
    expect(headerNames(complete)).toEqual(expect.arrayContaining(['Idempotency-Key', 'X-Shalav-Device']));
    expect(statuses(complete)).toContain('429');
    expect(headerNames(op('/api/scheduled-tasks-complete/{taskId}', 'delete'))).toContain('X-Shalav-Device');
  });

  it('names the key on the worker writes that keep it with their record', () => {
    expect(headerNames(op('/api/shortages-public', 'post'))).toContain('Idempotency-Key');
    expect(headerNames(op('/api/measurements-public', 'post'))).toContain('Idempotency-Key');
  });

  it('leaves fields the server defaults optional in request bodies', () => {
    const body = op('/api/task-templates', 'post').requestBody!.content['application/json'].schema;
    expect(body.required).toEqual(['name', 'facilityType']);
  });

  it('describes the raw photo upload body and the photo read', () => {
    const upload = op('/api/objects/upload/{token}', 'put');
    expect(Object.keys(upload.requestBody!.content)).toEqual(
      expect.arrayContaining(['image/jpeg', 'image/png', 'application/octet-stream']),
    );
    expect(upload.requestBody!.content['image/jpeg'].schema).toMatchObject({ type: 'string', format: 'binary' });
    const photo = Object.entries(doc.paths).find(([path]) => path.startsWith('/objects/'));
    expect(photo?.[1].get?.responses['200'].content).toHaveProperty('image/jpeg');
    expect(photo?.[1].get?.parameters?.filter((p) => p.in === 'path')).toHaveLength(1);
  });
});

describe('API reference page', () => {
  it('is served at /api/docs with its own script, no outside assets', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<script src="/api/docs/docs.js"></script>');
    expect(page.body).not.toMatch(/(src|href)="https?:/);
    const script = await ctx.app.inject({ method: 'GET', url: '/api/docs/docs.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain("fetch('/api/openapi.json')");
  });
});
