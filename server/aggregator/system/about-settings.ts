/**
 * What the aggregator tells every client about itself that an administrator
 * may change (spec 7 GET, PATCH /service/about, /service/about/config,
 * /service/about/greeting): the sign-in greeting and the client config
 * (Force Orchid Proxy). Kept in the settings table, so it survives restarts
 * and is shared by aggregators on one PostgreSQL database at their next
 * start; held in memory because GET /service/about answers every page load.
 */
import type { AboutPatch, ClientConfig } from '../../shared/api';
import type { SettingsStore } from '../core/settings-store';

const GREETING = 'about.greeting';
const CONFIG = 'about.config';

export const DEFAULT_CLIENT_CONFIG: ClientConfig = { forceOrchidProxy: false };

/** A stored config as it reads now: known fields of the right type, defaults for the rest (an older or edited row). */
export function readClientConfig(stored: string | undefined): ClientConfig {
  let value: unknown;
  try {
    value = stored ? JSON.parse(stored) : {};
  } catch {
    value = {};
  }
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return { forceOrchidProxy: typeof record.forceOrchidProxy === 'boolean' ? record.forceOrchidProxy : DEFAULT_CLIENT_CONFIG.forceOrchidProxy };
}

/** A blank greeting is no greeting. */
export function normalizeGreeting(greeting: string | null | undefined): string | null {
  const trimmed = greeting?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

export class AboutSettings {
  private constructor(
    private readonly store: SettingsStore,
    private currentGreeting: string | null,
    private currentConfig: ClientConfig,
  ) {}

  static async load(store: SettingsStore): Promise<AboutSettings> {
    return new AboutSettings(store, normalizeGreeting(await store.get(GREETING)), readClientConfig(await store.get(CONFIG)));
  }

  get greeting(): string | null {
    return this.currentGreeting;
  }

  get config(): ClientConfig {
    return { ...this.currentConfig };
  }

  /** Applies what the patch names and leaves the rest; stored before it is answered. */
  async update(patch: AboutPatch): Promise<void> {
    if (patch.greeting !== undefined) {
      const greeting = normalizeGreeting(patch.greeting);
      await this.store.set(GREETING, greeting ?? '');
      this.currentGreeting = greeting;
    }
    if (patch.config !== undefined) {
      const config = { ...this.currentConfig, ...Object.fromEntries(Object.entries(patch.config).filter(([, value]) => value !== undefined)) };
      await this.store.set(CONFIG, JSON.stringify(config));
      this.currentConfig = config;
    }
  }
}
