/**
 * ONVIF device management (ver10/device) and media (ver10/media, Profile S)
 * operations of the simulated camera, as pure functions from a parsed
 * request and the camera's description to the response body XML.
 *
 * Two fixed profiles: profile_main (1280x720) and profile_sub (640x360),
 * both H.264 from one video source, both carrying the PTZ configuration;
 * a camera with sound adds one audio source and one G.711 audio encoder
 * (8 kHz, 64 kbit/s, fixed) to both, and answers the Get operations for
 * them (GetAudioSources, GetAudioSourceConfigurations,
 * GetAudioEncoderConfiguration(s) and their options).
 * SetVideoEncoderConfiguration is checked here against the options
 * GetVideoEncoderConfigurationOptions answers (a value outside them is a
 * ter:ConfigModify fault, as cameras answer); applying it (re-encoding) is
 * the camera's job (sim-camera.ts). Other Set* operations answer
 * ter:ActionNotSupported.
 */
import { attr, child, escapeXml, text } from '../protocols/xml-reader';
import { faults, NS, type SoapRequest } from './onvif-soap';
import { ptzConfigurationXml } from './onvif-ptz-service';

export interface OnvifProfile {
  token: string;
  name: string;
  encoderToken: string;
  width: number;
  height: number;
  bitrateKbps: number;
  /** The resolution the profile was made with (offered by GetVideoEncoderConfigurationOptions whatever it is set to). */
  offered: { width: number; height: number };
  /** FrameRateLimit, 1..the camera's fps. */
  fps: number;
  govLength: number;
  /** 1..10; kept and answered (the simulated encoder's quality follows its bit rate). */
  quality: number;
  rtspUrl: string;
  snapshotUrl: string;
}

export interface OnvifCameraInfo {
  name: string;
  manufacturer: string;
  model: string;
  firmwareVersion: string;
  serialNumber: string;
  hardwareId: string;
  urls: { device: string; media: string; ptz: string };
  scopes: string[];
  fps: number;
  gopFrames: number;
  source: { width: number; height: number };
  profiles: OnvifProfile[];
  maxPresets: number;
  /** The camera has a microphone: G.711 µ-law on every profile's RTSP stream. */
  audio: boolean;
}

const H264_PROFILE = 'Baseline'; // x264 ultrafast writes Constrained Baseline (42c0xx)
const VIDEO_SOURCE_TOKEN = 'video_src_0';
const VIDEO_SOURCE_CONFIG_TOKEN = 'vsc_0';
const AUDIO_SOURCE_TOKEN = 'audio_src_0';
const AUDIO_SOURCE_CONFIG_TOKEN = 'asc_0';
const AUDIO_ENCODER_TOKEN = 'aec_0';
/** What the RTSP streams carry (server/protocols/audio-source.ts): ONVIF counts kbit/s and kHz. */
const AUDIO = { encoding: 'G711', bitrateKbps: 64, sampleRateKhz: 8 } as const;

const el = (name: string, value: string | number | boolean): string => `<${name}>${typeof value === 'string' ? escapeXml(value) : value}</${name}>`;

function dateTimeXml(date: Date): string {
  return (
    `<tt:Time>${el('tt:Hour', date.getUTCHours())}${el('tt:Minute', date.getUTCMinutes())}${el('tt:Second', date.getUTCSeconds())}</tt:Time>` +
    `<tt:Date>${el('tt:Year', date.getUTCFullYear())}${el('tt:Month', date.getUTCMonth() + 1)}${el('tt:Day', date.getUTCDate())}</tt:Date>`
  );
}

function profileFor(info: OnvifCameraInfo, token: string | undefined): OnvifProfile {
  const profile = info.profiles.find((p) => p.token === token);
  if (!profile) throw faults.invalidArgs('NoProfile', 'The requested profile token does not exist');
  return profile;
}

function encoderConfigXml(info: OnvifCameraInfo, p: OnvifProfile): string {
  return (
    `<tt:Name>${escapeXml(p.name)}</tt:Name><tt:UseCount>1</tt:UseCount><tt:Encoding>H264</tt:Encoding>` +
    `<tt:Resolution>${el('tt:Width', p.width)}${el('tt:Height', p.height)}</tt:Resolution>${el('tt:Quality', p.quality)}` +
    `<tt:RateControl>${el('tt:FrameRateLimit', p.fps)}<tt:EncodingInterval>1</tt:EncodingInterval>${el('tt:BitrateLimit', p.bitrateKbps)}</tt:RateControl>` +
    `<tt:H264>${el('tt:GovLength', p.govLength)}${el('tt:H264Profile', H264_PROFILE)}</tt:H264>` +
    MULTICAST_NONE +
    `<tt:SessionTimeout>PT60S</tt:SessionTimeout>`
  );
}

