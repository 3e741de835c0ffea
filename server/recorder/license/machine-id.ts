/**
 * The machine id a license key is bound to.
 *
 * sha256 of (a random installation id kept in the settings table, the host's
 * /etc/machine-id), shortened to 32 hex digits. Why both: the installation id
 * alone would travel with a copied data folder, so one key could license any
 * number of recorders; the host id alone would let two recorders on one
 * machine share a key, and could not be told apart from a reinstall. Together
 * the id stays the same across restarts and upgrades of one installation,
 * moving the data folder on the same host keeps it, and copying the folder
 * to another host yields another id (the license goes degraded there and
 * needs its own activation). Hosts without /etc/machine-id (Windows, some
 * containers) use the host name instead, which is weaker but stable.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';

export const INSTALLATION_ID_SETTING = 'license.installationId';

interface SettingsPort {
  get(name: string): string | undefined;
  set(name: string, value: string): void;
}

/** The host's own id: /etc/machine-id (systemd), /var/lib/dbus/machine-id, else the host name. */
export function hostId(): string {
  for (const file of ['/etc/machine-id', '/var/lib/dbus/machine-id']) {
    try {
      const id = fs.readFileSync(file, 'utf8').trim();
      if (id) return id;
    } catch {
      // not on this system; try the next source
    }
  }
  return `host:${os.hostname()}`;
}

export function machineIdOf(installationId: string, host: string): string {
  return createHash('sha256').update(`${installationId}\n${host}`).digest('hex').slice(0, 32);
}

/** This recorder's machine id; makes the installation id at the first start. */
export function recorderMachineId(settings: SettingsPort, host: string = hostId()): string {
  let installationId = settings.get(INSTALLATION_ID_SETTING);
  if (!installationId) {
    installationId = randomUUID();
    settings.set(INSTALLATION_ID_SETTING, installationId);
  }
  return machineIdOf(installationId, host);
}
