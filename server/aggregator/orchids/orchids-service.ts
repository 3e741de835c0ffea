/**
 * Registering, editing and unregistering recorders (spec 7 /service/orchids)
 * and the Server view of each (spec 3), joining what is stored
 * (orchids-store.ts) with what the health monitor last saw.
 *
 * Registering signs in to the recorder with the given credentials, checks
 * its version, and attaches this aggregator as the recorder's trusted
 * issuer (PUT /service/trusted/issuer); the recorder's answer names its
 * server id, which becomes the orchid's id (so the orchidId its cameras
 * carry is the id the client knows). Unregistering detaches the aggregator
 * first (DELETE /service/trusted/issuer); when the recorder cannot be told,
 * the spec's 'unregister failed' error lets the client offer to remove it
 * anyway (force).
 */
import type { Orchid, RegisterOrchidRequest, TrustedIssuer, UpdateOrchidRequest, User, VersionInfo } from '../../shared/api';
import { isVersionAtLeast, normalizeOrchidUrl, ORCHID_MESSAGES, validateOrchid } from '../../shared/orchid-validation';
import { ApiError, badRequest, conflict, notFound } from '../../common/api-error';
import { can } from '../../shared/roles';
import type { IssuerKey } from '../identity/issuer-key';
import type { OrchidHealthMonitor } from './orchid-health';
import type { OrchidsStore, StoredOrchid } from './orchids-store';
import { callRecorder, RecorderCallError, signInToRecorder } from './recorder-client';
import type { RecorderSessions, RecorderTarget } from './recorder-sessions';

export const notAvailable = (): ApiError => new ApiError(404, 'orchid-not-available', ORCHID_MESSAGES.notAvailable);

/** A recorder's failure as the spec's errors (spec 8). */
export function recorderError(error: unknown): ApiError {
  if (!(error instanceof RecorderCallError)) throw error;
  if (error.kind === 'unreachable') return notAvailable();
  if (error.kind === 'refused') return new ApiError(400, 'authentication-failed', ORCHID_MESSAGES.authenticationFailed);
  return new ApiError(502, error.code ?? 'orchid-failed', error.message);
}

export interface OrchidsServiceDeps {
  store: OrchidsStore;
  health: OrchidHealthMonitor;
  sessions: RecorderSessions;
  issuer: IssuerKey;
  minimumVersion: string;
  /** Told when what is kept of one recorder must go (unregistered, or its address or credentials changed), as its sessions do. */
  onForgotten?: ReadonlyArray<(orchidId: string) => void>;
}

export class OrchidsService {
  constructor(private readonly deps: OrchidsServiceDeps) {}

  target(orchid: StoredOrchid): RecorderTarget {
    return { id: orchid.id, uri: orchid.uri, username: orchid.username, password: () => this.deps.store.password(orchid.id) };
  }

  async targets(): Promise<RecorderTarget[]> {
    return (await this.deps.store.list()).map((orchid) => this.target(orchid));
  }

  /**
   * The recorders worth asking for a user's camera list: all but those the
   * last check found not answering (their calls would only wait out the
   * time-out, holding a turn of the session mints). The server list shows
   * those as offline (spec 3), so the bag tells why their cameras are missing.
   */
  async answeringTargets(): Promise<RecorderTarget[]> {
    return (await this.targets()).filter((target) => !this.deps.health.seenOffline(target.id));
  }

  async stored(id: string): Promise<StoredOrchid> {
    const orchid = await this.deps.store.find(id);
    if (!orchid) throw notFound('No such server.', 'orchid-not-found');
    return orchid;
  }

  /** The stored orchid for a proxied call, or undefined: from the store's short-lived memory, since the proxy asks on every call. */
  findCached(id: string): Promise<StoredOrchid | undefined> {
    return this.deps.store.findCached(id);
  }

  /** The Server as `viewer` may see it: administrators see the account name; nobody sees a password. */
  view(orchid: StoredOrchid, viewer: User): Orchid {
    const status = this.deps.health.status(orchid.id);
    const view: Orchid = {
      id: orchid.id,
      name: orchid.name,
      uri: orchid.uri,
      baseUrl: orchid.uri,
      pageOrigin: orchid.pageOrigin,
      version: status.version,
      isAvailable: status.isAvailable,
      failureReason: status.failureReason,
      health: status.health,
      isCompatibleVersion: status.isCompatibleVersion,
      cameras: status.cameras,
      camerasOnline: status.camerasOnline,
      licenseExpiry: status.licenseExpiry,
      retentionPolicy: status.retentionPolicy,
      rtspPort: status.rtspPort,
      rtspProtocol: status.rtspProtocol,
      maxExportHours: status.maxExportHours,
      discoverableOrchid: status.discoverableOrchid,
      checkedAt: status.checkedAt,
    };
    if (can(viewer.role, 'server-settings')) view.username = orchid.username;
    return view;
  }

  /** Every server with the viewer's own session on each that can give one (absent: 'no_session'). */
  async list(viewer: User): Promise<Orchid[]> {
    const orchids = await this.deps.store.list();
    return Promise.all(
      orchids.map(async (orchid) => {
        const view = this.view(orchid, viewer);
        if (!view.isAvailable) return view;
        const session = await this.deps.sessions.forUser(this.target(orchid), viewer).catch(() => undefined);
        if (session) view.permissions = { sessionId: session.sessionId, token: session.token };
        return view;
      }),
    );
  }

