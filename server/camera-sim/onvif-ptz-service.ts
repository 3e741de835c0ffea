/**
 * ONVIF PTZ service (ver20/ptz) of the simulated camera: node and
 * configuration description in the generic spaces, moves, status and
 * presets, mapped onto PtzController. Moves answer at once and complete
 * asynchronously, as on real cameras; GetStatus says MOVING until the new
 * picture is on air.
 */
import { attr, child, escapeXml, text, type XmlElement } from '../protocols/xml-reader';
import type { OnvifCameraInfo } from './onvif-media-service';
import { faults, SoapFault, type SoapRequest } from './onvif-soap';
import type { PtzController } from './ptz-controller';
import { PresetError, type PtzVector } from './ptz-model';

const SPACE = 'http://www.onvif.org/ver10/tptz';
const PAN_TILT_POSITION = `${SPACE}/PanTiltSpaces/PositionGenericSpace`;
const ZOOM_POSITION = `${SPACE}/ZoomSpaces/PositionGenericSpace`;
const DEFAULT_TIMEOUT_MS = 10_000;

const range = (tag: string, min: number, max: number): string => `<tt:${tag}><tt:Min>${min}</tt:Min><tt:Max>${max}</tt:Max></tt:${tag}>`;
const space2d = (tag: string, uri: string, min: number, max: number): string =>
  `<tt:${tag}><tt:URI>${uri}</tt:URI>${range('XRange', min, max)}${range('YRange', min, max)}</tt:${tag}>`;
const space1d = (tag: string, uri: string, min: number, max: number): string => `<tt:${tag}><tt:URI>${uri}</tt:URI>${range('XRange', min, max)}</tt:${tag}>`;

const SPACES =
  space2d('AbsolutePanTiltPositionSpace', PAN_TILT_POSITION, -1, 1) +
  space1d('AbsoluteZoomPositionSpace', ZOOM_POSITION, 0, 1) +
  space2d('RelativePanTiltTranslationSpace', `${SPACE}/PanTiltSpaces/TranslationGenericSpace`, -1, 1) +
  space1d('RelativeZoomTranslationSpace', `${SPACE}/ZoomSpaces/TranslationGenericSpace`, -1, 1) +
  space2d('ContinuousPanTiltVelocitySpace', `${SPACE}/PanTiltSpaces/VelocityGenericSpace`, -1, 1) +
  space1d('ContinuousZoomVelocitySpace', `${SPACE}/ZoomSpaces/VelocityGenericSpace`, -1, 1) +
  space1d('PanTiltSpeedSpace', `${SPACE}/PanTiltSpaces/GenericSpeedSpace`, 0, 1) +
  space1d('ZoomSpeedSpace', `${SPACE}/ZoomSpaces/ZoomGenericSpeedSpace`, 0, 1);

/** Body of a tt:PTZConfiguration (shared with GetProfiles). */
export function ptzConfigurationXml(useCount: number): string {
  return (
    `<tt:Name>PTZ</tt:Name><tt:UseCount>${useCount}</tt:UseCount><tt:NodeToken>ptz_node_0</tt:NodeToken>` +
    `<tt:DefaultAbsolutePantTiltPositionSpace>${PAN_TILT_POSITION}</tt:DefaultAbsolutePantTiltPositionSpace>` +
    `<tt:DefaultAbsoluteZoomPositionSpace>${ZOOM_POSITION}</tt:DefaultAbsoluteZoomPositionSpace>` +
    `<tt:DefaultRelativePanTiltTranslationSpace>${SPACE}/PanTiltSpaces/TranslationGenericSpace</tt:DefaultRelativePanTiltTranslationSpace>` +
    `<tt:DefaultRelativeZoomTranslationSpace>${SPACE}/ZoomSpaces/TranslationGenericSpace</tt:DefaultRelativeZoomTranslationSpace>` +
    `<tt:DefaultContinuousPanTiltVelocitySpace>${SPACE}/PanTiltSpaces/VelocityGenericSpace</tt:DefaultContinuousPanTiltVelocitySpace>` +
    `<tt:DefaultContinuousZoomVelocitySpace>${SPACE}/ZoomSpaces/VelocityGenericSpace</tt:DefaultContinuousZoomVelocitySpace>` +
    `<tt:DefaultPTZSpeed><tt:PanTilt x="1" y="1" space="${SPACE}/PanTiltSpaces/GenericSpeedSpace"/><tt:Zoom x="1" space="${SPACE}/ZoomSpaces/ZoomGenericSpeedSpace"/></tt:DefaultPTZSpeed>` +
    `<tt:DefaultPTZTimeout>PT${DEFAULT_TIMEOUT_MS / 1000}S</tt:DefaultPTZTimeout>` +
    `<tt:PanTiltLimits><tt:Range><tt:URI>${PAN_TILT_POSITION}</tt:URI>${range('XRange', -1, 1)}${range('YRange', -1, 1)}</tt:Range></tt:PanTiltLimits>` +
    `<tt:ZoomLimits><tt:Range><tt:URI>${ZOOM_POSITION}</tt:URI>${range('XRange', 0, 1)}</tt:Range></tt:ZoomLimits>`
  );
}

