/**
 * The entry of a script run as its own process (a benchmark, or a browser
 * check started inside a private network namespace): exit 0 when `main`
 * resolves, else print the error and exit 1, so the parent reads the outcome
 * from the exit code. Explicit exits end the process even when a socket or
 * timer of a stopped rig is still open.
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
