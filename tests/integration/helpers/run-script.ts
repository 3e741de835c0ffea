/**
 * How a script run as its own process starts and ends (benchmarks, and the
 * browser check the WebRTC test starts): in a private network namespace
 * when it plays WebRTC in Chromium, and with an exit code the parent reads.
 */
import { spawnSync } from 'node:child_process';

/**
 * Runs the script again inside a private network namespace holding only
 * `lo` (needs root), unless it already is there: Chromium offers its
 * 127.0.0.1 WebRTC candidate only on a machine with no other interface
 * (FIELD-NOTES). Outside, it never returns: the process ends with the inner
 * run's exit code. `script` is the script's path from the repository root.
 */
export function runInPrivateNetwork(script: string): void {
  if (process.env.ARGUS_PRIVATE_NETWORK) return;
  const result = spawnSync('unshare', ['-n', 'sh', '-c', `ip link set lo up && ARGUS_PRIVATE_NETWORK=1 exec npx tsx ${script}`], {
    cwd: new URL('../../..', import.meta.url).pathname,
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}

/**
 * Exit 0 when `main` resolves, else print the error and exit 1. Explicit
 * exits end the process even when a socket or timer of a stopped rig is
 * still open.
 */
export function runScript(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.stack : error);
      process.exit(1);
    },
  );
}
