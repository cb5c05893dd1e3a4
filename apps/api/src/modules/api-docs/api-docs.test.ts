import { describe, expect, it } from 'vitest';
import { apiKeyTexts } from '@app/shared/api-keys';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';

const publicOperations = [
  ['post', '/api/ai/generate'],
  ['get', '/api/content-generations'],
  ['get', '/api/media'],
  ['get', '/api/posts/calendar'],
  ['post', '/api/posts/schedule'],
  ['get', '/api/posts/scheduled'],
] as const;

describe.each(testDatabaseKinds())('API documentation on %s', (kind) => {
  const testApp = useTestApp(kind);

  it('serves an OpenAPI document of exactly the public routes, from their zod schemas, with Bearer auth', async () => {
    const response = await testApp.app().inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode, response.body).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ apiKey: [] }]);
    const listed = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((method) => [method, path]),
    );
    expect(listed.sort()).toEqual([...publicOperations].map(([m, p]) => [m, p]).sort());
    const generate = document.paths['/api/ai/generate'].post;
    expect(generate.requestBody.content['application/json'].schema.properties).toHaveProperty('prompt');
    expect(generate.responses['200']).toBeDefined();
    expect(JSON.stringify(document)).not.toContain('/api/user/account');
  });

  it('documents limit, cursor and the paging headers on every paged list, and only there', async () => {
    const document = (await testApp.app().inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of ['/api/media', '/api/posts/scheduled', '/api/content-generations']) {
      const operation = document.paths[path].get;
      const names = (operation.parameters as { name: string; in: string }[])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => parameter.name);
      expect(names, path).toEqual(expect.arrayContaining(['limit', 'cursor']));
      expect(names, path).not.toContain('offset');
      expect(operation.description, path).toContain('X-Next-Cursor');
      expect(operation.description, path).toContain('rel="next"');
    }
    expect(document.paths['/api/posts/schedule'].post.description).toBeUndefined();
    const page = (await testApp.app().inject({ method: 'GET', url: '/api/docs' })).body;
    expect(page).toContain('<code>X-Next-Cursor</code>');
  });

  it('documents the scheduled posts’ status filter and the order each status gives', async () => {
    const document = (await testApp.app().inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = document.paths['/api/posts/scheduled'].get;
    const status = (operation.parameters as { name: string; in: string; schema: { enum?: string[] } }[]).find(
      (parameter) => parameter.in === 'query' && parameter.name === 'status',
    );
    expect(status?.schema.enum).toEqual(['pending', 'done']);
    expect(operation.description).toContain('`?status=pending`: the posts waiting to go out, soonest first');
    expect(operation.description).toContain('`?status=done`: sent and failed posts, latest scheduled first');
    expect(operation.description).toContain('X-Next-Cursor');
  });

  it('serves a readable docs page that needs nothing from another origin', async () => {
    const response = await testApp.app().inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    for (const [method, path] of publicOperations)
      expect(response.body).toContain(`${method.toUpperCase()}</span> <code>${path}</code>`);
    expect(response.body).toContain('Authorization: Bearer cs_live_');
    expect(response.body).not.toMatch(/<script|https?:\/\/(?!your-host)/);
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('says in both documents that creating a key needs the password, and which events revoke keys', async () => {
    const document = (await testApp.app().inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.info.description).toContain(apiKeyTexts.revokedWhen);
    expect(document.info.description).toContain('current password');
    const page = (await testApp.app().inject({ method: 'GET', url: '/api/docs' })).body;
    expect(page).toContain(apiKeyTexts.revokedWhen);
    expect(page).toContain('restricted account, answers 403');
  });
});
