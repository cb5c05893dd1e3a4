import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import type { TestDbKind } from '../db/test-database.js';

/** One method of one route, as the server registered it. */
export interface TableRoute {
  method: string;
  url: string;
  body?: ZodType;
  querystring?: ZodType;
  params?: ZodType;
  /** False when the route opts out of the CSRF check (config.csrf === false). */
  csrf: boolean;
  /** True when a personal API key may call it (config.apiKey === true). */
  apiKey: boolean;
}

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

const methodsOf = (options: RouteOptions) =>
  Array.isArray(options.method) ? options.method : [options.method];

function asZod(schema: unknown): ZodType | undefined {
  return schema && typeof schema === 'object' && '_zod' in schema ? (schema as ZodType) : undefined;
}

/**
 * Builds the real app while listening to every route it registers. Fastify announces each new
 * instance on the "fastify.initialization" diagnostics channel before any plugin runs, so an
 * onRoute hook added there sees every route, including ones added after this file was written.
 */
export async function buildAppWithRouteTable(
  kind: TestDbKind,
  environment: Record<string, string> = {},
): Promise<{ testApp: TestApp; routes: TableRoute[] }> {
  const routes: TableRoute[] = [];
  const channel = diagnostics.channel('fastify.initialization');
  const listen = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (options) => {
      const schema = (options.schema ?? {}) as FastifySchema;
      for (const method of methodsOf(options)) {
        routes.push({
          method: String(method).toUpperCase(),
          url: options.url,
          body: asZod(schema.body),
          querystring: asZod(schema.querystring),
          params: asZod(schema.params),
          csrf: options.config?.csrf !== false,
          apiKey: options.config?.apiKey === true,
        });
      }
    });
  };
  channel.subscribe(listen);
  try {
    const testApp = await buildTestApp(kind, environment);
    return { testApp, routes: dedupe(routes) };
  } finally {
    channel.unsubscribe(listen);
  }
}

function dedupe(routes: TableRoute[]): TableRoute[] {
  const byKey = new Map<string, TableRoute>();
  for (const route of routes) if (!byKey.has(routeKey(route))) byKey.set(routeKey(route), route);
  return [...byKey.values()];
}

/** The routes a browser's cookie session could be tricked into changing state on. */
export const isStateChanging = (route: TableRoute) =>
  ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && route.url.startsWith('/api/');
