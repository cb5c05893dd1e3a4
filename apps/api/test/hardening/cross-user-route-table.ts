import type { FastifyInstance, RouteOptions } from 'fastify';

export interface CollectedRoute {
  method: string;
  url: string;
}

/**
 * Routes as Fastify registers them, per server. The test's `vi.mock('fastify')` wraps the factory
 * so every server gets an onRoute hook before buildApp adds a single route: a route added by a new
 * feature is walked without anyone listing it.
 */
const routesByServer = new WeakMap<object, CollectedRoute[]>();

export function collectRoutesOf(app: FastifyInstance) {
  const routes: CollectedRoute[] = [];
  routesByServer.set(app, routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      // HEAD twins of GET routes answer like the GET; walking the GET covers them.
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({ method, url: route.url });
    }
  });
}

export function routesOf(app: FastifyInstance): CollectedRoute[] {
  const routes = routesByServer.get(app);
  if (!routes) throw new Error('this server was not built under the route-collecting fastify mock');
  return routes;
}

/** Mocks `fastify` so each instance it creates collects its routes (use from `vi.mock`). */
export function collectingFastify<T extends (...args: never[]) => FastifyInstance>(original: T): T {
  return ((...args: Parameters<T>) => {
    const app = original(...args);
    collectRoutesOf(app);
    return app;
  }) as T;
}
