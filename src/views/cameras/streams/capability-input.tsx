/**
 * One stream setting's input, generated from its capability (spec 3 types):
 * text for string and ip_address, a number box with min/max for int and
 * float, a list for enum, a checkbox for bool. The value is made to fit the
 * capability by the form (core/cameras/stream-form.ts) when it changes; a
 * number box reports on blur and Enter so typing '1' on the way to '15' is
 * not clamped midway.
 */
import { useEffect, useState, type ReactElement } from 'react';
import type { Capability } from '../../../../server/shared/api';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/form-field';
import { effectiveRange, type CapabilityValue } from '../../../../server/shared/stream-capabilities';
import { t } from '../../../i18n/translate';

export interface CapabilityInputProps {
  name: string;
  label: string;
  capability: Capability;
  value: CapabilityValue | undefined;
  disabled?: boolean;
  hint?: string;
  onChange: (value: CapabilityValue) => void;
}

function NumberInput({ name, label, capability, value, disabled, hint, onChange }: CapabilityInputProps & { capability: Extract<Capability, { type: 'int' | 'float' }> }): ReactElement {
  const { min, max } = effectiveRange(name, capability);
  const [draft, setDraft] = useState(value === undefined ? '' : String(value));
  // Bumped on every commit, so the box shows the fitted value even when fitting gave the value it had (500 clamped back to 25).
  const [commits, setCommits] = useState(0);
  useEffect(() => setDraft(value === undefined ? '' : String(value)), [value, commits]);
  const commit = () => {
    if (draft.trim() === '' && value === undefined) return;
    if (draft !== String(value)) onChange(draft);
    setCommits((count) => count + 1);
  };
  return (
    <TextField
      label={label}
      type="number"
      inputMode={capability.type === 'int' ? 'numeric' : 'decimal'}
      min={min}
      max={max}
      step={capability.type === 'int' ? 1 : 'any'}
      value={draft}
      placeholder={value === undefined ? t('streams.dialog.unset') : undefined}
      disabled={disabled}
      data-setting={name}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
      hint={hint ?? (name === 'BitRate' && min === 0 ? t('streams.dialog.bitRateRange', { max }) : t('streams.dialog.range', { min, max }))}
    />
  );
}

export function CapabilityInput(props: CapabilityInputProps): ReactElement {
  const { name, label, capability, value, disabled, hint, onChange } = props;
  switch (capability.type) {
    case 'int':
    case 'float':
      return <NumberInput {...props} capability={capability} />;
    case 'enum': {
      const options = capability.options.map((option) => ({ value: option, label: option }));
      const shown = value === undefined ? '' : String(value);
      return (
        <SelectField
          label={label}
          value={shown}
          disabled={disabled}
          data-setting={name}
          hint={hint}
          options={shown === '' ? [{ value: '', label: t('streams.dialog.unset') }, ...options] : options}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    }
    case 'bool':
      return <CheckboxField label={label} checked={value === true} disabled={disabled} data-setting={name} onChange={(event) => onChange(event.target.checked)} />;
    case 'string':
    case 'ip_address':
      return (
        <TextField
          label={label}
          value={value === undefined ? '' : String(value)}
          disabled={disabled}
          spellCheck={false}
          autoComplete="off"
          inputMode={capability.type === 'ip_address' ? 'decimal' : undefined}
          data-setting={name}
          hint={hint}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}
