/**
 * Command-line flags and environment variables, the way both servers take
 * their options: each option is a flag and a variable, the flag wins, and a
 * secret can come from a file (read once here, so it never shows in `ps`).
 * Each server lists its own options and checks their ranges after this.
 */
import fs from 'node:fs';

export class ConfigError extends Error {}

export interface OptionSpec<C> {
  flag: string;
  env: string;
  /**
   * 'file': the value names a file whose contents (trailing newlines trimmed) are the option's value.
   * 'origins': a comma-separated list of web origins.
   * 'signed-int': a whole number that may be negative (a clock offset); the server checks its range.
   */
  kind: 'int' | 'signed-int' | 'string' | 'file' | 'origins';
  key: keyof C;
}

export function optionHelp<C>(options: ReadonlyArray<OptionSpec<C>>): string {
  return options.map((o) => `${o.flag} (${o.env})`).join('\n');
}

/** `defaults` with the environment's values, then the flags', applied; throws ConfigError for an unknown flag or a bad value. */
export function readOptions<C extends object>(argv: string[], env: NodeJS.ProcessEnv, defaults: C, options: ReadonlyArray<OptionSpec<C>>): C {
  const config: C = { ...defaults };
  const target = config as Record<keyof C, unknown>;
  const set = (spec: OptionSpec<C>, raw: string, source: string) => {
    if (spec.kind === 'int') {
      const value = Number(raw);
      if (!Number.isInteger(value) || value < 0 || value > 65535 * 1000) {
        throw new ConfigError(`${source} must be a whole number, got '${raw}'`);
      }
      target[spec.key] = value;
    } else if (spec.kind === 'signed-int') {
      const value = Number(raw);
      if (!/^[+-]?\d+$/.test(raw.trim()) || !Number.isSafeInteger(value)) throw new ConfigError(`${source} must be a whole number (may be negative), got '${raw}'`);
      target[spec.key] = value;
    } else if (spec.kind === 'origins') {
      target[spec.key] = parseOrigins(raw, source);
    } else if (spec.kind === 'file') {
      target[spec.key] = readSecretFile(raw, source);
    } else {
      target[spec.key] = raw;
    }
  };
  for (const spec of options) {
    const raw = env[spec.env];
    if (raw !== undefined && raw !== '') set(spec, raw, spec.env);
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const spec = options.find((o) => o.flag === name);
    if (!spec) throw new ConfigError(`Unknown option '${arg}'. Options:\n${optionHelp(options)}`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new ConfigError(`${name} needs a value`);
    set(spec, value, name);
  }
  return config;
}

/** The contents of a secret file without its trailing newline(s), as `echo secret > file` writes it. */
function readSecretFile(file: string, source: string): string {
  try {
    return fs.readFileSync(file, 'utf8').replace(/[\r\n]+$/, '');
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ConfigError(`${source}: cannot read '${file}' (${why})`);
  }
}

/**
 * 'https://a.example, http://b.example:8080' as exact origins. Anything else
 * (a path, a wildcard, a quote) is refused: the list goes into the
 * Content-Security-Policy header as it is.
 */
function parseOrigins(raw: string, source: string): string[] {
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      let url: URL | undefined;
      try {
        url = new URL(item);
      } catch {
        url = undefined;
      }
      const origin = url && (url.protocol === 'http:' || url.protocol === 'https:') ? url.origin : undefined;
      if (!origin || (item !== origin && item !== `${origin}/`)) {
        throw new ConfigError(`${source}: '${item}' is not an origin like https://intranet.example or http://10.0.0.5:8080`);
      }
      return origin;
    });
}