function positionXml(position: PtzVector): string {
  return `<tt:PanTilt x="${position.pan}" y="${position.tilt}" space="${PAN_TILT_POSITION}"/><tt:Zoom x="${position.zoom}" space="${ZOOM_POSITION}"/>`;
}

/** Reads PanTilt@x,y and Zoom@x of a PTZVector element; absent axes stay undefined. */
function readVector(element: XmlElement | undefined): Partial<PtzVector> {
  const number = (value: string | undefined): number | undefined => {
    if (value === undefined) return undefined;
    const parsed = Number(value);
    if (!Number.isFinite(parsed)) throw faults.invalidArgs('InvalidPosition', 'Coordinates must be numbers');
    return parsed;
  };
  const panTilt = child(element, 'PanTilt');
  const zoom = child(element, 'Zoom');
  return { pan: number(attr(panTilt, 'x')), tilt: number(attr(panTilt, 'y')), zoom: number(attr(zoom, 'x')) };
}

/** xs:duration as ONVIF uses it (PT10S, PT0.5S, PT1M); undefined if absent. */
export function parseDurationMs(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(value.trim());
  if (!match) throw faults.invalidArgs('InvalidTimeout', 'Bad duration');
  const [, d, h, m, s] = match;
  return ((Number(d ?? 0) * 24 + Number(h ?? 0)) * 60 + Number(m ?? 0)) * 60_000 + Number(s ?? 0) * 1000;
}

function presetFault(err: unknown): never {
  if (err instanceof PresetError) {
    if (err.code === 'TooManyPresets') throw new SoapFault('Receiver', ['ter:Action', 'ter:TooManyPresets'], err.message);
    throw faults.invalidArgs(err.code, err.message);
  }
  throw err;
}

function checkProfile(request: SoapRequest, info: OnvifCameraInfo): void {
  const token = text(request.body, 'ProfileToken');
  if (!info.profiles.some((p) => p.token === token)) throw faults.invalidArgs('NoProfile', 'The requested profile token does not exist');
}

/** Moves complete in the background; a failure there is logged, the client sees it in GetStatus/pictures. */
function background(work: Promise<void>): void {
  work.catch((err) => console.error('camera-sim PTZ move failed:', err));
}

export type PtzOperationHandler = (request: SoapRequest, ptz: PtzController, info: OnvifCameraInfo) => string;

