/**
 * Starts the activation service: `npm run activation-service -- --port 8090
 * --data-dir .data/activation --codes-file codes.json [--host 127.0.0.1]
 * [--private-key key.pem]`. Prints its URL and the public key file a
 * recorder takes as --license-issuer-key.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startActivationService } from './app';
import { readCodesFile, type CodeSeed } from './code-store';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const FLAGS = ['--port', '--host', '--data-dir', '--private-key', '--codes-file'] as const;

function parseArgs(argv: string[]): Map<string, string> {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (!(FLAGS as readonly string[]).includes(name)) throw new Error(`Unknown option '${arg}'. Options: ${FLAGS.join(' ')}`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`${name} needs a value`);
    values.set(name, value);
  }
  return values;
}

async function main(): Promise<void> {
  process.umask(0o077);
  let args: Map<string, string>;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
  const port = Number(args.get('--port') ?? '8090');
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error('--port must be a port number');
    process.exit(2);
  }
  const codesFile = args.get('--codes-file');
  const codes: CodeSeed[] = codesFile ? readCodesFile(codesFile) : [];
  const keyFile = args.get('--private-key');
  const service = await startActivationService({
    port,
    host: args.get('--host') ?? '127.0.0.1',
    dataDir: path.resolve(args.get('--data-dir') ?? path.join(repoRoot, '.data', 'activation')),
    privateKeyPem: keyFile ? fs.readFileSync(keyFile, 'utf8') : undefined,
    codes,
  });
  console.log(`Argus activation service is ready at ${service.url}/`);
  console.log(`Recorders check its keys with: --license-issuer-key ${service.publicKeyFile}`);
  const shutdown = () => void service.close().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
