/**
 * Add or edit a stream (spec 2 "stream add/edit dialog"): name, recording
 * style (spec 4's five), one input per capability of the stream (spec 3
 * types, spec 5 clamping), the motion-adaptive frame rates, and the
 * low-bandwidth and decoding settings. A stored recording configuration
 * that matches no single style is said at the top and the default style is
 * selected. Saves with POST (new) or PATCH (edit); a failure shows the
 * recorder's reason or 'no response from the recorder' (spec 8).
 *
 * Low-bandwidth settings: the spec names them but neither it nor the
 * recorder's stream shape has a low-bandwidth field. Low-bandwidth pictures
 * are decoded by motion detection (spec 8: a stream without motion detection
 * cannot be watched in low-bandwidth mode), so the section says whether the
 * chosen style allows low-bandwidth viewing and holds the one setting that
 * shapes those pictures: decoding all frames or keyframes only.
 */
import { useMemo, useState, type FormEvent, type ReactElement } from 'react';
import type { Camera, RecordingStyle, Stream } from '../../../../server/shared/api';
import { streamsApi } from '../../../api/streams-api';
import { AppDialog } from '../../../components/ui/dialog';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/form-field';
import { Notice } from '../../../components/ui/notice';
import { chooseNonMotionRate, decodeAllFramesAvailable, nonMotionRateOptions } from '../../../core/cameras/motion-frame-rates';
import { detectsMotion, RECORDING_STYLES } from '../../../../server/shared/recording-style';
import type { CapabilityValue } from '../../../../server/shared/stream-capabilities';
import { capabilityEntries, type CapabilityCategory } from '../../../core/cameras/capability-entries';
import {
  changeSetting,
  changeStyle,
  settingsStayInRecorder,
  streamFormFrom,
  toStreamRequest,
  validateStreamForm,
} from '../../../core/cameras/stream-form';
import { t } from '../../../i18n/translate';
import { CapabilityInput } from './capability-input';
import { describeStreamSaveError } from './stream-errors';

export interface StreamDialogProps {
  camera: Camera;
  /** null adds a stream. */
  stream: Stream | null;
  onClose: (saved: boolean) => void;
}

export function styleLabel(style: RecordingStyle): string {
  return t.dynamic(`streams.style.${style}`);
}

export function settingLabel(name: string): string {
  const key = `streams.setting.${name}`;
  return t.has(key) ? t.dynamic(key) : name;
}

const STYLE_OPTIONS = () => RECORDING_STYLES.map((style) => ({ value: style, label: styleLabel(style) }));