function videoSourceConfigXml(info: OnvifCameraInfo): string {
  return (
    `<tt:Name>VideoSource</tt:Name>${el('tt:UseCount', info.profiles.length)}<tt:SourceToken>${VIDEO_SOURCE_TOKEN}</tt:SourceToken>` +
    `<tt:Bounds x="0" y="0" width="${info.source.width}" height="${info.source.height}"/>`
  );
}

const MULTICAST_NONE =
  '<tt:Multicast><tt:Address><tt:Type>IPv4</tt:Type><tt:IPv4Address>0.0.0.0</tt:IPv4Address></tt:Address><tt:Port>0</tt:Port><tt:TTL>0</tt:TTL><tt:AutoStart>false</tt:AutoStart></tt:Multicast>';

function audioSourceConfigXml(info: OnvifCameraInfo): string {
  return `<tt:Name>AudioSource</tt:Name>${el('tt:UseCount', info.profiles.length)}<tt:SourceToken>${AUDIO_SOURCE_TOKEN}</tt:SourceToken>`;
}

function audioEncoderConfigXml(info: OnvifCameraInfo): string {
  return (
    `<tt:Name>AudioEncoder</tt:Name>${el('tt:UseCount', info.profiles.length)}${el('tt:Encoding', AUDIO.encoding)}` +
    `${el('tt:Bitrate', AUDIO.bitrateKbps)}${el('tt:SampleRate', AUDIO.sampleRateKhz)}${MULTICAST_NONE}<tt:SessionTimeout>PT60S</tt:SessionTimeout>`
  );
}

/** The profile's audio parts, in the schema's order around the video encoder. */
function profileAudioXml(info: OnvifCameraInfo): { source: string; encoder: string } {
  if (!info.audio) return { source: '', encoder: '' };
  return {
    source: `<tt:AudioSourceConfiguration token="${AUDIO_SOURCE_CONFIG_TOKEN}">${audioSourceConfigXml(info)}</tt:AudioSourceConfiguration>`,
    encoder: `<tt:AudioEncoderConfiguration token="${AUDIO_ENCODER_TOKEN}">${audioEncoderConfigXml(info)}</tt:AudioEncoderConfiguration>`,
  };
}

function noAudio(info: OnvifCameraInfo): void {
  if (!info.audio) throw faults.invalidArgs('NoConfig', 'The device has no audio');
}

function profileXml(info: OnvifCameraInfo, p: OnvifProfile, tag: string): string {
  const audio = profileAudioXml(info);
  return (
    `<${tag} token="${p.token}" fixed="true"><tt:Name>${escapeXml(p.name)}</tt:Name>` +
    `<tt:VideoSourceConfiguration token="${VIDEO_SOURCE_CONFIG_TOKEN}">${videoSourceConfigXml(info)}</tt:VideoSourceConfiguration>` +
    audio.source +
    `<tt:VideoEncoderConfiguration token="${p.encoderToken}">${encoderConfigXml(info, p)}</tt:VideoEncoderConfiguration>` +
    audio.encoder +
    `<tt:PTZConfiguration token="ptz_config_0">${ptzConfigurationXml(info.profiles.length)}</tt:PTZConfiguration>` +
    `</${tag}>`
  );
}

/** What GetVideoEncoderConfigurationOptions offers for a profile; SetVideoEncoderConfiguration accepts exactly this. */
export interface EncoderLimits {
  resolutions: Array<{ width: number; height: number }>;
  govLength: { min: number; max: number };
  fps: { min: number; max: number };
  quality: { min: number; max: number };
  bitrateKbps: { min: number; max: number };
  encodingInterval: { min: number; max: number };
}

export function encoderLimits(info: OnvifCameraInfo, own: OnvifProfile): EncoderLimits {
  // The resolutions of every profile's first setting, own first: these stay offered after a change.
  const sizes = [own, ...info.profiles.filter((p) => p !== own)].map((p) => p.offered);
  const unique = sizes.filter((r, i) => sizes.findIndex((o) => o.width === r.width && o.height === r.height) === i);
  return {
    resolutions: unique,
    govLength: { min: 1, max: 250 },
    fps: { min: 1, max: info.fps },
    quality: { min: 1, max: 10 },
    bitrateKbps: { min: 64, max: 4096 },
    encodingInterval: { min: 1, max: 1 },
  };
}

