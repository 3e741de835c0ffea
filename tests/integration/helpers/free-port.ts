/**
 * A free TCP port on loopback for a server a test starts.
 *
 * Not from bind(0): the kernel hands those out of its ephemeral range
 * (32768-60999 on Linux), the same range every outgoing connection on the
 * machine draws its local port from. Between the probe closing such a port
 * and the server binding it, a connection made meanwhile (to a recorder, to
 * PostgreSQL, from ffmpeg) could take it; CI saw exactly that as EADDRINUSE.
 *
 * So ports come from below that range, and each test process (vitest worker,
 * Playwright) walks its own slice of it, so two processes running at once do
 * not pick the same port. Each port is still checked by binding it, for a
 * server from an earlier file that has not yet gone away.
 */
import net from 'node:net';

const FIRST_PORT = 20_000;
const SLICE_SIZE = 1_000;
/** 20000-31999: twelve slices, all below the ephemeral range. */
const SLICES = 12;

/** Vitest numbers its workers from 1; any other process falls back on its pid. */
const sliceIndex = (Number(process.env.VITEST_POOL_ID) || process.pid) % SLICES;
const sliceStart = FIRST_PORT + sliceIndex * SLICE_SIZE;
// A random start within the slice: a worker that runs a second file loads this module afresh.
let next = Math.floor(Math.random() * SLICE_SIZE);

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (let tried = 0; tried < SLICE_SIZE; tried += 1) {
    const port = sliceStart + (next % SLICE_SIZE);
    next += 1;
    if (await canBind(port)) return port;
  }
  throw new Error(`no free port in ${sliceStart}-${sliceStart + SLICE_SIZE - 1}`);
}
