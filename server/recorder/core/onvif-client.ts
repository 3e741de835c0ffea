/**
 * Reads what registration needs from an ONVIF camera through the `onvif` npm
 * client, with promises and time limits: device information, media profiles
 * with their video encoder settings and options, the RTSP URI of each profile
 * and the PTZ node's abilities. The answers are normalised into plain typed
 * records (cameras/capabilities.ts turns them into the API's shapes).
 *
 * Why a wrapper: the client is callback-based, has a 120 s default socket
 * time-out, hides media errors during connect (a camera that refuses our
 * credentials on GetProfiles still "connects"), and its XML-to-object step
 * turns numeric-looking tokens into numbers. Errors are classified
 * (unreachable, unauthorized, not-onvif, timeout) so the API can say what
 * went wrong.
 *
 * Also writes a profile's video encoder settings (SetVideoEncoderConfiguration,
 * Media 1; Media 2 as the client maps it), for stream edits.
 *
 * Cost: about 6 + 3 per profile SOAP round trips per read; one read per
 * registration, verify or connection change; a write is a connect, GetProfiles,
 * the Set and a Get.
 *
 * Limits: Media1 and Media2 profiles as the client maps them; only H.264
 * profiles are usable (the live path is H.264); audio is not read. The stream
 * URI is used as the camera answers it, so a camera behind NAT that reports
 * its inside address needs a Generic RTSP registration instead.
 */
import onvif from 'onvif';

export const ONVIF_DEFAULT_PATH = '/onvif/device_service';
export const ONVIF_TIMEOUT_MS = 8_000;
/**
 * How long a SetVideoEncoderConfiguration may take: a camera restarts its
 * encoder before it answers (the simulator waits until the new picture is on
 * air), which takes seconds on a loaded machine and on many real cameras.
 */
export const ONVIF_APPLY_TIMEOUT_MS = 30_000;

export type OnvifErrorKind = 'unreachable' | 'unauthorized' | 'not-onvif' | 'timeout' | 'no-h264' | 'refused' | 'failed';

