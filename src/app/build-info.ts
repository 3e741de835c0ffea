/**
 * Facts about this client build, injected by vite.config.ts as
 * `__ARGUS_BUILD__` (the same facts the build writes to build-info.json for
 * the server). Who built it and where is not among them: the recorder shows
 * that to signed-in users only. Outside a Vite build (unit tests) they read
 * 'unknown'.
 */
export interface ClientBuild {
  hash: string;
  date: string;
  version: string;
}

declare const __ARGUS_BUILD__: ClientBuild | undefined;

export const CLIENT_BUILD: ClientBuild =
  typeof __ARGUS_BUILD__ === 'undefined'
    ? { hash: 'unknown', date: 'unknown', version: 'unknown' }
    : __ARGUS_BUILD__;
