/**
 * Dewarp dialog (spec 2, 3 "Dewarp settings", 5, 8, 9): a fisheye stream's
 * dewarp settings with a live preview drawn by the stage's dewarp shaders.
 * Tabs Perspective (depth, default view pan, tilt, zoom) and Panorama
 * (aspect ratio, shift); above them the enable checkbox, the default view
 * and the mounting orientation, which sets the pan and tilt limits.
 * Controls are off while the settings load and while dewarp is off.
 *
 * The stream is read afresh on open (GET /service/streams/{id}); if that
 * fails the dialog says it failed to initialise. Save sends the whole
 * configuration (PATCH .../streams/{id} dewarpConfiguration). The preview
 * needs the stream's picture: a camera without primary stream, a proxy-only
 * camera or a stream that is not running get a notice instead (spec 4, 8).
 */
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { describeApiError } from '../../../api/error-message';
import { streamSettingsApi } from '../../../api/stream-settings-api';
import {
  DEWARP_ORIENTATIONS,
  configFromForm,
  dewarpFormErrors,
  dewarpRanges,
  formFromConfig,
  toStep,
  withOrientation,
  type DewarpForm,
} from '../../../core/dewarp/dewarp-form';
import { streamMediaNotice } from '../../../core/dewarp/stream-media-notice';
import { t, type MessageKey } from '../../../i18n/translate';
import type { DewarpPreviewEvent, PreviewView } from '../../../media/dewarp-preview';
import { AppDialog } from '../../../components/ui/dialog';
import { CheckboxField, SelectField } from '../../../components/ui/form-field';
import { Notice } from '../../../components/ui/notice';
import { SliderField } from '../media/slider-field';
import { StreamMediaNotice } from '../media/stream-media-notice';
import { DewarpPreviewCanvas } from './dewarp-preview-canvas';
import type { DewarpDialogProps } from './dewarp-dialog';
import '../media/camera-media.css';

const TABS = ['perspective', 'panorama'] as const;

type PreviewProblem = Exclude<DewarpPreviewEvent, 'showing'>;

const PREVIEW_MESSAGES: Record<PreviewProblem, MessageKey> = {
  'failed-to-initialise': 'cameraMedia.dewarp.failedToInitialise',
  'failed-to-load-preview': 'cameraMedia.dewarp.failedToLoadPreview',
  'image-not-retrieved': 'cameraMedia.dewarp.imageNotRetrieved',
};

function previewViewOf(form: DewarpForm, tab: (typeof TABS)[number]): PreviewView {
  return tab === 'perspective'
    ? { mode: 'perspective', orientation: form.orientation, view: { ...form.defaultPerspectiveView }, depth: form.perspectiveDepth }
    : { mode: 'panorama', orientation: form.orientation, aspectRatio: form.panoramaAspectRatio, shiftDeg: form.panoramaShift };
}