const rangeXml = (tag: string, r: { min: number; max: number }): string => `<${tag}>${el('tt:Min', r.min)}${el('tt:Max', r.max)}</${tag}>`;

function encoderOptionsXml(info: OnvifCameraInfo, own: OnvifProfile): string {
  const limits = encoderLimits(info, own);
  const resolutions = limits.resolutions
    .map((r) => `<tt:ResolutionsAvailable>${el('tt:Width', r.width)}${el('tt:Height', r.height)}</tt:ResolutionsAvailable>`)
    .join('');
  const h264 =
    resolutions +
    rangeXml('tt:GovLengthRange', limits.govLength) +
    rangeXml('tt:FrameRateRange', limits.fps) +
    rangeXml('tt:EncodingIntervalRange', limits.encodingInterval) +
    `<tt:H264ProfilesSupported>Baseline</tt:H264ProfilesSupported><tt:H264ProfilesSupported>Main</tt:H264ProfilesSupported>`;
  return (
    `<trt:Options>${rangeXml('tt:QualityRange', limits.quality)}<tt:H264>${h264}</tt:H264>` +
    `<tt:Extension><tt:H264>${h264}${rangeXml('tt:BitrateRange', limits.bitrateKbps)}</tt:H264></tt:Extension></trt:Options>`
  );
}

/** The settings a SetVideoEncoderConfiguration asks for, all within the profile's options. */
export interface EncoderChange {
  profileToken: string;
  width: number;
  height: number;
  fps: number;
  govLength: number;
  quality: number;
  bitrateKbps: number;
}

function numberIn(value: string | undefined, what: string, range: { min: number; max: number }, current: number, integer = true): number {
  if (value === undefined || value.trim() === '') return current;
  const n = Number(value);
  if (!Number.isFinite(n) || (integer && !Number.isInteger(n)) || n < range.min || n > range.max) {
    throw faults.invalidArgs('ConfigModify', `${what} ${value} is outside ${range.min}..${range.max}`);
  }
  return n;
}

/**
 * Reads and checks a SetVideoEncoderConfiguration (Media 1): the configuration token names the
 * profile's encoder; every value must be one GetVideoEncoderConfigurationOptions offers. Values
 * the request leaves out keep their current setting. Throws SoapFault (ter:NoConfig, ter:ConfigModify).
 */
export function readEncoderChange(req: SoapRequest, info: OnvifCameraInfo): EncoderChange {
  const config = child(req.body, 'Configuration');
  const token = attr(config, 'token') ?? text(config, 'token');
  const profile = info.profiles.find((p) => p.encoderToken === token);
  if (!config || !profile) throw faults.invalidArgs('NoConfig', 'The requested configuration does not exist');
  const limits = encoderLimits(info, profile);
  const encoding = text(config, 'Encoding');
  if (encoding !== undefined && encoding !== 'H264') throw faults.invalidArgs('ConfigModify', `Encoding ${encoding} is not supported`);
  const widthText = text(config, 'Resolution', 'Width');
  const heightText = text(config, 'Resolution', 'Height');
  let width = profile.width;
  let height = profile.height;
  if (widthText !== undefined || heightText !== undefined) {
    width = Number(widthText);
    height = Number(heightText);
    if (!limits.resolutions.some((r) => r.width === width && r.height === height)) {
      throw faults.invalidArgs('ConfigModify', `Resolution ${widthText ?? '?'}x${heightText ?? '?'} is not available`);
    }
  }
  const rate = child(config, 'RateControl');
  numberIn(text(rate, 'EncodingInterval'), 'EncodingInterval', limits.encodingInterval, 1);
  return {
    profileToken: profile.token,
    width,
    height,
    fps: numberIn(text(rate, 'FrameRateLimit'), 'FrameRateLimit', limits.fps, profile.fps),
    bitrateKbps: numberIn(text(rate, 'BitrateLimit'), 'BitrateLimit', limits.bitrateKbps, profile.bitrateKbps),
    govLength: numberIn(text(config, 'H264', 'GovLength'), 'GovLength', limits.govLength, profile.govLength),
    quality: numberIn(text(config, 'Quality'), 'Quality', limits.quality, profile.quality, false),
  };
}

