/**
 * The simulated camera's WS-Discovery responder: answers unicast Probes on
 * its own UDP port with a ProbeMatch carrying its device service XAddr and
 * ONVIF scopes (name, hardware, profile). Probes for other types or scopes
 * get no answer, as the standard says. No Hello/Bye, no multicast group.
 * Cost: one UDP socket per camera.
 */
import { createSocket } from 'node:dgram';
import { buildProbeMatches, parseProbe, probeMatches } from '../protocols/ws-discovery';

export interface DiscoveryResponderOptions {
  host: string;
  port: number;
  endpointReference: string;
  xaddrs: string[];
  scopes: string[];
}

const DEVICE_TYPES = ['dn:NetworkVideoTransmitter', 'tds:Device'];

export async function startDiscoveryResponder(opts: DiscoveryResponderOptions): Promise<{ port: number; close(): Promise<void> }> {
  const socket = createSocket(opts.host.includes(':') ? 'udp6' : 'udp4');
  const instanceId = Math.floor(Date.now() / 1000);
  let messageNumber = 0;
  socket.on('message', (message, remote) => {
    let probe;
    try {
      probe = parseProbe(message.toString('utf8'));
    } catch {
      return; // malformed datagram: a responder stays silent
    }
    if (!probe || !probeMatches(probe, DEVICE_TYPES, opts.scopes)) return;
    const reply = buildProbeMatches({
      relatesTo: probe.messageId,
      endpointReference: opts.endpointReference,
      xaddrs: opts.xaddrs,
      scopes: opts.scopes,
      messageNumber: ++messageNumber,
      instanceId,
    });
    socket.send(Buffer.from(reply, 'utf8'), remote.port, remote.address);
  });
  socket.on('error', (err) => console.error('camera-sim discovery socket error:', err));
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(opts.port, opts.host, () => {
      socket.off('error', reject);
      resolve();
    });
  });
  return {
    port: socket.address().port,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
