/**
 * Runs the example embedding host (embed-host.ts; docs/embedding.md):
 *
 *   npx tsx examples/embed/main.ts --recorder http://127.0.0.1:8080 --attach
 *
 * With --attach it signs in to the recorder as an administrator
 * (ARGUS_ADMIN_USER, default admin, and ARGUS_ADMIN_PASSWORD), attaches its
 * fresh key as the recorder's trusted issuer (PUT /service/trusted/issuer)
 * and reads the recorder's server id, the audience of its tokens. Without
 * it, give --audience <server id> and start the recorder with
 * --trusted-issuer <issuer> --trusted-issuer-key <the printed file>: the key
 * is new at every start of this host.
 *
 * Either way the recorder must allow this host's origin to frame it:
 * --embed-origins http://127.0.0.1:8090 (the printed origin).
 */
import { makeIssuerKeys, startEmbedHost } from './embed-host';

interface Args {
  recorder: string;
  port: number;
  host: string;
  issuer: string;
  audience: string | null;
  tokenSeconds: number;
  attach: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { recorder: '', port: 8090, host: '127.0.0.1', issuer: 'embed-example', audience: null, tokenSeconds: 300, attach: false };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${name} needs a value`);
      return next;
    };
    if (name === '--recorder') args.recorder = value();
    else if (name === '--port') args.port = Number(value());
    else if (name === '--host') args.host = value();
    else if (name === '--issuer') args.issuer = value();
    else if (name === '--audience') args.audience = value();
    else if (name === '--token-seconds') args.tokenSeconds = Number(value());
    else if (name === '--attach') args.attach = true;
    else throw new Error(`unknown option ${name}`);
  }
  if (!/^https?:\/\//.test(args.recorder)) throw new Error('--recorder <http(s) URL of the recorder> is required');
  if (!args.attach && !args.audience) throw new Error('give --audience <the recorder server id>, or --attach with ARGUS_ADMIN_PASSWORD set');
  return args;
}

async function recorderCall<T>(recorder: string, method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${recorder}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const recorder = args.recorder.replace(/\/+$/, '');
  const keys = makeIssuerKeys();
  let audience = args.audience;
  if (args.attach) {
    const password = process.env.ARGUS_ADMIN_PASSWORD;
    if (!password) throw new Error('--attach needs ARGUS_ADMIN_PASSWORD (and ARGUS_ADMIN_USER if not admin)');
    const signIn = await recorderCall<{ token: string }>(recorder, 'POST', '/service/sessions/user', null, {
      username: process.env.ARGUS_ADMIN_USER ?? 'admin',
      password,
      cookie: 'session',
      type: 'user',
    });
    // The recorder trusts this run's key from now on, and says its server id: the audience of the tokens.
    const attached = await recorderCall<{ audience: string }>(recorder, 'PUT', '/service/trusted/issuer', signIn.token, {
      name: args.issuer,
      publicKey: keys.publicKeyPem,
      url: `http://${args.host}:${args.port}`,
    });
    audience = attached.audience;
  }
  const host = await startEmbedHost({ recorderUrl: recorder, audience: audience!, issuer: args.issuer, host: args.host, port: args.port, tokenLifetimeS: args.tokenSeconds, keys });
  console.log(`Embedding host on ${host.origin} (issuer '${host.issuer}', audience ${audience})`);
  if (args.attach) console.log('Attached to the recorder as its trusted issuer.');
  else console.log(`Start the recorder with: --trusted-issuer ${host.issuer} --trusted-issuer-key ${host.publicKeyFile}`);
  console.log(`The recorder must also have: --embed-origins ${host.origin}`);
  console.log(`Open ${host.origin}/?stream=<stream id>`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void host.close().then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
