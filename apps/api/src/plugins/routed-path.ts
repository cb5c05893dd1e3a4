import type { FastifyRequest } from 'fastify';

/**
 * Whether the request reached one of the API's routes. Decided on the route the router chose,
 * never on the raw URL: the router decodes the path, so `/%61pi/auth/login` reaches the login
 * route while its raw URL does not start with "/api/" (docs/decisions/022-hostile-input.md).
 */
export function reachesApiRoute(request: FastifyRequest): boolean {
  const routePath = request.routeOptions.url;
  return routePath !== undefined && routePath.startsWith('/api/');
}
