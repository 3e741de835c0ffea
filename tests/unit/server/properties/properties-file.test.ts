/** The properties file and its pending rollback on a real temporary folder (server/recorder/system/properties). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  confirmProperties,
  parseProperties,
  propertiesFile,
  readPending,
  readPropertiesFile,
  rollBackExpired,
  saveProperties,
  settlePendingAtStart,
} from '../../../../server/recorder/system/properties/properties-file';
import { configWithProperties, propertyFlags, propertyList } from '../../../../server/recorder/system/properties/property-config';
import { defaultConfig } from '../../../../server/recorder/core/config';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-properties-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('properties file', () => {
  it('reads name=value lines and skips comments and blank lines', () => {
    expect(parseProperties('# c\n\na=1\n b = 2 \nnovalue\n')).toEqual([
      { name: 'a', value: '1' },
      { name: 'b', value: '2' },
    ]);
  });

  it('keeps the previous file as the rollback until confirmed', () => {
    saveProperties(dir, [{ name: 'max-export-hours', value: '5' }], 1000);
    expect(readPending(dir)).toEqual({ previous: null, savedAtMs: 1000, deadlineMs: null });
    confirmProperties(dir);
    saveProperties(dir, [{ name: 'max-export-hours', value: '7' }], 2000);
    expect(readPending(dir)?.previous).toContain('max-export-hours=5');
    expect(readPropertiesFile(dir)).toEqual([{ name: 'max-export-hours', value: '7' }]);
  });

  it('arms the deadline at the first start, then rolls back once it has passed', () => {
    saveProperties(dir, [{ name: 'max-export-hours', value: '5' }], 0);
    confirmProperties(dir);
    saveProperties(dir, [{ name: 'max-export-hours', value: '9' }], 1000);
    const armed = settlePendingAtStart(dir, 2000, 8000);
    expect(armed).toMatchObject({ deadlineMs: 10_000 });
    expect(rollBackExpired(dir, 9999)).toBe(false);
    expect(rollBackExpired(dir, 10_000)).toBe(true);
    expect(readPropertiesFile(dir)).toEqual([{ name: 'max-export-hours', value: '5' }]);
    expect(readPending(dir)).toBeUndefined();
  });

  it('removes the file when there was none before the unconfirmed save', () => {
    saveProperties(dir, [{ name: 'max-export-hours', value: '5' }], 0);
    settlePendingAtStart(dir, 0, 10);
    expect(settlePendingAtStart(dir, 20, 10)).toBe('restored');
    expect(fs.existsSync(propertiesFile(dir))).toBe(false);
  });
});

describe('properties as configuration', () => {
  it('stored properties win over flags; custom and locked ones change nothing', () => {
    saveProperties(dir, [{ name: 'max-export-hours', value: '3' }, { name: 'my.note', value: 'x' }], 0);
    const config = configWithProperties(['--data-dir', dir, '--max-export-hours', '10'], {}, defaultConfig('/repo'));
    expect(config.maxExportHours).toBe(3);
    expect(propertyFlags([{ name: 'host', value: '1.2.3.4' }, { name: 'my.note', value: 'x' }])).toEqual([]);
    const list = propertyList(config, readPropertiesFile(dir));
    expect(list.find((p) => p.name === 'max-export-hours')).toMatchObject({ value: '3', active: true, custom: false });
    expect(list.find((p) => p.name === 'my.note')).toMatchObject({ value: 'x', active: true, custom: true });
    expect(list.find((p) => p.name === 'segment-seconds')).toMatchObject({ value: '60', active: false });
    expect(list.find((p) => p.name === 'data-dir')).toMatchObject({ value: dir, locked: true, infoOnly: true, showInput: false });
  });
});
