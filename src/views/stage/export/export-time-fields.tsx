/**
 * One end of the export range: a local date and a time to the second, the
 * date-time dialog's fields (core/timeline picked-time) with seconds always
 * on, since a selection is cut to the second. Grouped under a legend so the
 * two ends' fields keep short labels (Date, Time) and stay distinct.
 */
import type { ReactElement } from 'react';
import { TextField } from '../../../components/ui/form-field';
import { t } from '../../../i18n/translate';
import type { PickedDateTime } from '../../../state/timeline.store';

export interface ExportTimeFieldsProps {
  legend: string;
  value: PickedDateTime;
  /** Today, 'yyyy-mm-dd': no later date can hold recordings. */
  maxDate: string;
  invalid: boolean;
  onChange(value: PickedDateTime): void;
}

export function ExportTimeFields({ legend, value, maxDate, invalid, onChange }: ExportTimeFieldsProps): ReactElement {
  return (
    <fieldset className="export-time">
      <legend className="export-time-legend">{legend}</legend>
      <TextField
        type="date"
        label={t('export.date')}
        value={value.date}
        max={maxDate}
        required
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange({ ...value, date: event.target.value })}
      />
      <TextField
        type="time"
        label={t('export.time')}
        value={value.time}
        step={1}
        required
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange({ ...value, time: event.target.value })}
      />
    </fieldset>
  );
}