export const ptzOperations: Record<string, PtzOperationHandler> = {
  GetNodes: (_req, _ptz, info) => `<tptz:GetNodesResponse>${nodeXml(info)}</tptz:GetNodesResponse>`,
  GetNode: (req, _ptz, info) => {
    if (text(req.body, 'NodeToken') !== 'ptz_node_0') throw faults.invalidArgs('NoEntity', 'No such PTZ node');
    return `<tptz:GetNodeResponse>${nodeXml(info, 'tptz:PTZNode')}</tptz:GetNodeResponse>`;
  },
  GetConfigurations: (_req, _ptz, info) =>
    `<tptz:GetConfigurationsResponse><tptz:PTZConfiguration token="ptz_config_0">${ptzConfigurationXml(info.profiles.length)}</tptz:PTZConfiguration></tptz:GetConfigurationsResponse>`,
  GetConfiguration: (req, _ptz, info) => {
    if (text(req.body, 'PTZConfigurationToken') !== 'ptz_config_0') throw faults.invalidArgs('NoConfig', 'No such PTZ configuration');
    return `<tptz:GetConfigurationResponse><tptz:PTZConfiguration token="ptz_config_0">${ptzConfigurationXml(info.profiles.length)}</tptz:PTZConfiguration></tptz:GetConfigurationResponse>`;
  },
  GetConfigurationOptions: () =>
    `<tptz:GetConfigurationOptionsResponse><tptz:PTZConfigurationOptions><tt:Spaces>${SPACES}</tt:Spaces>` +
    `<tt:PTZTimeout><tt:Min>PT1S</tt:Min><tt:Max>PT60S</tt:Max></tt:PTZTimeout></tptz:PTZConfigurationOptions></tptz:GetConfigurationOptionsResponse>`,
  GetStatus: (req, ptz, info) => {
    checkProfile(req, info);
    const status = ptz.status();
    return (
      `<tptz:GetStatusResponse><tptz:PTZStatus><tt:Position>${positionXml(status.position)}</tt:Position>` +
      `<tt:MoveStatus><tt:PanTilt>${status.panTilt}</tt:PanTilt><tt:Zoom>${status.zoom}</tt:Zoom></tt:MoveStatus>` +
      `<tt:UtcTime>${new Date().toISOString()}</tt:UtcTime></tptz:PTZStatus></tptz:GetStatusResponse>`
    );
  },
  AbsoluteMove: (req, ptz, info) => {
    checkProfile(req, info);
    background(ptz.absoluteMove(readVector(child(req.body, 'Position'))));
    return '<tptz:AbsoluteMoveResponse/>';
  },
  RelativeMove: (req, ptz, info) => {
    checkProfile(req, info);
    background(ptz.relativeMove(readVector(child(req.body, 'Translation'))));
    return '<tptz:RelativeMoveResponse/>';
  },
  ContinuousMove: (req, ptz, info) => {
    checkProfile(req, info);
    const v = readVector(child(req.body, 'Velocity'));
    const timeoutMs = parseDurationMs(text(req.body, 'Timeout')) ?? DEFAULT_TIMEOUT_MS;
    background(ptz.continuousMove({ pan: v.pan ?? 0, tilt: v.tilt ?? 0, zoom: v.zoom ?? 0 }, timeoutMs));
    return '<tptz:ContinuousMoveResponse/>';
  },
  Stop: (req, ptz, info) => {
    checkProfile(req, info);
    const panTilt = text(req.body, 'PanTilt');
    const zoom = text(req.body, 'Zoom');
    // Absent flags mean "stop that axis too" (ONVIF: both default to true).
    background(ptz.stop(panTilt !== 'false', zoom !== 'false'));
    return '<tptz:StopResponse/>';
  },
  GetPresets: (req, ptz, info) => {
    checkProfile(req, info);
    const presets = ptz.presets
      .list()
      .map((p) => `<tptz:Preset token="${p.token}"><tt:Name>${escapeXml(p.name)}</tt:Name><tt:PTZPosition>${positionXml(p.position)}</tt:PTZPosition></tptz:Preset>`)
      .join('');
    return `<tptz:GetPresetsResponse>${presets}</tptz:GetPresetsResponse>`;
  },
  SetPreset: (req, ptz, info) => {
    checkProfile(req, info);
    try {
      const token = ptz.setPreset(text(req.body, 'PresetName'), text(req.body, 'PresetToken'));
      return `<tptz:SetPresetResponse><tptz:PresetToken>${token}</tptz:PresetToken></tptz:SetPresetResponse>`;
    } catch (err) {
      return presetFault(err);
    }
  },
  GotoPreset: (req, ptz, info) => {
    checkProfile(req, info);
    try {
      background(ptz.gotoPreset(text(req.body, 'PresetToken') ?? ''));
    } catch (err) {
      presetFault(err);
    }
    return '<tptz:GotoPresetResponse/>';
  },
  RemovePreset: (req, ptz, info) => {
    checkProfile(req, info);
    try {
      ptz.removePreset(text(req.body, 'PresetToken') ?? '');
    } catch (err) {
      presetFault(err);
    }
    return '<tptz:RemovePresetResponse/>';
  },
  GotoHomePosition: (req, ptz, info) => {
    checkProfile(req, info);
    background(ptz.gotoHome());
    return '<tptz:GotoHomePositionResponse/>';
  },
  SetHomePosition: (req, ptz, info) => {
    checkProfile(req, info);
    ptz.setHome();
    return '<tptz:SetHomePositionResponse/>';
  },
};

function nodeXml(info: OnvifCameraInfo, tag = 'tptz:PTZNode'): string {
  return (
    `<${tag} token="ptz_node_0" FixedHomePosition="false"><tt:Name>PTZ</tt:Name><tt:SupportedPTZSpaces>${SPACES}</tt:SupportedPTZSpaces>` +
    `<tt:MaximumNumberOfPresets>${info.maxPresets}</tt:MaximumNumberOfPresets><tt:HomeSupported>true</tt:HomeSupported></${tag}>`
  );
}
