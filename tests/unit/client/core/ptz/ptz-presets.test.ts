import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../../../server/shared/validation';
import { checkPresetNameInput, listPresets, presetLabel, presetLimit, PresetMovingFlag, PRESET_MOVING_MS, roomForPreset } from '../../../../../src/core/ptz/ptz-presets';

const blank = (token: string) => `Preset ${token}`;

describe('preset names on screen', () => {
  it("shows a blank name as 'Preset' plus token", () => {
    expect(presetLabel({ token: '7', name: '' }, blank)).toBe('Preset 7');
    expect(presetLabel({ token: '7', name: '   ' }, blank)).toBe('Preset 7');
    expect(presetLabel({ token: '7', name: 'Gate' }, blank)).toBe('Gate');
  });

  it('lists presets sorted by name: natural order, any case, blank ones by their label, then token', () => {
    const listed = listPresets(
      [
        { token: '1', name: 'gate' },
        { token: '2', name: 'Door 10' },
        { token: '3', name: '' },
        { token: '4', name: 'Door 2' },
        { token: '5', name: 'Alley' },
        { token: '6', name: 'Gate' },
      ],
      blank,
    );
    expect(listed.map((preset) => preset.label)).toEqual(['Alley', 'Door 2', 'Door 10', 'gate', 'Gate', 'Preset 3']);
    expect(listed.map((preset) => preset.token)).toEqual(['5', '4', '2', '1', '6', '3']);
  });
});

describe('preset limit', () => {
  it("takes the recorder's answer, else the camera's maxPresets, else 10", () => {
    expect(presetLimit(4, 8)).toBe(4);
    expect(presetLimit(undefined, 8)).toBe(8);
    expect(presetLimit(0, 0)).toBe(10);
    expect(presetLimit(undefined, undefined)).toBe(10);
    expect(presetLimit(2.5, undefined)).toBe(10);
  });

  it('has room below the limit only (new is disabled at it)', () => {
    expect(roomForPreset(9, 10)).toBe(true);
    expect(roomForPreset(10, 10)).toBe(false);
    expect(roomForPreset(11, 10)).toBe(false);
  });

});

describe('preset name in the dialogs', () => {
  it('requires a name, with the shared message', () => {
    expect(checkPresetNameInput('')).toEqual({ name: '', problem: MESSAGES.presetNameRequired });
    expect(checkPresetNameInput('   ').problem).toBe(MESSAGES.presetNameRequired);
  });

  it("allows at most 32 characters: 'Preset name must be 32 characters or fewer.'", () => {
    expect(checkPresetNameInput('a'.repeat(32)).problem).toBeUndefined();
    expect(checkPresetNameInput('a'.repeat(33)).problem).toBe('Preset name must be 32 characters or fewer.');
  });

  it('allows letters, digits and spaces only, and trims as the recorder does', () => {
    expect(checkPresetNameInput('  Gate 2  ')).toEqual({ name: 'Gate 2', problem: undefined });
    expect(checkPresetNameInput(`${'b'.repeat(32)}  `).problem).toBeUndefined();
    for (const bad of ['Gate-2', '<b>', 'Tor ß', 'a_b']) expect(checkPresetNameInput(bad).problem).toBe(MESSAGES.presetNameInvalid);
  });
});

describe('preset-moving flag', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function flag() {
    vi.useFakeTimers();
    const seen: Array<string | null> = [];
    return { seen, flag: new PresetMovingFlag<string>((moving) => seen.push(moving)) };
  }

  it('is up from the go-to until 1 s after the recorder answered (spec 9)', () => {
    const { seen, flag: moving } = flag();
    expect(PRESET_MOVING_MS).toBe(1000);
    const going = moving.start('Gate');
    expect(seen).toEqual(['Gate']);
    vi.advanceTimersByTime(5000); // however long the request takes
    expect(seen).toEqual(['Gate']);
    going.answered();
    vi.advanceTimersByTime(999);
    expect(seen).toEqual(['Gate']);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['Gate', null]);
  });

  it('drops at once when the go-to failed (the pending command is cancelled)', () => {
    const { seen, flag: moving } = flag();
    moving.start('Gate').failed();
    expect(seen).toEqual(['Gate', null]);
    vi.advanceTimersByTime(2000);
    expect(seen).toEqual(['Gate', null]);
  });

  it('a newer go-to takes the flag over: the older one neither lowers it nor fails it', () => {
    const { seen, flag: moving } = flag();
    const first = moving.start('Gate');
    first.answered();
    vi.advanceTimersByTime(500);
    const second = moving.start('Door');
    vi.advanceTimersByTime(600); // the first one's second is over
    first.failed();
    expect(seen).toEqual(['Gate', 'Door']);
    second.answered();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual(['Gate', 'Door', null]);
  });

  it('tells nothing after the pane closed', () => {
    const { seen, flag: moving } = flag();
    const going = moving.start('Gate');
    moving.dispose();
    going.answered();
    vi.advanceTimersByTime(2000);
    going.failed();
    expect(seen).toEqual(['Gate']);
  });
});
