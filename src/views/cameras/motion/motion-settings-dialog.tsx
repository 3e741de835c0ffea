/**
 * Motion-detection dialog (spec 2, 3 "Motion configuration", 5, 8, 9): the
 * stream's snapshot as background with the motion mask drawn over it (tab
 * "Motion mask": brush size 1-200, draw and erase, clear) and the object
 * size (tab "Object size": 0-100, default 5). Save is off while the object
 * size is invalid, while saving, or without a picture; the stream must be
 * running (spec 4) and record with motion detection's pictures (not proxy
 * only), else a notice replaces the editor.
 *
 * Saving: the object size goes into the stream's recording configuration
 * (PATCH bgseg.boxArea) when it changed, then the mask, when it was edited:
 * PUT of the PNG (opaque black = ignored) or, when nothing is painted, DELETE.
 * The PATCH goes first so the mask's href, which the recorder sets on PUT and
 * removes on DELETE, is never overwritten by an older copy.
 */
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useState, type ReactElement } from 'react';
import { describeApiError } from '../../../api/error-message';
import { streamSettingsApi } from '../../../api/stream-settings-api';
import { streamMediaNotice } from '../../../core/dewarp/stream-media-notice';
import type { MaskMode } from '../../../core/motion/mask-raster';
import { BRUSH_SIZE, normalizeBrushSize, parseObjectSize, storedObjectSize } from '../../../core/motion/motion-settings';
import { t, type MessageKey } from '../../../i18n/translate';
import { maskPng } from '../../../media/motion-mask-picture';
import { AppDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/form-field';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { StreamMediaNotice } from '../media/stream-media-notice';
import { SliderField } from '../media/slider-field';
import { MotionMaskEditor } from './motion-mask-editor';
import { useMotionMask } from './use-motion-mask';
import type { MotionDialogProps } from './motion-dialog';
import '../media/camera-media.css';

export function MotionSettingsDialog({ camera, stream, onClose }: MotionDialogProps): ReactElement {
  const notice = streamMediaNotice(camera, stream);
  const load = useMotionMask(stream, notice === null);
  const storedSize = storedObjectSize(stream.recordingConfiguration.bgseg?.boxArea);
  const [brushSize, setBrushSize] = useState<number>(BRUSH_SIZE.default);
  const [mode, setMode] = useState<MaskMode>('draw');
  const [objectSizeText, setObjectSizeText] = useState(String(storedSize));
  const [maskEdited, setMaskEdited] = useState(false);
  const [version, setVersion] = useState(0);
  const [processing, setProcessing] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const objectSize = parseObjectSize(objectSizeText);
  const ready = load.state === 'ready' ? load : null;
  const canSave = notice === null && ready !== null && objectSize.ok && !processing;

  const edited = () => {
    setMaskEdited(true);
    setVersion((v) => v + 1);
  };

  const clear = () => {
    ready?.raster.clear();
    edited();
  };

  const save = async () => {
    if (!ready || !objectSize.ok) return;
    setProcessing(true);
    setSaveError(null);
    try {
      if (objectSize.value !== storedSize) {
        const config = stream.recordingConfiguration;
        await streamSettingsApi.saveRecordingConfiguration(camera.id, stream.id, { ...config, bgseg: { ...config.bgseg, boxArea: objectSize.value } });
      }
      if (maskEdited) {
        if (!ready.raster.isEmpty()) await streamSettingsApi.putMotionMask(camera.id, stream.id, await maskPng(ready.raster));
        else if (ready.hadMask || ready.maskFailed) await streamSettingsApi.deleteMotionMask(camera.id, stream.id);
      }
      onClose(true);
    } catch (error) {
      setSaveError(t('cameraMedia.motion.saveFailed', { reason: describeApiError(error) }));
      setProcessing(false);
    }
  };

  const footer = (
    <>
      <button type="button" className="btn" onClick={() => onClose(false)} disabled={processing}>
        {t('common.cancel')}
      </button>
      <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={!canSave}>
        {processing ? t('cameraMedia.saving') : t('cameraMedia.save')}
      </button>
    </>
  );

  return (
    <AppDialog open title={t('cameraMedia.motion.title', { name: camera.name })} onClose={() => onClose(false)} footer={footer} size="large" dismissible={!processing}>
      <div data-testid="motion-dialog">
        <div className="media-notices">
          {notice && <StreamMediaNotice notice={notice} state={stream.status.streamState} />}
          {load.state === 'no-image' && <Notice kind="warning">{t('cameraMedia.motion.noImage')}</Notice>}
          {ready?.maskFailed && <Notice kind="error">{t('cameraMedia.motion.couldNotLoadMask')}</Notice>}
          {saveError && <Notice kind="error">{saveError}</Notice>}
        </div>
        {notice === null && (
          <TabGroup>
            <TabList className="media-tabs" aria-label={t('cameraMedia.motion.tabs')}>
              <Tab className="media-tab">{t('cameraMedia.motion.tab.mask')}</Tab>
              <Tab className="media-tab">{t('cameraMedia.motion.tab.objectSize')}</Tab>
            </TabList>
            <TabPanels>
              <TabPanel>
                {ready ? (
                  <MotionMaskEditor
                    snapshotUrl={ready.snapshotUrl}
                    raster={ready.raster}
                    version={version}
                    brushSize={brushSize}
                    mode={mode}
                    disabled={processing}
                    onEdited={edited}
                  />
                ) : (
                  <div className="media-picture">{load.state === 'loading' && <Spinner label={t('cameraMedia.loading')} />}</div>
                )}
                <div className="media-tools">
                  <p className="hint">{t('cameraMedia.motion.maskHint')}</p>
                  <SliderField
                    label={t('cameraMedia.motion.brushSize')}
                    value={brushSize}
                    min={BRUSH_SIZE.min}
                    max={BRUSH_SIZE.max}
                    step={1}
                    disabled={!ready || processing}
                    onChange={(value) => setBrushSize(normalizeBrushSize(value))}
                  />
                  <div className="segmented" role="group" aria-label={t('cameraMedia.motion.mode')}>
                    {(['draw', 'erase'] as const).map((m) => (
                      <button key={m} type="button" aria-pressed={mode === m} disabled={!ready || processing} onClick={() => setMode(m)}>
                        {t(`cameraMedia.motion.${m}` as MessageKey)}
                      </button>
                    ))}
                  </div>
                  <button type="button" className="btn" onClick={clear} disabled={!ready || processing}>
                    {t('cameraMedia.motion.clear')}
                  </button>
                </div>
              </TabPanel>
              <TabPanel>
                <TextField
                  label={t('cameraMedia.motion.objectSize')}
                  type="number"
                  min={0}
                  max={100}
                  step="any"
                  value={objectSizeText}
                  onChange={(e) => setObjectSizeText(e.target.value)}
                  error={objectSize.ok ? undefined : t(`cameraMedia.motion.objectSize.${objectSize.error}` as MessageKey)}
                  hint={t('cameraMedia.motion.objectSizeHint')}
                  disabled={processing}
                />
              </TabPanel>
            </TabPanels>
          </TabGroup>
        )}
      </div>
    </AppDialog>
  );
}
