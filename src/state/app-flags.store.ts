/** The advanced flags of this browser (core/settings/app-flags.ts), kept in localStorage when it works. */
import { proxy, subscribe } from 'valtio/vanilla';
import { defaultFlags, readFlags, type AppFlagName, type AppFlags } from '../core/settings/app-flags';
import { readItem, writeItem } from './storage';

const KEY = 'argus.flags';

function load(): AppFlags {
  const text = readItem('local', KEY);
  if (text === null) return defaultFlags();
  try {
    return readFlags(JSON.parse(text));
  } catch {
    return defaultFlags(); // a damaged entry is replaced on the next change
  }
}

export const appFlags = proxy<AppFlags>(load());

subscribe(appFlags, () => writeItem('local', KEY, JSON.stringify(appFlags)));

export function setFlag(name: AppFlagName, on: boolean): void {
  appFlags[name] = on;
}

export function resetFlags(): void {
  Object.assign(appFlags, defaultFlags());
}
