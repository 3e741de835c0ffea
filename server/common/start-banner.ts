/**
 * What a server prints once it listens (the README promises that `npm start`
 * shows the address and how to sign in): the address to open and how to
 * sign in as 'admin', in the same words for the recorder and the aggregator.
 * Each main prints its own lines after these (data folder, storage, demos).
 */

/** What the banner reads of either edition's start options. */
export interface BannerOptions {
  host: string;
  httpPort: number;
  /** Given by --admin-password, its file or its variable. */
  adminPassword: string | undefined;
}

/** The banner's lines; `generatedAdminPassword` is the one made on this first start, shown this once. */
/** The address to open from this machine. */
export function openAddress(options: Pick<BannerOptions, 'host' | 'httpPort'>): string {
  // Listening on every interface: the loopback address is one that opens from this machine.
  const shownHost = options.host === '0.0.0.0' ? '127.0.0.1' : options.host;
  const portPart = options.httpPort === 80 ? '' : `:${options.httpPort}`;
  return `http://${shownHost}${portPart}/`;
}

export function startBanner(edition: 'recorder' | 'aggregator', options: BannerOptions, generatedAdminPassword: string | undefined): string[] {
  const lines = [`Argus VMS ${edition} is ready at ${openAddress(options)}`];
  if (generatedAdminPassword) {
    lines.push(`Sign in as 'admin' with the generated password: ${generatedAdminPassword}`);
    lines.push('(shown once; set your own with --admin-password-file or ARGUS_ADMIN_PASSWORD)');
  } else if (options.adminPassword) {
    lines.push(`Sign in as 'admin' with the password given by --admin-password.`);
  } else {
    lines.push(`Sign in as 'admin' with the password printed at the first start (or restart with --admin-password).`);
  }
  return lines;
}