  /**
   * `pageOrigin`: where the aggregator's page that registers the server is
   * served from (the request's Origin). The recorder allows that origin's
   * cross-origin calls, so the page may reach it directly (spec 7).
   */
  async register(request: RegisterOrchidRequest, viewer: User, pageOrigin: string | null = null): Promise<Orchid> {
    const problem = validateOrchid(request, true);
    if (problem) throw badRequest(problem.message, 'invalid-orchid');
    const uri = normalizeOrchidUrl(request.uri);
    if (await this.deps.store.findByUri(uri)) throw conflict('A server with this URL is already registered.', 'orchid-exists');
    const id = await this.attach(uri, request.username, request.password, pageOrigin);
    if (await this.deps.store.find(id)) throw conflict('This server is already registered (under another URL).', 'orchid-exists');
    const orchid = { id, name: request.name.trim(), uri, username: request.username, password: request.password, pageOrigin };
    await this.deps.store.insert(orchid);
    const stored = await this.stored(id);
    await this.deps.health.check(this.target(stored));
    return this.view(stored, viewer);
  }

  async update(id: string, request: UpdateOrchidRequest, viewer: User, pageOrigin: string | null = null): Promise<Orchid> {
    const existing = await this.stored(id);
    if (request.id !== undefined && request.id !== id) throw badRequest('The server id in the body does not match the path.');
    const password = request.password ?? '';
    const problem = validateOrchid({ ...request, password }, false);
    if (problem) throw badRequest(problem.message, 'invalid-orchid');
    const uri = request.uri === undefined ? existing.uri : normalizeOrchidUrl(request.uri);
    const username = request.username ?? existing.username;
    const reconnect = uri !== existing.uri || username !== existing.username || password !== '';
    if (uri !== existing.uri) {
      const clash = await this.deps.store.findByUri(uri);
      if (clash && clash.id !== id) throw conflict('A server with this URL is already registered.', 'orchid-exists');
    }
    if (reconnect) {
      const secret = password !== '' ? password : await this.deps.store.password(id);
      if (secret === undefined) throw badRequest(ORCHID_MESSAGES.passwordRequired, 'invalid-orchid');
      const attachedId = await this.attach(uri, username, secret, pageOrigin);
      if (attachedId !== id) throw badRequest('The server at this URL is another server; register it as a new one.', 'orchid-mismatch');
    }
    await this.deps.store.update(id, {
      name: request.name?.trim(),
      uri: uri !== existing.uri ? uri : undefined,
      username: username !== existing.username ? username : undefined,
      password: password !== '' ? password : undefined,
      // Reconnecting told the recorder which page origin to allow.
      pageOrigin: reconnect ? pageOrigin : undefined,
    });
    if (reconnect) this.forget(id);
    const stored = await this.stored(id);
    if (reconnect) await this.deps.health.check(this.target(stored));
    return this.view(stored, viewer);
  }

  /** Detaches this aggregator from the recorder, then forgets it; `force` forgets it even when the recorder cannot be told. */
  async remove(id: string, force: boolean): Promise<void> {
    const orchid = await this.stored(id);
    try {
      await this.deps.sessions.withServiceToken(this.target(orchid), (token) =>
        callRecorder(orchid.uri, '/service/trusted/issuer', { method: 'DELETE', token }),
      );
    } catch (error) {
      if (!(error instanceof RecorderCallError)) throw error;
      if (!force) throw new ApiError(502, 'unregister-failed', ORCHID_MESSAGES.unregisterFailed);
    }
    await this.deps.store.delete(id);
    this.forget(id);
    this.deps.health.forget(id);
  }

  /** Forgets the sessions on one recorder and what others keep of it. */
  private forget(id: string): void {
    this.deps.sessions.forget(id);
    for (const listener of this.deps.onForgotten ?? []) listener(id);
  }

  /** POST .../cache: checks the recorder now and answers what was found. */
  async refresh(id: string, viewer: User): Promise<Orchid> {
    const orchid = await this.stored(id);
    await this.deps.health.check(this.target(orchid));
    return this.view(orchid, viewer);
  }

  /**
   * Signs in with the given credentials, checks the version, and makes this
   * aggregator the recorder's trusted issuer; answers the recorder's server id.
   */
  private async attach(uri: string, username: string, password: string, pageOrigin: string | null): Promise<string> {
    try {
      const session = await signInToRecorder(uri, username, password);
      const version = await callRecorder<VersionInfo>(uri, '/service/version');
      if (!isVersionAtLeast(version.version, this.deps.minimumVersion)) {
        throw new ApiError(400, 'unsupported-version', `${ORCHID_MESSAGES.unsupportedVersion} ${this.deps.minimumVersion}.`);
      }
      const issuer = await callRecorder<TrustedIssuer>(uri, '/service/trusted/issuer', {
        method: 'PUT',
        token: session.token,
        json: { name: this.deps.issuer.name, publicKey: this.deps.issuer.publicKeyPem, url: pageOrigin },
      });
      // The aggregator signs in afresh whenever it needs to; this one is not kept.
      await callRecorder(uri, '/service/sessions/me', { method: 'DELETE', token: session.token }).catch(() => undefined);
      return issuer.audience;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw recorderError(error);
    }
  }
}
