/**
 * The Chromium every automated run drives (e2e, integration probes,
 * benchmarks): Debian's build, and the flags that keep it quiet and
 * deterministic here: headless, no sandbox (runs as root), no GPU (CI has
 * none; WebGL falls back to software), no QUIC, no first-run, component
 * update, sync or background traffic.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
