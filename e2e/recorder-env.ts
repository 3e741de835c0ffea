/**
 * How the global setup hands the running recorder to the tests:
 * environment variables of the runner process, which Playwright passes on
 * to its workers.
 */
export const ENV = {
  baseUrl: 'ARGUS_E2E_BASE_URL',
  dataDir: 'ARGUS_E2E_DATA_DIR',
  adminPassword: 'ARGUS_E2E_ADMIN_PASSWORD',
  activationUrl: 'ARGUS_E2E_ACTIVATION_URL',
  embedOrigin: 'ARGUS_E2E_EMBED_ORIGIN',
} as const;

export function recorderBaseUrl(): string {
  const url = process.env[ENV.baseUrl];
  if (!url) throw new Error(`${ENV.baseUrl} is not set: the e2e global setup did not start a recorder`);
  return url;
}

export function adminPassword(): string {
  return process.env[ENV.adminPassword] ?? 'secret';
}

/** The activation code global-setup seeds into the e2e activation service (Core, 8 cameras, a year). */
export const E2E_ACTIVATION_CODE = 'E2E01-ABCDE-FGHIJ-KLMNO';

export function activationServiceUrl(): string {
  const url = process.env[ENV.activationUrl];
  if (!url) throw new Error(`${ENV.activationUrl} is not set: the e2e global setup did not start an activation service`);
  return url;
}

/** The one other origin (http://127.0.0.2:PORT) the e2e recorder lets frame it (--embed-origins). */
export function embedOrigin(): string {
  const origin = process.env[ENV.embedOrigin];
  if (!origin) throw new Error(`${ENV.embedOrigin} is not set: the e2e global setup did not reserve an embedding origin`);
  return origin;
}