function serviceXml(namespace: string, xaddr: string, capabilities: string, includeCapability: boolean, minor: number): string {
  return (
    `<tds:Service>${el('tds:Namespace', namespace)}${el('tds:XAddr', xaddr)}` +
    (includeCapability ? `<tds:Capabilities>${capabilities}</tds:Capabilities>` : '') +
    `<tds:Version><tt:Major>2</tt:Major>${el('tt:Minor', minor)}</tds:Version></tds:Service>`
  );
}

const DEVICE_SERVICE_CAPABILITIES =
  '<tds:Network IPFilter="false" ZeroConfiguration="false" IPVersion6="false" DynDNS="false" NTP="0"/>' +
  '<tds:Security TLS1.1="false" TLS1.2="false" OnboardKeyGeneration="false" AccessPolicyConfig="false" X.509Token="false" SAMLToken="false" KerberosToken="false" RELToken="false" HttpDigest="true" UsernameToken="true"/>' +
  '<tds:System DiscoveryResolve="false" DiscoveryBye="false" RemoteDiscovery="false" SystemBackup="false" SystemLogging="false" FirmwareUpgrade="false"/>';
const MEDIA_SERVICE_CAPABILITIES =
  '<trt:Capabilities SnapshotUri="true" Rotation="false"><trt:ProfileCapabilities MaximumNumberOfProfiles="2"/><trt:StreamingCapabilities RTPMulticast="false" RTP_TCP="true" RTP_RTSP_TCP="true" NonAggregateControl="false"/></trt:Capabilities>';
const PTZ_SERVICE_CAPABILITIES = '<tptz:Capabilities EFlip="false" Reverse="false" GetCompatibleConfigurations="false" MoveStatus="true" StatusPosition="true"/>';

export type OperationHandler = (request: SoapRequest, info: OnvifCameraInfo) => string;

export const deviceOperations: Record<string, OperationHandler> = {
  GetSystemDateAndTime: () => {
    const now = new Date();
    return (
      `<tds:GetSystemDateAndTimeResponse><tds:SystemDateAndTime><tt:DateTimeType>NTP</tt:DateTimeType><tt:DaylightSavings>false</tt:DaylightSavings>` +
      `<tt:TimeZone><tt:TZ>UTC0</tt:TZ></tt:TimeZone><tt:UTCDateTime>${dateTimeXml(now)}</tt:UTCDateTime><tt:LocalDateTime>${dateTimeXml(now)}</tt:LocalDateTime>` +
      `</tds:SystemDateAndTime></tds:GetSystemDateAndTimeResponse>`
    );
  },
  GetDeviceInformation: (_req, info) =>
    `<tds:GetDeviceInformationResponse>${el('tds:Manufacturer', info.manufacturer)}${el('tds:Model', info.model)}` +
    `${el('tds:FirmwareVersion', info.firmwareVersion)}${el('tds:SerialNumber', info.serialNumber)}${el('tds:HardwareId', info.hardwareId)}</tds:GetDeviceInformationResponse>`,
  GetCapabilities: (req, info) => {
    const categories = req.body.children.filter((c) => c.local === 'Category').map((c) => c.text.trim());
    const wants = (category: string): boolean => categories.length === 0 || categories.includes('All') || categories.includes(category);
    if (categories.some((c) => !['All', 'Device', 'Media', 'PTZ'].includes(c))) throw faults.invalidArgs('NoSuchService', 'Capability category not supported');
    const device =
      `<tt:Device>${el('tt:XAddr', info.urls.device)}<tt:Network><tt:IPFilter>false</tt:IPFilter><tt:ZeroConfiguration>false</tt:ZeroConfiguration><tt:IPVersion6>false</tt:IPVersion6><tt:DynDNS>false</tt:DynDNS></tt:Network>` +
      `<tt:System><tt:DiscoveryResolve>false</tt:DiscoveryResolve><tt:DiscoveryBye>false</tt:DiscoveryBye><tt:RemoteDiscovery>false</tt:RemoteDiscovery><tt:SystemBackup>false</tt:SystemBackup><tt:SystemLogging>false</tt:SystemLogging><tt:FirmwareUpgrade>false</tt:FirmwareUpgrade>` +
      `<tt:SupportedVersions><tt:Major>2</tt:Major><tt:Minor>60</tt:Minor></tt:SupportedVersions></tt:System></tt:Device>`;
    const media = `<tt:Media>${el('tt:XAddr', info.urls.media)}<tt:StreamingCapabilities><tt:RTPMulticast>false</tt:RTPMulticast><tt:RTP_TCP>true</tt:RTP_TCP><tt:RTP_RTSP_TCP>true</tt:RTP_RTSP_TCP></tt:StreamingCapabilities></tt:Media>`;
    const ptz = `<tt:PTZ>${el('tt:XAddr', info.urls.ptz)}</tt:PTZ>`;
    return `<tds:GetCapabilitiesResponse><tds:Capabilities>${wants('Device') ? device : ''}${wants('Media') ? media : ''}${wants('PTZ') ? ptz : ''}</tds:Capabilities></tds:GetCapabilitiesResponse>`;
  },
  GetServices: (req, info) => {
    const include = text(req.body, 'IncludeCapability') === 'true';
    return (
      `<tds:GetServicesResponse>` +
      serviceXml(NS.tds, info.urls.device, DEVICE_SERVICE_CAPABILITIES, include, 60) +
      serviceXml(NS.trt, info.urls.media, MEDIA_SERVICE_CAPABILITIES, include, 60) +
      serviceXml(NS.tptz, info.urls.ptz, PTZ_SERVICE_CAPABILITIES, include, 60) +
      `</tds:GetServicesResponse>`
    );
  },
  GetServiceCapabilities: () => `<tds:GetServiceCapabilitiesResponse><tds:Capabilities>${DEVICE_SERVICE_CAPABILITIES}</tds:Capabilities></tds:GetServiceCapabilitiesResponse>`,
  GetScopes: (_req, info) =>
    `<tds:GetScopesResponse>${info.scopes.map((scope) => `<tds:Scopes><tt:ScopeDef>Fixed</tt:ScopeDef>${el('tt:ScopeItem', scope)}</tds:Scopes>`).join('')}</tds:GetScopesResponse>`,
  GetHostname: (_req, info) => `<tds:GetHostnameResponse><tds:HostnameInformation><tt:FromDHCP>false</tt:FromDHCP>${el('tt:Name', info.name)}</tds:HostnameInformation></tds:GetHostnameResponse>`,
};

