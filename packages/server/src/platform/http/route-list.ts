import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, method by method (the OpenAPI completeness test reads it). */
    routeList: { method: string; url: string; hidden: boolean }[];
  }
}

/** Records routes as they are registered; install before any route. */
export function installRouteList(app: FastifyInstance): void {
  const list: FastifyInstance['routeList'] = [];
  app.decorate('routeList', list);
  app.addHook('onRoute', (route) => {
    const hidden = Boolean((route.schema as { hide?: boolean } | undefined)?.hide);
    for (const method of [route.method].flat()) list.push({ method, url: route.url, hidden });
  });
}
