/**
 * The presets pane's rules (spec 3, 5, 6, 9): how a preset is named on
 * screen ('Preset' plus token when blank) and ordered (by that name, as the
 * recorder orders them: natural order, case-insensitive, then token), how
 * many a camera holds (the recorder's answer, else the camera's maxPresets
 * capability, else 10), how long the preset-moving flag holds after a
 * go-to, and the name check of the new and rename dialogs.
 *
 * The name rule itself is the shared one (server/shared/validation.ts), so
 * the dialog and the recorder can never disagree on it. Pure.
 */
import type { PtzPreset } from '../../../server/shared/api';
import { DEFAULT_MAX_PRESETS, validatePresetName } from '../../../server/shared/validation';

/** Spec 9: the preset-moving flag stays up this long after a go-to answered. */
export const PRESET_MOVING_MS = 1000;

export interface ListedPreset extends PtzPreset {
  /** The name shown: the preset's own, or the blank-name label. */
  label: string;
}

/** The name shown for a preset; `blankLabel` words the 'Preset <token>' fallback (translated by the caller). */
export function presetLabel(preset: PtzPreset, blankLabel: (token: string) => string): string {
  return preset.name.trim().length > 0 ? preset.name : blankLabel(preset.token);
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** The presets as listed: labelled and sorted by label, then token. */
export function listPresets(presets: readonly PtzPreset[], blankLabel: (token: string) => string): ListedPreset[] {
  return presets
    .map((preset) => ({ token: preset.token, name: preset.name, label: presetLabel(preset, blankLabel) }))
    .sort((a, b) => collator.compare(a.label, b.label) || a.token.localeCompare(b.token));
}

/** How many presets the camera holds: the first positive whole number of the recorder's answer and the capability, else 10. */
export function presetLimit(reported: number | undefined, capability: number | undefined): number {
  for (const value of [reported, capability]) {
    if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  }
  return DEFAULT_MAX_PRESETS;
}

export function roomForPreset(count: number, limit: number): boolean {
  return count < limit;
}

/**
 * The name typed in the new or rename dialog, trimmed (the recorder trims
 * too), and its problem if any.
 *
 * Spec 5 reads two ways: a preset name is required ('Preset name is
 * required.') in one part of the product, while another allows an empty
 * name (shown as 'Preset' plus token). Here both hold, each where it fits:
 * the dialogs, where a person names a preset, require a name, so every
 * preset made here can be told apart; the API and the list accept and show
 * blank names (a camera's own presets, or another client's), as 'Preset'
 * plus token.
 */
export function checkPresetNameInput(raw: string): { name: string; problem: string | undefined } {
  const name = raw.trim();
  return { name, problem: validatePresetName(name, true) };
}

/**
 * The preset-moving flag (spec 9): up from the go-to until PRESET_MOVING_MS
 * after the recorder answered it, since a camera is still on its way when
 * the request returns. A failed go-to drops it at once (spec 8: the
 * pending command is cancelled); a newer go-to takes it over.
 */
export class PresetMovingFlag<T> {
  private ticket = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly onChange: (moving: T | null) => void,
    private readonly holdMs = PRESET_MOVING_MS,
  ) {}

  /** A go-to starts; tell the answer to the handle. */
  start(target: T): { answered(): void; failed(): void } {
    const ticket = ++this.ticket;
    clearTimeout(this.timer);
    this.onChange(target);
    return {
      answered: () => {
        if (ticket !== this.ticket) return;
        this.timer = setTimeout(() => {
          if (ticket === this.ticket) this.onChange(null);
        }, this.holdMs);
      },
      failed: () => {
        if (ticket !== this.ticket) return;
        this.ticket++;
        clearTimeout(this.timer);
        this.onChange(null);
      },
    };
  }

  /** Nothing more is told (the pane closed). */
  dispose(): void {
    this.ticket++;
    clearTimeout(this.timer);
  }
}
