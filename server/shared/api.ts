/**
 * Request and response shapes of spec point 7, one definition each, imported
 * by the client (src/api) and the servers.
 *
 * One file per area under api/; this module gathers their types so callers
 * import from one place. Request shapes are TypeBox schemas in those files
 * (the recorder's routes validate with them, their types are derived from
 * them); this barrel re-exports types only, so the client, which imports
 * from here with `import type`, never pulls a schema or TypeBox into its
 * bundle (eslint.config.js enforces type-only imports from the client). The
 * server imports schemas from the area file itself.
 *
 * Naming: a schema and its type share a name (`IdParams`, `CameraDriver`),
 * except request bodies, whose types keep the names clients know:
 * `RegisterCameraBody` is the schema of a `RegisterCameraRequest`.
 */
export type * from './api/system';
export type * from './api/live';
export type * from './api/stages';
export type * from './api/operations';
export type * from './api/cameras';
export type * from './api/streams';
export type * from './api/events';
export type * from './api/tickets';
export type * from './api/log-export';
export type * from './api/report';
export type * from './api/log-level';
export type * from './api/params';
export type * from './api/license';
export type * from './api/properties';
export type * from './api/identity';
export type * from './api/orchids';
export type * from './api/camera-preview';
