/**
 * Identity by token (spec 7): GET /service/identity?jwt= exchanges a JWT of
 * the trusted issuer for a synthetic Administrator session (spec 6) whose
 * token is the JWT itself; and the trusted issuer: GET shows it (public
 * facts only), PUT attaches one (how the aggregator registers itself; the
 * --trusted-issuer-key option does the same at start), DELETE detaches
 * (the Activation screen's detach-from-trusted-issuer), after which every
 * JWT is refused.
 *
 * The identity call is public: the JWT is the credential. It travels in the
 * query because the spec's call says so; the request log redacts `jwt=`
 * (core/http/log-redaction.ts), and the tokens are short-lived.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Session, TrustedIssuer } from '../../shared/api';
import { AttachIssuerBody, IdentityQuery } from '../../shared/api/identity';
import { notFound } from '../../common/api-error';
import type { JwtSessions } from './jwt-sessions';
import type { TrustedIssuerStore } from './trusted-issuer';

export interface IdentityRoutesDeps {
  jwtSessions: Pick<JwtSessions, 'exchange'>;
  trustedIssuer: TrustedIssuerStore;
  /** This recorder's server id: the audience its JWTs must name. */
  audience: string;
  /** Told of each attach and detach (System report). */
  onIssuerChange?: (change: { attached: boolean; issuer: string | null }) => void;
}

const NO_ISSUER = 'This server is not managed by a trusted issuer.';

export async function identityRoutes(fastify: FastifyInstance, deps: IdentityRoutesDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/service/identity', { config: { access: 'public' }, schema: { querystring: IdentityQuery } }, async (request, reply): Promise<Session> => {
    // The answer holds a credential: no cache may keep it.
    void reply.header('cache-control', 'no-store');
    return deps.jwtSessions.exchange(request.query.jwt);
  });

  app.get('/service/trusted/issuer', { config: { access: 'license' } }, async (): Promise<TrustedIssuer> => {
    const issuer = deps.trustedIssuer.describe(deps.audience);
    if (!issuer) throw notFound(NO_ISSUER, 'no-trusted-issuer');
    return issuer;
  });

  app.put('/service/trusted/issuer', { config: { access: 'license' }, schema: { body: AttachIssuerBody } }, async (request): Promise<TrustedIssuer> => {
    const { name, publicKey, url } = request.body;
    const attached = deps.trustedIssuer.attach({ name, publicKeyPem: publicKey, url: url ?? null }, 'api');
    deps.onIssuerChange?.({ attached: true, issuer: attached.name });
    return deps.trustedIssuer.describe(deps.audience)!;
  });

  // Detaching from none succeeds too: the client's detach is idempotent.
  app.delete('/service/trusted/issuer', { config: { access: 'license' } }, async (_request, reply) => {
    if (deps.trustedIssuer.detach()) deps.onIssuerChange?.({ attached: false, issuer: null });
    return reply.status(204).send();
  });
}