export function StreamDialog({ camera, stream, onClose }: StreamDialogProps): ReactElement {
  const setup = useMemo(() => streamFormFrom(camera, stream), [camera, stream]);
  const { capabilities } = setup;
  const [values, setValues] = useState(setup.values);
  const [submitted, setSubmitted] = useState(false);
  const [touchedName, setTouchedName] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const errors = validateStreamForm(values, t('streams.dialog.nameRequired'));
  const entries = capabilityEntries(capabilities);
  const adaptive = values.style === 'continuous-motion-adaptive';
  const frameRate = values.settings.Video.FrameRate;
  const govCapability = capabilities.Video?.GOVLength;
  const rateOptions =
    adaptive && typeof frameRate === 'number' && govCapability && (govCapability.type === 'int' || govCapability.type === 'float')
      ? nonMotionRateOptions(frameRate, govCapability)
      : [];
  const chosenRate = chooseNonMotionRate(rateOptions, typeof values.settings.Video.GOVLength === 'number' ? values.settings.Video.GOVLength : undefined);
  const encoder = values.settings.Video.Encoder ?? (stream === null ? undefined : 'H264');
  const decodeAvailable = decodeAllFramesAvailable(typeof encoder === 'string' ? encoder : undefined) || (stream === null && encoder === undefined);

  const set = (category: CapabilityCategory, name: string, value: CapabilityValue) =>
    setValues((previous) => changeSetting(previous, capabilities, category, name, value));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.name || processing) return;
    setProcessing(true);
    setError(null);
    try {
      const body = toStreamRequest(values, stream);
      if (stream) await streamsApi.update(camera.id, stream.id, body);
      else await streamsApi.add(camera.id, body);
      onClose(true);
    } catch (failure) {
      setProcessing(false);
      setError(describeStreamSaveError(failure));
    }
  };

  const title = stream ? t('streams.dialog.editTitle', { stream: stream.name }) : t('streams.dialog.addTitle', { camera: camera.name });
  return (
    <AppDialog
      open
      size="large"
      title={title}
      onClose={() => onClose(false)}
      dismissible={!processing}
      footer={
        <>
          <button type="button" className="btn" onClick={() => onClose(false)} disabled={processing}>
            {t('common.cancel')}
          </button>
          <button type="submit" form="stream-form" className="btn btn-primary" disabled={processing || (submitted && Boolean(errors.name))}>
            {processing ? t('common.saving') : stream ? t('common.save') : t('streams.dialog.add')}
          </button>
        </>
      }
    >
      <form id="stream-form" className="form-grid stream-form" data-testid="stream-dialog" onSubmit={(event) => void submit(event)} noValidate>
        {error && <Notice kind="error">{error}</Notice>}
        {!setup.styleDerived && stream && (
          <Notice kind="warning">{t('streams.unknownRecordingStyle', { stream: stream.name, style: styleLabel(values.style) })}</Notice>
        )}
        {settingsStayInRecorder(stream, camera) && <Notice kind="info">{t('streams.dialog.settingsStayInRecorder')}</Notice>}
        <TextField
          label={t('streams.dialog.name')}
          value={values.name}
          disabled={processing}
          autoComplete="off"
          onChange={(event) => setValues((previous) => ({ ...previous, name: event.target.value }))}
          onBlur={() => setTouchedName(true)}
          error={submitted || touchedName ? errors.name : undefined}
        />
        <SelectField
          label={t('streams.dialog.recordingStyle')}
          value={values.style}
          options={STYLE_OPTIONS()}
          disabled={processing}
          onChange={(event) => setValues((previous) => changeStyle(previous, capabilities, event.target.value as RecordingStyle))}
        />
        <fieldset className="stream-fieldset" disabled={processing}>
          <legend>{t('streams.dialog.cameraSettings')}</legend>
          {stream === null && entries.length > 0 && <p className="field-hint">{t('streams.dialog.newStreamHint')}</p>}
          {entries.length === 0 && <p className="field-hint">{t('streams.dialog.noCapabilities')}</p>}
          <div className="stream-settings">
            {entries.map(({ category, name, capability }) => (
              <CapabilityInput
                key={`${category}.${name}`}
                name={name}
                label={settingLabel(name)}
                capability={capability}
                value={values.settings[category][name]}
                hint={adaptive && category === 'Video' && name === 'FrameRate' ? t('streams.dialog.motionRateHint') : undefined}
                disabled={processing || (adaptive && category === 'Video' && name === 'GOVLength' && rateOptions.length > 0)}
                onChange={(value) => set(category, name, value)}
              />
            ))}
            {adaptive && rateOptions.length > 0 && chosenRate && (
              <SelectField
                label={t('streams.dialog.nonMotionRate')}
                value={String(chosenRate.divisor)}
                options={rateOptions.map((option) => ({
                  value: String(option.divisor),
                  label: t('streams.dialog.nonMotionRateOption', { rate: option.rate, divisor: option.divisor }),
                }))}
                hint={t('streams.dialog.nonMotionRateHint')}
                onChange={(event) => set('Video', 'GOVLength', Number(event.target.value))}
              />
            )}
          </div>
        </fieldset>
        <fieldset className="stream-fieldset" disabled={processing}>
          <legend>{t('streams.dialog.lowBandwidth')}</legend>
          <p className="field-hint" data-testid="low-bandwidth-availability">
            {detectsMotion(values.style) ? t('streams.dialog.lowBandwidthAvailable') : t('streams.dialog.lowBandwidthUnavailable')}
          </p>
          <CheckboxField
            label={t('streams.dialog.decodeAllFrames')}
            checked={decodeAvailable && values.decodeAllFrames}
            disabled={!decodeAvailable || !detectsMotion(values.style)}
            onChange={(event) => setValues((previous) => ({ ...previous, decodeAllFrames: event.target.checked }))}
          />
          <p className="field-hint">{t('streams.dialog.decodeAllFramesHint')}</p>
        </fieldset>
      </form>
    </AppDialog>
  );
}
