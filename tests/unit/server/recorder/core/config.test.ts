import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultConfig, parseConfig } from '../../../../../server/recorder/core/config';

const defaults = defaultConfig('/repo');

describe('recorder configuration', () => {
  it('uses the spec defaults: HTTP 80, RTSP 554 on Linux, 4 demo cameras', () => {
    const config = parseConfig([], {}, defaults);
    expect(config.httpPort).toBe(80);
    expect(config.rtspPort).toBe(process.platform === 'win32' ? 8554 : 554);
    expect(config.demoCameras).toBe(4);
    expect(config.adminPassword).toBeUndefined();
  });

  it('reads flags, --flag=value and environment variables, flags winning', () => {
    const config = parseConfig(
      ['--http-port', '8080', '--rtsp-port=8554', '--data-dir', '/tmp/x', '--admin-password', 'secret'],
      { ARGUS_HTTP_PORT: '9000', ARGUS_DEMO_CAMERAS: '0' },
      defaults,
    );
    expect(config).toMatchObject({ httpPort: 8080, rtspPort: 8554, dataDir: '/tmp/x', adminPassword: 'secret', demoCameras: 0 });
  });

  it('keeps the master key in <data-dir>/secrets unless --secrets-dir puts it elsewhere', () => {
    expect(parseConfig(['--data-dir', '/tmp/x'], {}, defaults).secretsDir).toBe('/tmp/x/secrets');
    expect(parseConfig(['--data-dir', '/tmp/x', '--secrets-dir', '/etc/argus'], {}, defaults).secretsDir).toBe('/etc/argus');
    expect(parseConfig([], { ARGUS_SECRETS_DIR: '/run/keys' }, defaults).secretsDir).toBe('/run/keys');
  });

  it('refuses unknown options, missing values, bad numbers and short admin passwords', () => {
    expect(() => parseConfig(['--nope'], {}, defaults)).toThrow(ConfigError);
    expect(() => parseConfig(['--http-port'], {}, defaults)).toThrow(/needs a value/);
    expect(() => parseConfig(['--http-port', 'eighty'], {}, defaults)).toThrow(/whole number/);
    expect(() => parseConfig(['--http-port', '70000'], {}, defaults)).toThrow(/out of range/);
    expect(() => parseConfig(['--admin-password', 'abc'], {}, defaults)).toThrow(/at least 4/);
  });

  it('reads the admin password from a file named by flag or variable, without the trailing newline', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-config-'));
    try {
      const file = path.join(dir, 'admin-password');
      fs.writeFileSync(file, 'from file\n');
      expect(parseConfig(['--admin-password-file', file], {}, defaults).adminPassword).toBe('from file');
      expect(parseConfig([], { ARGUS_ADMIN_PASSWORD_FILE: file }, defaults).adminPassword).toBe('from file');
      // The flag wins over the variable, as for every option.
      expect(parseConfig(['--admin-password-file', file], { ARGUS_ADMIN_PASSWORD: 'from env' }, defaults).adminPassword).toBe('from file');
      fs.writeFileSync(file, 'abc\r\n');
      expect(() => parseConfig(['--admin-password-file', file], {}, defaults)).toThrow(/at least 4/);
      const missing = path.join(dir, 'missing');
      expect(() => parseConfig(['--admin-password-file', missing], {}, defaults)).toThrow(`--admin-password-file: cannot read '${missing}' (ENOENT)`);
      expect(() => parseConfig([], { ARGUS_ADMIN_PASSWORD_FILE: dir }, defaults)).toThrow(/ARGUS_ADMIN_PASSWORD_FILE: cannot read .* \(EISDIR\)/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads embed origins as a comma-separated list of exact origins and refuses anything else', () => {
    expect(parseConfig([], {}, defaults).embedOrigins).toEqual([]);
    expect(parseConfig(['--embed-origins', 'https://intranet.example, http://10.0.0.5:8080/'], {}, defaults).embedOrigins).toEqual([
      'https://intranet.example',
      'http://10.0.0.5:8080',
    ]);
    expect(parseConfig([], { ARGUS_EMBED_ORIGINS: 'https://a.example' }, defaults).embedOrigins).toEqual(['https://a.example']);
    for (const bad of ['*', 'intranet.example', 'https://a.example/page', "https://a.example 'unsafe-inline'", 'ftp://a.example', 'https://a.example;script-src *']) {
      expect(() => parseConfig(['--embed-origins', bad], {}, defaults), bad).toThrow(/is not an origin/);
    }
  });
});
