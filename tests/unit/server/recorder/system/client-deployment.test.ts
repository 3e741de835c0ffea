/**
 * The served-client store (server/recorder/system/client-deployment.ts) on
 * real folders and links: the served root follows each install and
 * rollback, an uploaded client stays served across a restart, a link to the
 * shipped client follows the shipped folder, and only the current and
 * previous uploads (no leftovers of interrupted installs) are kept.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClientDeployment } from '../../../../../server/recorder/system/client-deployment';

let dir: string;
let shipped: string;
let store: string;

const index = (text: string) => [{ path: 'index.html', data: Buffer.from(text) }];
const served = (deployment: ClientDeployment) => fs.readFileSync(path.join(deployment.servedRoot, 'index.html'), 'utf8');

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-client-store-'));
  shipped = path.join(dir, 'shipped');
  store = path.join(dir, 'data', 'client');
  fs.mkdirSync(shipped);
  fs.writeFileSync(path.join(shipped, 'index.html'), 'shipped');
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('client deployment', () => {
  it('serves the shipped client until an upload, then the upload; rollback goes back and can be undone', async () => {
    const deployment = new ClientDeployment(shipped, store);
    deployment.init();
    expect(served(deployment)).toBe('shipped');
    expect(deployment.state()).toEqual({ current: 'shipped', previous: null });
    await expect(deployment.rollback()).rejects.toMatchObject({ status: 409, code: 'no-previous-client' });

    const installed = await deployment.install(index('two'));
    expect(served(deployment)).toBe('two');
    expect(installed.previous).toBe('shipped');
    expect((fs.statSync(path.join(deployment.servedRoot, 'index.html')).mode & 0o777).toString(8)).toBe('600');

    await deployment.rollback();
    expect(served(deployment)).toBe('shipped');
    await deployment.rollback();
    expect(served(deployment)).toBe('two');
  });

  it('keeps an uploaded client across a restart, and only the current and previous uploads', async () => {
    const first = new ClientDeployment(shipped, store);
    first.init();
    await first.install(index('two'));
    await first.install(index('three'));
    const last = await first.install(index('four'));
    expect(fs.readdirSync(path.join(store, 'versions')).sort()).toEqual([last.current, last.previous].sort());

    fs.mkdirSync(path.join(store, 'versions', '.incoming-1-deadbeef'));
    const restarted = new ClientDeployment(shipped, store);
    restarted.init();
    expect(served(restarted)).toBe('four');
    expect(restarted.state()).toEqual(last);
    expect(fs.readdirSync(path.join(store, 'versions')).sort()).toEqual([last.current, last.previous].sort());
  });

  it('follows a moved shipped folder at start when no upload is served', () => {
    new ClientDeployment(shipped, store).init();
    const moved = path.join(dir, 'shipped-2');
    fs.mkdirSync(moved);
    fs.writeFileSync(path.join(moved, 'index.html'), 'moved');
    const restarted = new ClientDeployment(moved, store);
    restarted.init();
    expect(served(restarted)).toBe('moved');
  });
});
