/**
 * Request and response shapes of spec point 7, one definition each, imported
 * by the client (src/api) and the servers. Plain types only: no runtime code
 * that would pull server modules into the browser bundle.
 *
 * One file per area under api/; this module gathers them so callers import from one place.
 */
export type * from './api/system';
export type * from './api/live';
export type * from './api/stages';
export type * from './api/operations';
export type * from './api/cameras';
export type * from './api/events';
export type * from './api/tickets';
