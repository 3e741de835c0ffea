/**
 * The date-time picker dialog (spec 2, 5): a local date (no later than
 * today) and time; seconds are zeroed unless "Set seconds" is ticked; a time
 * after now is capped at now, which plays live. Opens on the playhead of
 * the context it will move. Below the fields, the days with recordings of
 * the cameras the timeline follows (GET /service/archives/per-day), each a
 * button that picks that date, with how much of it is recorded (the
 * single player names its one stream instead).
 */
import { distinctStreams, type StreamRef } from '../../../api/server-scope';
import { useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { AppDialog } from '../../../components/ui/dialog';
import { CheckboxField, TextField } from '../../../components/ui/form-field';
import { t } from '../../../i18n/translate';
import { loadRecordedDays, type RecordedDay } from '../../../state/recorded-days';
import { pickedTimeMs, pickerFields } from '../../../state/timeline.store';
import { useTimelineTracks } from './stage-timeline';

export interface DateTimeDialogProps {
  open: boolean;
  /** Where the fields start: the playhead when the dialog opened. */
  initialMs: number;
  onClose(): void;
  onPick(timeMs: number): void;
  /** The streams whose recorded days show; the stage timeline's cameras when absent. */
  /** The streams whose recorded days the picker marks: the timeline's when absent. */
  streams?: readonly StreamRef[];
}

export function DateTimeDialog(props: DateTimeDialogProps): ReactElement {
  const [withSeconds, setWithSeconds] = useState(false);
  const [fields, setFields] = useState(() => pickerFields(props.initialMs, false));
  const [touched, setTouched] = useState(false);
  const [days, setDays] = useState<RecordedDay[]>([]);
  const { open, initialMs } = props;
  const tracks = useTimelineTracks(undefined);
  const streams = distinctStreams(props.streams ?? tracks);
  // The effect runs again only when the set of streams changes, not on every new array.
  const streamKey = JSON.stringify(streams.map(({ streamId, server }) => [streamId, server ?? '']));
  useEffect(() => {
    if (!open) return;
    let current = true;
    const asked = (JSON.parse(streamKey) as Array<[string, string]>).map(([streamId, server]) => (server ? { streamId, server } : { streamId }));
    void loadRecordedDays(asked).then((loaded) => current && setDays(loaded));
    return () => {
      current = false;
    };
  }, [open, streamKey]);
  useEffect(() => {
    if (!open) return;
    setFields(pickerFields(initialMs, withSeconds));
    setTouched(false);
    // Only on opening: ticking seconds later keeps what the user typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, initialMs]);

  const today = pickerFields(Date.now(), false).date;
  const invalid = pickedTimeMs(fields, withSeconds, Date.now()) === null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const timeMs = pickedTimeMs(fields, withSeconds, Date.now());
    if (timeMs !== null) props.onPick(timeMs);
  };
  return (
    <AppDialog
      open={props.open}
      title={t('timeline.pickTime')}
      onClose={props.onClose}
      size="small"
      footer={
        <>
          <button type="button" className="btn" onClick={props.onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" form="date-time-form" className="btn btn-primary" disabled={touched && invalid}>
            {t('timeline.pickGo')}
          </button>
        </>
      }
    >
      <form id="date-time-form" className="date-time-form" onSubmit={submit} noValidate>
        <TextField
          type="date"
          label={t('timeline.pickDate')}
          value={fields.date}
          max={today}
          required
          onChange={(event) => setFields({ ...fields, date: event.target.value })}
        />
        <TextField
          type="time"
          label={t('timeline.pickClock')}
          value={fields.time}
          step={withSeconds ? 1 : 60}
          required
          onChange={(event) => setFields({ ...fields, time: event.target.value })}
          error={touched && invalid ? t('timeline.pickRequired') : undefined}
          hint={t('timeline.pickCapped')}
        />
        <CheckboxField
          label={t('timeline.pickSeconds')}
          checked={withSeconds}
          onChange={(event) => {
            const on = event.target.checked;
            setWithSeconds(on);
            // Keep the minute the user chose; add or drop the seconds field.
            const [hours = '00', minutes = '00', seconds = '00'] = fields.time.split(':');
            setFields({ ...fields, time: on ? `${hours}:${minutes}:${seconds}` : `${hours}:${minutes}` });
          }}
        />
        {days.length > 0 && (
          <fieldset className="recorded-days">
            <legend>{t('timeline.daysWithRecordings')}</legend>
            {days.map((day) => (
              <button
                key={day.date}
                type="button"
                className={`recorded-day${day.date === fields.date ? ' on' : ''}`}
                title={t('timeline.recordedMinutes', { date: day.date, minutes: day.minutes })}
                onClick={() => setFields({ ...fields, date: day.date })}
              >
                <span>{day.date.slice(5)}</span>
                <span className="recorded-day-bar" style={{ width: `${Math.max(4, Math.round(day.fullness * 100))}%` }} />
              </button>
            ))}
          </fieldset>
        )}
      </form>
    </AppDialog>
  );
}
