/**
 * Whether a loopback TCP connection was opened by a given process (Linux):
 * the connection's inode is found in /proc/net/tcp (or tcp6) by its two
 * ports, then looked for among /proc/<pid>/fd. The credential relay uses it
 * so that only the ffmpeg a lease was made for can open it, not another
 * local user who read the lease's URL in `ps`.
 *
 * Where /proc does not say (another OS), the answer is true: the lease is
 * then guarded by being single-use and short-lived only.
 */
import fs from 'node:fs/promises';
import type net from 'node:net';

function hexPort(port: number): string {
  return port.toString(16).toUpperCase().padStart(4, '0');
}

/** The inode of the connection from local port `clientPort` to `serverPort`, as the kernel lists it; undefined when not found. */
async function connectionInode(clientPort: number, serverPort: number): Promise<string | undefined | null> {
  let found: string | undefined;
  let readable = false;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = await fs.readFile(table, 'utf8');
      readable = true;
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1];
      const remote = fields[2];
      if (!local || !remote) continue;
      if (local.endsWith(`:${hexPort(clientPort)}`) && remote.endsWith(`:${hexPort(serverPort)}`)) found = fields[9];
    }
    if (found) return found;
  }
  return readable ? undefined : null;
}

export async function socketBelongsTo(socket: net.Socket, serverPort: number, pid: number): Promise<boolean> {
  const clientPort = socket.remotePort;
  if (clientPort === undefined) return false;
  const inode = await connectionInode(clientPort, serverPort);
  if (inode === null) return true;
  if (inode === undefined) return false;
  let fds: string[];
  try {
    fds = await fs.readdir(`/proc/${pid}/fd`);
  } catch {
    return false;
  }
  const wanted = `socket:[${inode}]`;
  for (const fd of fds) {
    try {
      if ((await fs.readlink(`/proc/${pid}/fd/${fd}`)) === wanted) return true;
    } catch {
      // the descriptor closed while we looked
    }
  }
  return false;
}
