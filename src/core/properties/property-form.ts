/**
 * The property editor's form (spec 2, 4, 5): rows from the recorder's list,
 * the spec 5 rules per row (shared with the recorder: server/shared/
 * properties.ts), dirtiness, which rows are sent, and the name
 * search. Pure; cheap for the tens of rows a recorder has.
 */
import type { SentProperty, ServerProperty } from '../../../server/shared/api';
import { nameProblem, valueProblem } from '../../../server/shared/properties';

export type PropertyRow = ServerProperty;

export interface RowProblems {
  name?: string;
  value?: string;
}

export type PropertyKind = 'custom' | 'locked' | 'normal';

export function propertyKind(row: PropertyRow): PropertyKind {
  if (row.custom) return 'custom';
  return row.locked ? 'locked' : 'normal';
}

let nextId = 0;

/** A new custom row: active, empty, with an id unlike any the recorder gives. */
export function newCustomRow(): PropertyRow {
  nextId += 1;
  return { id: `new:${nextId}`, name: '', value: '', description: '', active: true, locked: false, custom: true, infoOnly: false, showInput: true };
}

/** The problems of each row, by id; rows without problems are absent. Locked rows cannot change, so are not checked. */
export function rowProblems(rows: readonly PropertyRow[]): Map<string, RowProblems> {
  const problems = new Map<string, RowProblems>();
  rows.forEach((row, index) => {
    if (row.locked) return;
    const name = row.name.trim();
    const others = rows.filter((_, i) => i !== index).map((other) => other.name.trim());
    const nameIssue = row.custom ? nameProblem(name, others, row.active) : undefined;
    const valueIssue = valueProblem(name, row.value.trim(), row.active);
    if (nameIssue || valueIssue) problems.set(row.id, { ...(nameIssue ? { name: nameIssue } : {}), ...(valueIssue ? { value: valueIssue } : {}) });
  });
  return problems;
}

function sameRow(a: PropertyRow, b: PropertyRow): boolean {
  return a.name === b.name && a.value === b.value && a.active === b.active;
}

export function isDirty(rows: readonly PropertyRow[], loaded: readonly PropertyRow[]): boolean {
  if (rows.length !== loaded.length) return true;
  return rows.some((row, index) => !sameRow(row, loaded[index]!));
}

/**
 * What Save sends (spec 2): an active row with a non-empty value (and a
 * non-empty name when custom), or a locked row that is not info-only;
 * names and values trimmed (spec 4).
 */
export function propertiesToSend(rows: readonly PropertyRow[]): SentProperty[] {
  return rows
    .filter((row) => (row.locked ? !row.infoOnly : row.active && row.value.trim() !== '' && (!row.custom || row.name.trim() !== '')))
    .map((row) => ({ name: row.name.trim(), value: row.value.trim() }));
}

/** Rows the operator changed that now have no value: Save asks before dropping them (spec 5). */
export function editedWithoutValue(rows: readonly PropertyRow[], loaded: readonly PropertyRow[]): PropertyRow[] {
  return rows.filter((row) => {
    const before = loaded.find((l) => l.id === row.id);
    return before !== undefined && !sameRow(row, before) && row.value.trim() === '';
  });
}

/** Names of rows containing `query` (the name search's suggestions), without repeats. */
export function nameSuggestions(rows: readonly PropertyRow[], query: string): string[] {
  const wanted = query.trim().toLowerCase();
  const names = rows.map((row) => row.name.trim()).filter((name) => name !== '' && name.toLowerCase().includes(wanted));
  return [...new Set(names)];
}

/** The rows the name search shows: all for an empty query; a new custom row (no name yet) always. */
export function rowsMatching(rows: readonly PropertyRow[], query: string): PropertyRow[] {
  const wanted = query.trim().toLowerCase();
  if (wanted === '') return [...rows];
  return rows.filter((row) => row.name.trim() === '' || row.name.toLowerCase().includes(wanted));
}
