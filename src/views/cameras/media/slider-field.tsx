/**
 * A labelled slider with a number box beside it, for the dialogs' ranged
 * settings (brush size, dewarp depth, pan, tilt, zoom, aspect ratio, shift):
 * the slider for quick moves and touch, the box for exact values. Both carry
 * the label, so either is found by its name. The box accepts any text while
 * typing; `onChange` hears numbers only, already within the range.
 */
import { useId, type ReactElement } from 'react';

export interface SliderFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  disabled?: boolean;
  onChange(value: number): void;
  testId?: string;
}

export function SliderField({ label, value, min, max, step, disabled, onChange, testId }: SliderFieldProps): ReactElement {
  const id = useId();
  const emit = (text: string) => {
    const next = Number(text);
    if (text.trim() === '' || !Number.isFinite(next)) return;
    onChange(Math.min(max, Math.max(min, next)));
  };
  return (
    <div className="slider-field" data-testid={testId}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="range" min={min} max={max} step={step} value={value} disabled={disabled} onChange={(e) => emit(e.target.value)} />
      <input
        className="input"
        type="number"
        aria-label={label}
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        onChange={(e) => emit(e.target.value)}
      />
    </div>
  );
}
