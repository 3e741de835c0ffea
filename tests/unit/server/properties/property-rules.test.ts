/** The spec 5 property rules shared by the editor and the recorder (server/shared/properties.ts). */
import { describe, expect, it } from 'vitest';
import { nameProblem, PROPERTY_MESSAGES, propertyListProblem, valueProblem } from '../../../../server/shared/properties';

describe('property name rules', () => {
  it('refuses whitespace, a colon or an equals sign', () => {
    for (const name of ['a b', 'a:b', 'a=b', 'tab\there']) expect(nameProblem(name, [], true)).toBe(PROPERTY_MESSAGES.badName);
    expect(nameProblem('good.name-1', [], true)).toBeUndefined();
  });
  it('refuses a name another property has', () => {
    expect(nameProblem('http-port', ['http-port', 'x'], false)).toBe(PROPERTY_MESSAGES.duplicateName);
  });
  it('needs a name only when active', () => {
    expect(nameProblem('', [], true)).toBe(PROPERTY_MESSAGES.noName);
    expect(nameProblem('', [], false)).toBeUndefined();
  });
});

describe('property value rules', () => {
  it('needs a value only when active and refuses whitespace', () => {
    expect(valueProblem('x', '', true)).toBe(PROPERTY_MESSAGES.noValue);
    expect(valueProblem('x', '', false)).toBeUndefined();
    expect(valueProblem('x', 'a b', false)).toBe(PROPERTY_MESSAGES.badValue);
  });
  it("applies the catalogue's character pattern only when active", () => {
    expect(valueProblem('http-port', 'eighty', true)).toBe(PROPERTY_MESSAGES.pattern('http-port'));
    expect(valueProblem('http-port', 'eighty', false)).toBeUndefined();
    expect(valueProblem('http-port', '8080', true)).toBeUndefined();
  });
});

describe('a sent list', () => {
  const current = (name: string) => ({ host: '0.0.0.0', 'data-dir': '/data' })[name];
  it('accepts catalogue and custom properties, and a locked one sent unchanged', () => {
    expect(propertyListProblem([{ name: 'max-export-hours', value: '12' }, { name: 'my.note', value: 'x' }, { name: 'host', value: '0.0.0.0' }], current)).toBeUndefined();
  });
  it('names the property and the rule it breaks', () => {
    expect(propertyListProblem([{ name: 'a', value: '1' }, { name: 'a', value: '2' }], current)).toBe(`a: ${PROPERTY_MESSAGES.duplicateName}`);
    expect(propertyListProblem([{ name: 'x', value: '' }], current)).toBe(`x: ${PROPERTY_MESSAGES.noValue}`);
    expect(propertyListProblem([{ name: '', value: '1' }], current)).toBe(PROPERTY_MESSAGES.noName);
  });
  it('refuses a changed locked property and any info-only one', () => {
    expect(propertyListProblem([{ name: 'host', value: '127.0.0.1' }], current)).toBe(`host: ${PROPERTY_MESSAGES.locked}`);
    expect(propertyListProblem([{ name: 'data-dir', value: '/data' }], current)).toBe(`data-dir: ${PROPERTY_MESSAGES.locked}`);
  });
});
