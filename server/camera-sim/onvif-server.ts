/**
 * The simulated camera's HTTP face: ONVIF SOAP services (device, media, PTZ
 * under /onvif/*_service; the operation's namespace picks the service, as
 * many cameras do) and the snapshot JPEG at /onvif/snapshot.jpg.
 *
 * Authentication as ONVIF Core 5.9 describes: GetSystemDateAndTime is open;
 * everything else needs a WS-Security UsernameToken or HTTP Digest. A bad
 * token gets HTTP 400 with ter:NotAuthorized; no credentials at all get 401
 * with a Digest challenge. Snapshots take HTTP Digest or Basic.
 *
 * Limits: request bodies over 64 KB are refused (413); no HTTPS; no events,
 * imaging or Media2 services.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { CredentialsAuth } from '../protocols/http-auth';
import { deviceOperations, mediaOperations, readEncoderChange, type EncoderChange, type OnvifCameraInfo } from './onvif-media-service';
import { ptzOperations } from './onvif-ptz-service';
import { faultEnvelope, faults, NS, parseSoapRequest, SoapFault, soapEnvelope, type SoapRequest } from './onvif-soap';
import type { PtzController } from './ptz-controller';
import type { UsernameTokenVerifier } from './ws-security';

export const MAX_SOAP_BODY_BYTES = 64 * 1024;
const SERVER_NAME = 'Argus SimCam';

export interface OnvifServerOptions {
  host: string;
  port: number;
  info: OnvifCameraInfo;
  ptz: PtzController;
  tokens: UsernameTokenVerifier;
  httpAuth: CredentialsAuth;
  /** JPEG of the current picture of a profile ('main' or 'sub'). */
  snapshot: (profile: 'main' | 'sub') => Promise<Buffer>;
  /** Applies a checked SetVideoEncoderConfiguration; resolves once the stream carries the new settings. */
  configureEncoder: (change: EncoderChange) => Promise<void>;
}

export interface OnvifServer {
  port: number;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage, limitBytes: number): Promise<string | undefined> {
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > limitBytes) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) {
        resolve(undefined);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string | string[]> = {}): void {
  res.writeHead(status, { Server: SERVER_NAME, ...headers });
  res.end(body);
}

function sendSoap(res: ServerResponse, status: number, xml: string, headers: Record<string, string | string[]> = {}): void {
  send(res, status, xml, { 'Content-Type': 'application/soap+xml; charset=utf-8', ...headers });
}

export async function startOnvifServer(opts: OnvifServerOptions): Promise<OnvifServer> {
  const dispatch = async (request: SoapRequest): Promise<string> => {
    if (request.namespace === NS.trt && request.operation === 'SetVideoEncoderConfiguration') {
      // Answered once the new settings are on air, so a client that reconnects afterwards gets them.
      await opts.configureEncoder(readEncoderChange(request, opts.info));
      return '<trt:SetVideoEncoderConfigurationResponse/>';
    }
    if (request.namespace === NS.tds) {
      const handler = deviceOperations[request.operation];
      if (handler) return handler(request, opts.info);
    } else if (request.namespace === NS.trt) {
      const handler = mediaOperations[request.operation];
      if (handler) return handler(request, opts.info);
    } else if (request.namespace === NS.tptz) {
      const handler = ptzOperations[request.operation];
      if (handler) return handler(request, opts.ptz, opts.info);
    }
    throw faults.actionNotSupported(request.operation);
  };

  const handleSoap = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readBody(req, MAX_SOAP_BODY_BYTES);
    if (body === undefined) return send(res, 413, 'Request body too large', { Connection: 'close' });
    let request: SoapRequest;
    try {
      request = parseSoapRequest(body);
    } catch (err) {
      if (err instanceof SoapFault) return sendSoap(res, err.httpStatus, faultEnvelope(err));
      throw err;
    }
    if (!(request.namespace === NS.tds && request.operation === 'GetSystemDateAndTime')) {
      const verdict = opts.tokens.verify(request.token);
      if (verdict === 'invalid') return sendSoap(res, 400, faultEnvelope(faults.notAuthorized()));
      if (verdict === 'missing' && !opts.httpAuth.check('POST', req.headers.authorization)) {
        const challenge: Record<string, string[]> = req.headers.authorization ? {} : { 'WWW-Authenticate': opts.httpAuth.challenges().filter((c) => c.startsWith('Digest')) };
        return sendSoap(res, 401, faultEnvelope(faults.notAuthorized()), challenge);
      }
    }
    try {
      sendSoap(res, 200, soapEnvelope(await dispatch(request)));
    } catch (err) {
      if (err instanceof SoapFault) return sendSoap(res, err.httpStatus, faultEnvelope(err));
      throw err;
    }
  };

  const handleSnapshot = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    if (!opts.httpAuth.check(req.method ?? 'GET', req.headers.authorization)) {
      return send(res, 401, 'Unauthorized', { 'WWW-Authenticate': opts.httpAuth.challenges() });
    }
    const profile = url.searchParams.get('profile') === 'sub' ? 'sub' : 'main';
    const jpeg = await opts.snapshot(profile);
    send(res, 200, jpeg, { 'Content-Type': 'image/jpeg', 'Cache-Control': 'no-store' });
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://camera');
    let work: Promise<void>;
    if (req.method === 'POST' && url.pathname.startsWith('/onvif/')) work = handleSoap(req, res);
    else if ((req.method === 'GET' || req.method === 'HEAD') && url.pathname === '/onvif/snapshot.jpg') work = handleSnapshot(req, res, url);
    else work = Promise.resolve(send(res, 404, 'Not found'));
    work.catch((err) => {
      console.error('camera-sim HTTP request failed:', err);
      if (!res.headersSent) sendSoap(res, 500, faultEnvelope(new SoapFault('Receiver', [], 'Internal error')));
      else res.destroy();
    });
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : opts.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
