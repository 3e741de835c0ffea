/**
 * The recorder's own route table, collected as routes are registered
 * (Fastify's onRoute hook). Security checks read it to prove a rule for every
 * route rather than for a hand-kept list: the authorization matrix and the
 * bad-input suite walk it, so a route added later is covered the day it lands.
 */
import type { FastifyContextConfig, FastifyInstance, FastifySchema } from 'fastify';

export interface RouteEntry {
  method: string;
  /** The path as registered, with `:param` placeholders. */
  url: string;
  config: FastifyContextConfig;
  schema: FastifySchema | undefined;
  websocket: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

/** Starts collecting; call before any route is registered. */
export function installRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      table.push({
        method: method.toUpperCase(),
        url: route.url,
        // Read when asked: a plugin's own onRoute hook (which runs after this one) may still set the config.
        get config() {
          return (route.config ?? {}) as FastifyContextConfig;
        },
        schema: route.schema,
        websocket: Boolean((route as { websocket?: boolean }).websocket),
      });
    }
  });
}
