/** The property editor's pure form rules (src/core/properties/property-form.ts). */
import { describe, expect, it } from 'vitest';
import type { ServerProperty } from '../../../../../server/shared/api';
import { PROPERTY_MESSAGES } from '../../../../../server/shared/properties';
import {
  editedWithoutValue,
  isDirty,
  nameSuggestions,
  newCustomRow,
  propertiesToSend,
  propertyKind,
  rowProblems,
  rowsMatching,
} from '../../../../../src/core/properties/property-form';

const row = (patch: Partial<ServerProperty>): ServerProperty => ({
  id: patch.name ?? 'x',
  name: 'x',
  value: '',
  description: '',
  active: false,
  locked: false,
  custom: false,
  infoOnly: false,
  showInput: true,
  ...patch,
});

const loaded = [
  row({ name: 'http-port', value: '8080' }),
  row({ name: 'max-export-hours', value: '6', active: true }),
  row({ name: 'host', value: '0.0.0.0', locked: true, active: true }),
  row({ name: 'data-dir', value: '/d', locked: true, infoOnly: true, active: true, showInput: false }),
  row({ id: 'custom:note', name: 'note', value: 'lobby', active: true, custom: true }),
];

describe('property form', () => {
  it('tells the three kinds apart', () => {
    expect(loaded.map(propertyKind)).toEqual(['normal', 'normal', 'locked', 'locked', 'custom']);
  });

  it('sends active rows with values, and locked rows that are not info-only, trimmed', () => {
    const rows = [...loaded, { ...newCustomRow(), name: ' extra ', value: ' 1 ' }, newCustomRow()];
    expect(propertiesToSend(rows)).toEqual([
      { name: 'max-export-hours', value: '6' },
      { name: 'host', value: '0.0.0.0' },
      { name: 'note', value: 'lobby' },
      { name: 'extra', value: '1' },
    ]);
  });

  it('applies the spec 5 rules per row', () => {
    const fresh = { ...newCustomRow(), name: 'note' };
    const problems = rowProblems([...loaded, fresh, { ...newCustomRow(), name: 'a=b', value: 'x y' }]);
    expect(problems.get(fresh.id)).toEqual({ name: PROPERTY_MESSAGES.duplicateName, value: PROPERTY_MESSAGES.noValue });
    expect([...problems.values()].at(-1)).toEqual({ name: PROPERTY_MESSAGES.badName, value: PROPERTY_MESSAGES.badValue });
    expect(rowProblems(loaded).size).toBe(0);
    // The format applies only when active.
    expect(rowProblems([row({ name: 'http-port', value: 'abc' })]).size).toBe(0);
    expect(rowProblems([row({ name: 'http-port', value: 'abc', active: true })]).get('http-port')?.value).toBe(PROPERTY_MESSAGES.pattern('http-port'));
  });

  it('is dirty after an edit or an added row, and lists edited rows left without a value', () => {
    expect(isDirty(loaded, loaded)).toBe(false);
    const edited = loaded.map((r) => (r.name === 'note' ? { ...r, value: '', active: false } : r));
    expect(isDirty(edited, loaded)).toBe(true);
    expect(editedWithoutValue(edited, loaded).map((r) => r.name)).toEqual(['note']);
    expect(isDirty([...loaded, newCustomRow()], loaded)).toBe(true);
  });

  it('searches names', () => {
    expect(nameSuggestions(loaded, 'port')).toEqual(['http-port', 'max-export-hours']);
    expect(rowsMatching([...loaded, newCustomRow()], 'HOURS').map((r) => r.name)).toEqual(['max-export-hours', '']);
    expect(rowsMatching(loaded, '')).toHaveLength(loaded.length);
  });
});