export function DewarpSettingsDialog({ camera, stream, onClose }: DewarpDialogProps): ReactElement {
  const notice = streamMediaNotice(camera, stream);
  const [form, setForm] = useState<DewarpForm | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [tab, setTab] = useState(0);
  const [previewProblem, setPreviewProblem] = useState<PreviewProblem | null>(null);
  const [processing, setProcessing] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    streamSettingsApi.stream(stream.id).then(
      (fresh) => {
        if (!live) return;
        setForm(formFromConfig(fresh.dewarpConfiguration));
        setTab(fresh.dewarpConfiguration?.defaultMode === 'panorama' ? 1 : 0);
      },
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [stream.id]);

  const tabName = TABS[tab]!;
  const preview = useMemo(() => (form ? previewViewOf(form, tabName) : null), [form, tabName]);
  const errors = form ? dewarpFormErrors(form) : [];
  const controlsOff = !form || !form.enable || processing;
  const ranges = dewarpRanges(form?.orientation ?? 'ceiling');
  const shown = form ?? formFromConfig(null);

  const change = (patch: Partial<DewarpForm>) => setForm((current) => (current ? { ...current, ...patch } : current));
  const changeView = (patch: Partial<DewarpForm['defaultPerspectiveView']>) =>
    setForm((current) => (current ? { ...current, defaultPerspectiveView: { ...current.defaultPerspectiveView, ...patch } } : current));

  const onPreview = (event: DewarpPreviewEvent) => setPreviewProblem(event === 'showing' ? null : event);

  const save = async () => {
    if (!form) return;
    setProcessing(true);
    setSaveError(null);
    try {
      await streamSettingsApi.saveDewarpConfiguration(camera.id, stream.id, configFromForm(form));
      onClose(true);
    } catch (error) {
      setSaveError(t('cameraMedia.dewarp.failedToSave', { reason: describeApiError(error) }));
      setProcessing(false);
    }
  };

  const footer = (
    <>
      <button type="button" className="btn" onClick={() => onClose(false)} disabled={processing}>
        {t('common.cancel')}
      </button>
      <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={!form || processing || errors.length > 0}>
        {processing ? t('cameraMedia.saving') : t('cameraMedia.save')}
      </button>
    </>
  );

  return (
    <AppDialog open title={t('cameraMedia.dewarp.title', { name: camera.name })} onClose={() => onClose(false)} footer={footer} size="large" dismissible={!processing}>
      <div className="dewarp-layout" data-testid="dewarp-dialog" data-loaded={form ? 'true' : 'false'}>
        <div className="media-notices">
          {loadFailed && <Notice kind="error">{t('cameraMedia.dewarp.failedToInitialise')}</Notice>}
          {notice && <StreamMediaNotice notice={notice} state={stream.status.streamState} />}
          {previewProblem && <Notice kind={previewProblem === 'image-not-retrieved' ? 'warning' : 'error'}>{t(PREVIEW_MESSAGES[previewProblem])}</Notice>}
          {errors.map((error) => (
            <Notice key={error} kind="error">
              {error}
            </Notice>
          ))}
          {saveError && <Notice kind="error">{saveError}</Notice>}
        </div>
        {notice === null && preview && <DewarpPreviewCanvas streamHref={stream.href} view={preview} onEvent={onPreview} />}
        <div className="dewarp-settings">
          <CheckboxField
            label={t('cameraMedia.dewarp.enable')}
            checked={shown.enable}
            disabled={!form || processing}
            onChange={(e) => change({ enable: e.target.checked })}
          />
          <SelectField
            label={t('cameraMedia.dewarp.defaultMode')}
            value={shown.defaultMode}
            disabled={controlsOff}
            options={TABS.map((mode) => ({ value: mode, label: t(`cameraMedia.dewarp.tab.${mode}`) }))}
            onChange={(e) => change({ defaultMode: e.target.value === 'panorama' ? 'panorama' : 'perspective' })}
          />
          <SelectField
            label={t('cameraMedia.dewarp.orientation')}
            value={shown.orientation}
            disabled={controlsOff}
            options={DEWARP_ORIENTATIONS.map((o) => ({ value: o, label: t(`cameraMedia.dewarp.orientation.${o}`) }))}
            onChange={(e) => setForm((current) => (current ? withOrientation(current, e.target.value as DewarpForm['orientation']) : current))}
          />
        </div>
        <TabGroup selectedIndex={tab} onChange={setTab}>
          <TabList className="media-tabs" aria-label={t('cameraMedia.dewarp.tabs')}>
            {TABS.map((name) => (
              <Tab key={name} className="media-tab">
                {t(`cameraMedia.dewarp.tab.${name}`)}
              </Tab>
            ))}
          </TabList>
          <TabPanels>
            <TabPanel className="dewarp-settings">
              <SliderField
                label={t('cameraMedia.dewarp.depth')}
                {...ranges.depth}
                value={shown.perspectiveDepth}
                disabled={controlsOff}
                onChange={(v) => change({ perspectiveDepth: toStep(v, ranges.depth.step) })}
              />
              <SliderField label={t('cameraMedia.dewarp.pan')} {...ranges.pan} value={shown.defaultPerspectiveView.pan} disabled={controlsOff} onChange={(v) => changeView({ pan: toStep(v, 1) })} />
              <SliderField label={t('cameraMedia.dewarp.tilt')} {...ranges.tilt} value={shown.defaultPerspectiveView.tilt} disabled={controlsOff} onChange={(v) => changeView({ tilt: toStep(v, 1) })} />
              <SliderField
                label={t('cameraMedia.dewarp.zoom')}
                {...ranges.zoom}
                value={shown.defaultPerspectiveView.zoom}
                disabled={controlsOff}
                onChange={(v) => changeView({ zoom: toStep(v, ranges.zoom.step) })}
              />
            </TabPanel>
            <TabPanel className="dewarp-settings">
              <SliderField
                label={t('cameraMedia.dewarp.aspectRatio')}
                {...ranges.aspectRatio}
                value={shown.panoramaAspectRatio}
                disabled={controlsOff}
                onChange={(v) => change({ panoramaAspectRatio: toStep(v, ranges.aspectRatio.step) })}
              />
              <SliderField
                label={t('cameraMedia.dewarp.shift')}
                {...ranges.shift}
                value={shown.panoramaShift}
                disabled={controlsOff}
                onChange={(v) => change({ panoramaShift: toStep(v, ranges.shift.step) })}
              />
            </TabPanel>
          </TabPanels>
        </TabGroup>
      </div>
    </AppDialog>
  );
}