export const mediaOperations: Record<string, OperationHandler> = {
  GetProfiles: (_req, info) => `<trt:GetProfilesResponse>${info.profiles.map((p) => profileXml(info, p, 'trt:Profiles')).join('')}</trt:GetProfilesResponse>`,
  GetProfile: (req, info) => `<trt:GetProfileResponse>${profileXml(info, profileFor(info, text(req.body, 'ProfileToken')), 'trt:Profile')}</trt:GetProfileResponse>`,
  GetStreamUri: (req, info) => {
    const profile = profileFor(info, text(req.body, 'ProfileToken'));
    const stream = text(req.body, 'StreamSetup', 'Stream');
    if (stream && stream !== 'RTP-Unicast') throw faults.invalidArgs('InvalidStreamSetup', 'Only RTP-Unicast is supported');
    return `<trt:GetStreamUriResponse><trt:MediaUri>${el('tt:Uri', profile.rtspUrl)}<tt:InvalidAfterConnect>false</tt:InvalidAfterConnect><tt:InvalidAfterReboot>false</tt:InvalidAfterReboot><tt:Timeout>PT0S</tt:Timeout></trt:MediaUri></trt:GetStreamUriResponse>`;
  },
  GetSnapshotUri: (req, info) => {
    const profile = profileFor(info, text(req.body, 'ProfileToken'));
    return `<trt:GetSnapshotUriResponse><trt:MediaUri>${el('tt:Uri', profile.snapshotUrl)}<tt:InvalidAfterConnect>false</tt:InvalidAfterConnect><tt:InvalidAfterReboot>false</tt:InvalidAfterReboot><tt:Timeout>PT0S</tt:Timeout></trt:MediaUri></trt:GetSnapshotUriResponse>`;
  },
  GetVideoSources: (_req, info) =>
    `<trt:GetVideoSourcesResponse><trt:VideoSources token="${VIDEO_SOURCE_TOKEN}">${el('tt:Framerate', info.fps)}` +
    `<tt:Resolution>${el('tt:Width', info.source.width)}${el('tt:Height', info.source.height)}</tt:Resolution></trt:VideoSources></trt:GetVideoSourcesResponse>`,
  GetVideoSourceConfigurations: (_req, info) =>
    `<trt:GetVideoSourceConfigurationsResponse><trt:Configurations token="${VIDEO_SOURCE_CONFIG_TOKEN}">${videoSourceConfigXml(info)}</trt:Configurations></trt:GetVideoSourceConfigurationsResponse>`,
  GetVideoEncoderConfigurations: (_req, info) =>
    `<trt:GetVideoEncoderConfigurationsResponse>${info.profiles
      .map((p) => `<trt:Configurations token="${p.encoderToken}">${encoderConfigXml(info, p)}</trt:Configurations>`)
      .join('')}</trt:GetVideoEncoderConfigurationsResponse>`,
  GetVideoEncoderConfiguration: (req, info) => {
    const token = text(req.body, 'ConfigurationToken');
    const profile = info.profiles.find((p) => p.encoderToken === token);
    if (!profile) throw faults.invalidArgs('NoConfig', 'The requested configuration does not exist');
    return `<trt:GetVideoEncoderConfigurationResponse><trt:Configuration token="${profile.encoderToken}">${encoderConfigXml(info, profile)}</trt:Configuration></trt:GetVideoEncoderConfigurationResponse>`;
  },
  GetVideoEncoderConfigurationOptions: (req, info) => {
    const configToken = text(req.body, 'ConfigurationToken');
    const profileToken = text(req.body, 'ProfileToken');
    const profile = configToken
      ? info.profiles.find((p) => p.encoderToken === configToken)
      : profileToken
        ? info.profiles.find((p) => p.token === profileToken)
        : info.profiles[0];
    if (!profile) throw faults.invalidArgs('NoConfig', 'The requested configuration does not exist');
    return `<trt:GetVideoEncoderConfigurationOptionsResponse>${encoderOptionsXml(info, profile)}</trt:GetVideoEncoderConfigurationOptionsResponse>`;
  },
  GetServiceCapabilities: () => `<trt:GetServiceCapabilitiesResponse>${MEDIA_SERVICE_CAPABILITIES}</trt:GetServiceCapabilitiesResponse>`,
  // A camera without sound has no audio sources or configurations: empty lists, NoConfig for a token.
  GetAudioSources: (_req, info) =>
    `<trt:GetAudioSourcesResponse>${info.audio ? `<trt:AudioSources token="${AUDIO_SOURCE_TOKEN}"><tt:Channels>1</tt:Channels></trt:AudioSources>` : ''}</trt:GetAudioSourcesResponse>`,
  GetAudioSourceConfigurations: (_req, info) =>
    `<trt:GetAudioSourceConfigurationsResponse>${info.audio ? `<trt:Configurations token="${AUDIO_SOURCE_CONFIG_TOKEN}">${audioSourceConfigXml(info)}</trt:Configurations>` : ''}</trt:GetAudioSourceConfigurationsResponse>`,
  GetAudioEncoderConfigurations: (_req, info) =>
    `<trt:GetAudioEncoderConfigurationsResponse>${info.audio ? `<trt:Configurations token="${AUDIO_ENCODER_TOKEN}">${audioEncoderConfigXml(info)}</trt:Configurations>` : ''}</trt:GetAudioEncoderConfigurationsResponse>`,
  GetAudioEncoderConfiguration: (req, info) => {
    noAudio(info);
    if (text(req.body, 'ConfigurationToken') !== AUDIO_ENCODER_TOKEN) throw faults.invalidArgs('NoConfig', 'The requested configuration does not exist');
    return `<trt:GetAudioEncoderConfigurationResponse><trt:Configuration token="${AUDIO_ENCODER_TOKEN}">${audioEncoderConfigXml(info)}</trt:Configuration></trt:GetAudioEncoderConfigurationResponse>`;
  },
  GetAudioEncoderConfigurationOptions: (_req, info) => {
    noAudio(info);
    return (
      `<trt:GetAudioEncoderConfigurationOptionsResponse><trt:Options><tt:Options>${el('tt:Encoding', AUDIO.encoding)}` +
      `<tt:BitrateList>${el('tt:Items', AUDIO.bitrateKbps)}</tt:BitrateList><tt:SampleRateList>${el('tt:Items', AUDIO.sampleRateKhz)}</tt:SampleRateList>` +
      `</tt:Options></trt:Options></trt:GetAudioEncoderConfigurationOptionsResponse>`
    );
  },
};
