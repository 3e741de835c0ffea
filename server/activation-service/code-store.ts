/**
 * The activation service's codes: which exist, what license each grants,
 * which machine an activation code is bound to, which renewal codes were
 * used. One JSON file in the service's data folder, rewritten whole
 * (temporary file + rename, 0600) on every change: the service handles a
 * handful of activations, not a load, and a crash never leaves half a file.
 *
 * Seeds (from --codes-file or the `codes` option) add codes that are not
 * there yet and never reset a used one, so a restart with the same seed
 * file keeps every activation.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isActivationCode, isRenewalCode, normalizeCode, type CodeKind } from '../shared/activation-code';
import type { LicenseEdition } from '../shared/api/license';

export interface CodeSeed {
  code: string;
  /** Taken from the code's pattern when not given. */
  kind?: CodeKind;
  edition?: Exclude<LicenseEdition, 'trial'>;
  /** Activation: the camera limit; renewal: a new (upgraded) limit, or unchanged when not given. */
  cameras?: number;
  /** null: unlimited. Renewal: a new limit, or unchanged when not given. */
  retentionBytes?: number | null;
  /** Days of validity from activation (activation) or added to the expiry (renewal); null: no expiry. */
  validDays?: number | null;
}

export interface CodeRecord {
  kind: CodeKind;
  edition: Exclude<LicenseEdition, 'trial'>;
  cameras?: number;
  retentionBytes?: number | null;
  validDays: number | null;
  /** Activation codes once activated. */
  machineId?: string;
  location?: string | null;
  activatedMs?: number;
  expiresMs?: number | null;
  /** Renewal codes once used. */
  usedMs?: number;
}

export const DEFAULT_ACTIVATION = { edition: 'core' as const, cameras: 32, retentionBytes: null, validDays: 365 };

export class CodeStore {
  private readonly file: string;
  private codes: Record<string, CodeRecord>;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'codes.json');
    this.codes = fs.existsSync(this.file) ? (JSON.parse(fs.readFileSync(this.file, 'utf8')) as { codes: Record<string, CodeRecord> }).codes : {};
  }

  /** Adds the codes not already stored; throws on a code of neither pattern. */
  seed(seeds: readonly CodeSeed[]): void {
    for (const seed of seeds) {
      const code = normalizeCode(seed.code);
      const kind = seed.kind ?? (isActivationCode(code) ? 'activation' : isRenewalCode(code) ? 'renewal' : undefined);
      if (!kind) throw new Error(`'${seed.code}' is neither an activation code (XXXXX-XXXXX-XXXXX-XXXXX) nor a renewal code (XXXX-XXXX-XXXX-XXXX)`);
      if (this.codes[code]) continue;
      this.codes[code] =
        kind === 'activation'
          ? {
              kind,
              edition: seed.edition ?? DEFAULT_ACTIVATION.edition,
              cameras: seed.cameras ?? DEFAULT_ACTIVATION.cameras,
              retentionBytes: seed.retentionBytes === undefined ? DEFAULT_ACTIVATION.retentionBytes : seed.retentionBytes,
              validDays: seed.validDays === undefined ? DEFAULT_ACTIVATION.validDays : seed.validDays,
            }
          : {
              kind,
              edition: seed.edition ?? DEFAULT_ACTIVATION.edition,
              ...(seed.cameras !== undefined ? { cameras: seed.cameras } : {}),
              ...(seed.retentionBytes !== undefined ? { retentionBytes: seed.retentionBytes } : {}),
              validDays: seed.validDays === undefined ? DEFAULT_ACTIVATION.validDays : seed.validDays,
            };
    }
    this.save();
  }

  get(code: string): CodeRecord | undefined {
    return this.codes[normalizeCode(code)];
  }

  update(code: string, record: CodeRecord): void {
    this.codes[normalizeCode(code)] = record;
    this.save();
  }

  private save(): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify({ codes: this.codes }, null, 2), { mode: 0o600 });
    fs.renameSync(temporary, this.file);
  }
}

/** Reads a seed file: a JSON array of CodeSeed (or of plain code strings). */
export function readCodesFile(file: string): CodeSeed[] {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(parsed)) throw new Error(`${file}: expected a JSON array of codes`);
  return parsed.map((entry) => (typeof entry === 'string' ? { code: entry } : (entry as CodeSeed)));
}
