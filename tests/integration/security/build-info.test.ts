/**
 * Who built the recorder and on which machine is for signed-in users only:
 * the public client files (build-info.json, the bundles) do not carry the
 * build user and host, the version call gives them to a signed-in caller and
 * leaves them out for anyone else. Runs against a real recorder serving the
 * real client build.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VersionInfo } from '../../../server/shared/api';
import { call, signIn, startRecorder, type RecorderProcess } from '../helpers/recorder-process';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const clientDir = path.join(repoRoot, 'dist', 'client');
let recorder: RecorderProcess;
let token: string;

beforeAll(async () => {
  recorder = await startRecorder(); // builds the client when it is older than its sources
  token = await signIn(recorder.baseUrl, 'admin', 'secret');
});

afterAll(async () => {
  await recorder?.stop();
});

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

describe('build user and host', () => {
  it('are not in the public build-info.json nor in any served client file', async () => {
    const reply = await call<Record<string, unknown>>(recorder.baseUrl, 'GET', '/build-info.json');
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['date', 'hash']);
    // The host name may be short and common ('vm'), so look for it as the value of a user or host key.
    const value = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const fact = new RegExp(`\\b(host["']?\\s*:\\s*["'\`]${value(os.hostname())}|user["']?\\s*:\\s*["'\`]${value(os.userInfo().username)})["'\`]`);
    const leaking = filesUnder(clientDir).filter((file) => fact.test(fs.readFileSync(file, 'latin1')));
    expect(leaking).toEqual([]);
  });

  it('are given by the version call to a signed-in user only, with and without ?all=true', async () => {
    const origin = JSON.parse(fs.readFileSync(path.join(repoRoot, 'dist', 'client-build-origin.json'), 'utf8')) as {
      user: string;
      host: string;
    };
    expect(origin.host).toBe(os.hostname());
    for (const query of ['', '?all=true']) {
      const anonymous = await call<VersionInfo>(recorder.baseUrl, 'GET', `/service/version${query}`);
      expect(anonymous.status).toBe(200);
      expect(anonymous.body.buildInfo).not.toHaveProperty('user');
      expect(anonymous.body.buildInfo).not.toHaveProperty('host');
      expect(anonymous.body.buildInfo.hash).toBeTruthy();
      expect(JSON.stringify(anonymous.body)).not.toContain(origin.host);

      const signedIn = await call<VersionInfo>(recorder.baseUrl, 'GET', `/service/version${query}`, { token });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.buildInfo).toMatchObject({ user: origin.user, host: origin.host, hash: anonymous.body.buildInfo.hash });
    }
    // A forged token is treated like no token.
    const forged = await call<VersionInfo>(recorder.baseUrl, 'GET', '/service/version', { token: 'forged' });
    expect(forged.body.buildInfo).not.toHaveProperty('host');
  });
});