export class OnvifError extends Error {
  constructor(
    readonly kind: OnvifErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export interface OnvifConnection {
  uri: string;
  username: string;
  password: string;
}

export interface Range {
  min: number;
  max: number;
}

export interface EncoderSettings {
  token: string;
  encoding: string;
  width: number;
  height: number;
  quality?: number;
  frameRateLimit?: number;
  encodingInterval?: number;
  bitrateLimit?: number;
  govLength?: number;
  profile?: string;
}

export interface EncoderOptions {
  encodings: string[];
  resolutions: Array<{ width: number; height: number }>;
  qualityRange?: Range;
  frameRateRange?: Range;
  encodingIntervalRange?: Range;
  govLengthRange?: Range;
  bitrateRange?: Range;
  profiles: string[];
}

export interface OnvifProfile {
  token: string;
  name: string;
  streamUri: string;
  encoder: EncoderSettings | undefined;
  options: EncoderOptions | undefined;
}

export interface OnvifPtz {
  pan: boolean;
  tilt: boolean;
  zoom: boolean;
  relativeFov: boolean;
  maxPresets: number | undefined;
}

export interface OnvifCameraInfo {
  manufacturer: string;
  model: string;
  firmwareVersion: string;
  serialNumber: string;
  profiles: OnvifProfile[];
  ptz: OnvifPtz | undefined;
}

export const FOV_TRANSLATION_SPACE = 'http://www.onvif.org/ver10/tptz/PanTiltSpaces/TranslationSpaceFov';

type Cam = InstanceType<typeof onvif.Cam>;
type Loose = Record<string, unknown>;

/** Splits an ONVIF device service URL into what the client wants; throws OnvifError('failed') when it is not http(s). */
export function parseOnvifUri(uri: string): { hostname: string; port: number; path: string; secure: boolean } {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new OnvifError('failed', 'The ONVIF address is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OnvifError('failed', 'The ONVIF address must start with http:// or https://.');
  }
  const secure = url.protocol === 'https:';
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = url.port ? Number(url.port) : secure ? 443 : 80;
  const path = url.pathname && url.pathname !== '/' ? `${url.pathname}${url.search}` : ONVIF_DEFAULT_PATH;
  return { hostname, port, path, secure };
}

/** Maps the client's error texts and socket codes onto kinds a person can act on. */
export function classifyOnvifError(error: unknown): OnvifError {
  if (error instanceof OnvifError) return error;
  const err = error as { code?: string; message?: string } | undefined;
  const code = err?.code ?? '';
  const message = err?.message ?? String(error);
  if (['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'EADDRNOTAVAIL'].includes(code)) {
    return new OnvifError('unreachable', `The camera could not be reached (${code}).`);
  }
  if (/timeout|timed out|ETIMEDOUT/i.test(message) || code === 'ETIMEDOUT') {
    return new OnvifError('timeout', 'The camera did not answer in time.');
  }
  if (/authenticat|NotAuthorized|not authorized|401|unauthori[sz]ed|Sender not Authorized/i.test(message)) {
    return new OnvifError('unauthorized', 'The camera refused the username or password.');
  }
  if (/Wrong ONVIF SOAP response|Non-whitespace before first tag|Unexpected close tag|Invalid character|404/i.test(message)) {
    return new OnvifError('not-onvif', 'The address does not answer as an ONVIF device service.');
  }
  return new OnvifError('failed', `The camera answered with an error: ${message.slice(0, 200)}`);
}

function deadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new OnvifError('timeout', `The camera did not answer ${what} in time.`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Calls one callback-style method of the client and answers its data. */
function call<T>(cam: Cam, method: string, args: unknown[], timeoutMs: number): Promise<T> {
  const fn = (cam as unknown as Record<string, (...a: unknown[]) => void>)[method];
  if (typeof fn !== 'function') return Promise.reject(new OnvifError('failed', `ONVIF client has no ${method}`));
  return deadline(
    new Promise<T>((resolve, reject) => {
      try {
        fn.call(cam, ...args, (error: Error | null, data: T) => (error ? reject(error) : resolve(data)));
      } catch (error) {
        reject(error);
      }
    }),
    timeoutMs,
    method,
  );
}

const asObject = (value: unknown): Loose => (value && typeof value === 'object' ? (value as Loose) : {});
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);
const asNumber = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
};
const asText = (value: unknown): string => (value === undefined || value === null ? '' : typeof value === 'object' ? '' : String(value));

function asRange(value: unknown): Range | undefined {
  const o = asObject(value);
  const min = asNumber(o.min);
  const max = asNumber(o.max);
  return min === undefined || max === undefined ? undefined : { min, max };
}

/** A VideoEncoderConfiguration as the client parsed it (Media1 shape; Media2 is mapped onto it by the client). */
export function readEncoderSettings(raw: unknown): EncoderSettings | undefined {
  const o = asObject(raw);
  if (Object.keys(o).length === 0) return undefined;
  const resolution = asObject(o.resolution);
  const rate = asObject(o.rateControl);
  const h264 = asObject(o.H264);
  const attrs = asObject(o.$);
  const settings: EncoderSettings = {
    token: asText(attrs.token ?? o.token),
    encoding: asText(o.encoding).toUpperCase() || 'H264',
    width: asNumber(resolution.width) ?? 0,
    height: asNumber(resolution.height) ?? 0,
  };
  const optional: Array<[keyof EncoderSettings, number | string | undefined]> = [
    ['quality', asNumber(o.quality)],
    ['frameRateLimit', asNumber(rate.frameRateLimit)],
    ['encodingInterval', asNumber(rate.encodingInterval)],
    ['bitrateLimit', asNumber(rate.bitrateLimit)],
    ['govLength', asNumber(h264.govLength ?? attrs.GovLength)],
    ['profile', asText(h264.H264Profile ?? attrs.Profile) || undefined],
  ];
  for (const [key, value] of optional) if (value !== undefined) (settings as unknown as Loose)[key] = value;
  return settings;
}

/** GetVideoEncoderConfigurationOptions as the client parsed it (Media1 shape). */
export function readEncoderOptions(raw: unknown): EncoderOptions | undefined {
  const o = asObject(raw);
  const h264 = asObject(o.H264);
  if (Object.keys(h264).length === 0) return undefined;
  const extension = asObject(asObject(o.extension).H264);
  const resolutions = asArray(h264.resolutionsAvailable)
    .map((r) => ({ width: asNumber(asObject(r).width) ?? 0, height: asNumber(asObject(r).height) ?? 0 }))
    .filter((r) => r.width > 0 && r.height > 0);
  const encodings = ['H264'];
  if (Object.keys(asObject(o.JPEG)).length > 0) encodings.push('JPEG');
  const options: EncoderOptions = {
    encodings,
    resolutions,
    profiles: asArray(h264.H264ProfilesSupported ?? extension.H264ProfilesSupported).map(asText).filter(Boolean),
  };
  const ranges: Array<[keyof EncoderOptions, Range | undefined]> = [
    ['qualityRange', asRange(o.qualityRange)],
    ['frameRateRange', asRange(h264.frameRateRange)],
    ['encodingIntervalRange', asRange(h264.encodingIntervalRange)],
    ['govLengthRange', asRange(h264.govLengthRange)],
    ['bitrateRange', asRange(extension.bitrateRange)],
  ];
  for (const [key, value] of ranges) if (value) (options as unknown as Loose)[key] = value;
  return options;
}

/** The first PTZ node's abilities from GetNodes. */
export function readPtzNode(nodes: unknown): OnvifPtz | undefined {
  const first = Object.values(asObject(nodes))[0];
  if (!first) return undefined;
  const node = asObject(first);
  const spaces = asObject(node.supportedPTZSpaces);
  const names = Object.keys(spaces);
  const relative = asArray(spaces.relativePanTiltTranslationSpace).map((s) => asText(asObject(s).URI));
  const pan = names.some((n) => /PanTilt/i.test(n));
  return {
    pan,
    tilt: pan,
    zoom: names.some((n) => /Zoom/i.test(n)),
    relativeFov: relative.includes(FOV_TRANSLATION_SPACE),
    maxPresets: asNumber(node.maximumNumberOfPresets),
  };
}

async function connect(connection: OnvifConnection, timeoutMs: number): Promise<Cam> {
  const target = parseOnvifUri(connection.uri);
  const cam = new onvif.Cam({
    hostname: target.hostname,
    port: target.port,
    path: target.path,
    useSecure: target.secure,
    username: connection.username || undefined,
    password: connection.password || undefined,
    timeout: timeoutMs,
    autoconnect: false,
    // Use the address we were given for every service, not what the camera thinks it is.
    preserveAddress: true,
  } as ConstructorParameters<typeof onvif.Cam>[0]);
  // The client emits 'warning' for media errors it swallows; without a listener nothing happens, so note them.
  cam.on('warning', () => undefined);
  await call<unknown>(cam, 'connect', [], timeoutMs);
  return cam;
}

/** Reads device information, profiles (with stream URIs and encoder options) and PTZ; throws OnvifError. */
export async function readOnvifCamera(connection: OnvifConnection, timeoutMs = ONVIF_TIMEOUT_MS): Promise<OnvifCameraInfo> {
  try {
    const cam = await connect(connection, timeoutMs);
    // Device information needs authentication on every camera, so wrong credentials fail here.
    const device = asObject(await call<unknown>(cam, 'getDeviceInformation', [], timeoutMs));
    const rawProfiles = asArray(await call<unknown>(cam, 'getProfiles', [], timeoutMs));
    const profiles: OnvifProfile[] = [];
    for (const raw of rawProfiles) {
      const p = asObject(raw);
      const token = asText(asObject(p.$).token ?? p.token);
      if (!token) continue;
      const encoder = readEncoderSettings(p.videoEncoderConfiguration);
      if (encoder && encoder.encoding !== 'H264') continue;
      const uri = asObject(await call<unknown>(cam, 'getStreamUri', [{ protocol: 'RTSP', profileToken: token }], timeoutMs));
      const streamUri = asText(uri.uri);
      if (!streamUri.startsWith('rtsp://') && !streamUri.startsWith('rtsps://')) continue;
      let options: EncoderOptions | undefined;
      try {
        const raw = await call<unknown>(
          cam,
          'getVideoEncoderConfigurationOptions',
          [encoder?.token ? { configurationToken: encoder.token, profileToken: token } : { profileToken: token }],
          timeoutMs,
        );
        options = readEncoderOptions(raw);
      } catch {
        // Optional for many cameras: without options the stream has no capability ranges and values are kept as set.
        options = undefined;
      }
      profiles.push({ token, name: asText(p.name) || token, streamUri, encoder, options });
    }
    if (profiles.length === 0) {
      // Both are a reachable camera the recorder cannot use (not a connection failure).
      throw new OnvifError('no-h264', rawProfiles.length === 0
        ? 'The camera reported no media profiles.'
        : 'The camera has no H.264 stream; only H.264 is supported.');
    }
    let ptz: OnvifPtz | undefined;
    const services = asObject((cam as unknown as Loose).uri);
    if (services.ptz) {
      try {
        ptz = readPtzNode(await call<unknown>(cam, 'getNodes', [], timeoutMs));
      } catch {
        // A camera that advertises PTZ but fails GetNodes is treated as fixed; PTZ calls would fail too.
        ptz = undefined;
      }
    }
    return {
      manufacturer: asText(device.manufacturer),
      model: asText(device.model),
      firmwareVersion: asText(device.firmwareVersion),
      serialNumber: asText(device.serialNumber),
      profiles,
      ptz,
    };
  } catch (error) {
    throw classifyOnvifError(error);
  }
}

/** The video settings a stream edit sends; what is left out keeps the camera's current value. */
export interface VideoEncoderWrite {
  width?: number;
  height?: number;
  frameRateLimit?: number;
  bitrateLimit?: number;
  govLength?: number;
  quality?: number;
  encodingInterval?: number;
  profile?: string;
}

const escapeText = (value: string | number | boolean): string =>
  String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A camera's own fault text, made safe to show: one line, no markup, bounded. */
function faultReason(message: string): string {
  return message
    .replace(/^ONVIF SOAP Fault:\s*/i, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>]/g, ' ')
    .trim()
    .slice(0, 160);
}

const TT = 'http://www.onvif.org/ver10/schema';

/**
 * The body of a Media 1 SetVideoEncoderConfiguration: the camera's current
 * configuration (as the client parsed it) with `change` applied, every
 * element the schema requires present and every value escaped. Pure.
 */
export function setVideoEncoderBody(current: Record<string, unknown>, change: VideoEncoderWrite): string {
  const token = asText(asObject(current.$).token ?? current.token);
  const resolution = asObject(current.resolution);
  const rate = asObject(current.rateControl);
  const h264 = asObject(current.H264);
  const multicast = asObject(current.multicast);
  const address = asObject(multicast.address);
  const el = (name: string, value: unknown): string => (value === undefined || value === '' ? '' : `<tt:${name}>${escapeText(value as string)}</tt:${name}>`);
  const profile = change.profile ?? (asText(h264.H264Profile) || 'Baseline');
  return (
    `<SetVideoEncoderConfiguration xmlns="http://www.onvif.org/ver10/media/wsdl" xmlns:tt="${TT}">` +
    `<Configuration token="${escapeText(token)}">` +
    el('Name', asText(current.name) || token) +
    el('UseCount', asNumber(current.useCount) ?? 1) +
    el('Encoding', 'H264') +
    `<tt:Resolution>${el('Width', change.width ?? asNumber(resolution.width))}${el('Height', change.height ?? asNumber(resolution.height))}</tt:Resolution>` +
    el('Quality', change.quality ?? asNumber(current.quality) ?? 1) +
    `<tt:RateControl>${el('FrameRateLimit', change.frameRateLimit ?? asNumber(rate.frameRateLimit))}` +
    `${el('EncodingInterval', change.encodingInterval ?? asNumber(rate.encodingInterval) ?? 1)}` +
    `${el('BitrateLimit', change.bitrateLimit ?? asNumber(rate.bitrateLimit))}</tt:RateControl>` +
    `<tt:H264>${el('GovLength', change.govLength ?? asNumber(h264.govLength))}${el('H264Profile', profile)}</tt:H264>` +
    `<tt:Multicast><tt:Address>${el('Type', asText(address.type) || 'IPv4')}${el('IPv4Address', asText(address.IPv4Address) || '0.0.0.0')}` +
    `${el('IPv6Address', asText(address.IPv6Address))}</tt:Address>${el('Port', asNumber(multicast.port) ?? 0)}` +
    `${el('TTL', asNumber(multicast.TTL) ?? 0)}${el('AutoStart', asText(multicast.autoStart) === 'true')}</tt:Multicast>` +
    el('SessionTimeout', asText(current.sessionTimeout) || 'PT60S') +
    `</Configuration><ForcePersistence>true</ForcePersistence></SetVideoEncoderConfiguration>`
  );
}

/**
 * Sets the video encoder configuration behind one media profile (Media 1,
 * which every Profile S camera has) and answers the settings the camera
 * reports afterwards (it may round them). The whole configuration is sent,
 * as the schema requires. A SOAP fault (values the camera refuses) is an
 * OnvifError('refused') carrying the camera's reason; throws OnvifError.
 *
 * The client's own setVideoEncoderConfiguration is not used: on a transport
 * error its callback throws (it reads the missing response), which would
 * end the process.
 */
export async function writeVideoEncoder(
  connection: OnvifConnection,
  profileToken: string,
  change: VideoEncoderWrite,
  timeoutMs = ONVIF_TIMEOUT_MS,
  applyTimeoutMs = ONVIF_APPLY_TIMEOUT_MS,
): Promise<EncoderSettings> {
  let cam: Cam;
  let current: Loose;
  try {
    cam = await connect(connection, timeoutMs);
    const profiles = asArray(await call<unknown>(cam, 'getProfiles', [], timeoutMs)).map(asObject);
    const profile = profiles.find((p) => asText(asObject(p.$).token ?? p.token) === profileToken);
    if (!profile) throw new OnvifError('refused', 'The camera no longer has this stream\'s media profile.');
    current = asObject(profile.videoEncoderConfiguration);
    if (Object.keys(current).length === 0) throw new OnvifError('refused', 'The camera reports no video encoder for this stream.');
  } catch (error) {
    throw classifyOnvifError(error);
  }
  const token = asText(asObject(current.$).token ?? current.token);
  const envelope = cam as unknown as { _envelopeHeader(): string; _envelopeFooter(): string };
  try {
    const body = envelope._envelopeHeader() + setVideoEncoderBody(current, change) + envelope._envelopeFooter();
    await call<unknown>(cam, '_request', [{ service: 'media', body, replyTimeout: applyTimeoutMs }], applyTimeoutMs);
  } catch (error) {
    const classified = classifyOnvifError(error);
    if (classified.kind !== 'failed') throw classified;
    const message = (error as { message?: string } | undefined)?.message ?? '';
    throw new OnvifError('refused', `The camera refused the settings: ${faultReason(message) || 'no reason given'}.`);
  }
  try {
    const applied = await call<unknown>(cam, 'getVideoEncoderConfiguration', [token], timeoutMs);
    return readEncoderSettings(applied) ?? { token, encoding: 'H264', width: 0, height: 0 };
  } catch (error) {
    throw classifyOnvifError(error);
  }
}
