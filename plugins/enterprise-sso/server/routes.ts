/**
 * Enterprise sign-in's calls: the company's connection (its owner and admins, on the Company
 * pages) and the sign-in through it (the login page's calls, and the two browser hops to and from
 * the provider, answered as pages).
 */
import type { FastifyInstance } from 'fastify';
import { authHeaders, body, fail, limitAuth, loginBindingOf, ok, parseCookies, requireAuth, S, SESSION_CODE_HEADER, setBrowserBindingCookie, type ServerContext as Ctx } from '@portal/server-api';
import { ERROR_CODES as E } from '@portal/plugin-api/contract';
import type { ConnectionInput, NewAccountRequest, StartResult } from '../contract';
import { connectionById, connectionOf, managedCompany, readConnection, removeConnection, saveConnection } from './connections';
import { endSessionsOutsideProvider } from './requirement';
import { claimDomain, removeDomain, verifyDomain } from './domains';
import { FLOW_COOKIE, FLOW_MINUTES, callback, createFromFlow, discover, readFlow, samlCallback, startFlow } from './flows';
import { serviceProviderMetadata } from './saml';

const companyParams = { type: 'object', properties: { id: S.id }, required: ['id'] } as const;
const sessionHeaders = { type: 'object', properties: { [SESSION_CODE_HEADER]: S.str(128) } } as const;

export function enterpriseRoutes(ctx: Ctx) {
  return async (api: FastifyInstance) => {
    // The company's connection: read and changed by its owner or admins.
    api.get<{ Params: { id: string } }>('/orgs/:id/enterprise-sso', { schema: { params: companyParams, headers: authHeaders } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      return ok(await readConnection(ctx, await managedCompany(ctx, auth.region, req.params.id, auth.account)));
    });
    api.put<{ Params: { id: string }; Body: Partial<ConnectionInput> & Pick<ConnectionInput, 'secondFactor' | 'required'> & { issuer?: string; clientId?: string } }>(
      '/orgs/:id/enterprise-sso',
      {
        schema: {
          params: companyParams,
          headers: authHeaders,
          body: body(
            {
              kind: { type: 'string', enum: ['oidc', 'saml'] },
              issuer: S.str(2048, 1),
              clientId: S.str(256, 1),
              clientSecret: S.str(512, 1),
              metadataUrl: S.str(2048),
              metadataXml: S.str(512 * 1024),
              secondFactor: { type: 'string', enum: ['provider', 'portal'] },
              required: S.bool,
            },
            ['secondFactor', 'required'],
          ),
        },
      },
      async (req) => {
        const auth = await requireAuth(ctx, req);
        // Without a kind: OpenID Connect (the calls made before SAML came).
        const input = { ...req.body, kind: req.body.kind ?? 'oidc' } as ConnectionInput;
        if (input.kind === 'oidc' && !input.issuer) fail(E.invalidParameter, { field: 'issuer' });
        if (input.kind === 'oidc' && !input.clientId) fail(E.invalidParameter, { field: 'clientId' });
        return ok(await saveConnection(ctx, await managedCompany(ctx, auth.region, req.params.id, auth.account), input));
      },
    );
    api.delete<{ Params: { id: string } }>('/orgs/:id/enterprise-sso', { schema: { params: companyParams, headers: authHeaders } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      const company = await managedCompany(ctx, auth.region, req.params.id, auth.account);
      await removeConnection(ctx, company);
      return ok(await readConnection(ctx, company));
    });
    const domainCall = (path: string, act: (ctx: Ctx, connectionId: string, domain: string) => Promise<unknown>) =>
      api.post<{ Params: { id: string }; Body: { domain: string } }>(path, { schema: { params: companyParams, headers: authHeaders, body: body({ domain: S.str(253, 1) }, ['domain']) } }, async (req) => {
        const auth = await requireAuth(ctx, req);
        const company = await managedCompany(ctx, auth.region, req.params.id, auth.account);
        const connection = await connectionOf(ctx, company);
        // Domains belong to a connection: the provider comes first.
        if (!connection) fail(E.invalidParameter, { field: 'connection' }, 'Connect the identity provider first.');
        // A DNS look-up per call: as limited as a sign-in.
        await limitAuth(ctx, req, 'enterprise-domain');
        await act(ctx, connection.id, req.body.domain);
        return ok(await readConnection(ctx, company));
      });
    domainCall('/orgs/:id/enterprise-sso/domains', claimDomain);
    domainCall('/orgs/:id/enterprise-sso/domains/verify', async (ctx, connectionId, domain) => {
      await verifyDomain(ctx, connectionId, domain);
      // Proven while the company requires its sign-in: the domain's people are held to it from now on.
      if ((await connectionById(ctx, connectionId))?.required === 1) await endSessionsOutsideProvider(ctx, connectionId);
    });
    domainCall('/orgs/:id/enterprise-sso/domains/remove', removeDomain);

    // The login page: where does this address sign in?
    api.post<{ Body: { email: string } }>('/login/enterprise/discover', { config: { portalOnly: 'always' }, schema: { headers: sessionHeaders, body: body({ email: S.email }, ['email']) } }, async (req) => {
      await limitAuth(ctx, req, 'enterprise-discover');
      const sessionCode = loginBindingOf(req);
      if (!sessionCode) fail(E.invalidParameter, { field: 'session_code' }, 'session_code is required');
      return ok(await discover(ctx, req.body.email));
    });

    // The login page opens the flow (its own call: a link or another site's page cannot start one in
    // someone's browser, login CSRF) and sends the browser to the provider.
    api.post<{ Body: { email: string } }>('/login/enterprise/start', { config: { portalOnly: 'always' }, schema: { headers: sessionHeaders, body: body({ email: S.email }, ['email']) } }, async (req, reply) => {
      await limitAuth(ctx, req, 'login');
      const sessionCode = loginBindingOf(req);
      if (!sessionCode) fail(E.invalidParameter, { field: 'session_code' }, 'session_code is required');
      const { location, browserSecret } = await startFlow(ctx, { sessionCode, email: req.body.email });
      setBrowserBindingCookie(ctx, reply, FLOW_COOKIE, browserSecret, FLOW_MINUTES);
      reply.header('Cache-Control', 'no-store');
      return ok<StartResult>({ location });
    });

    // The provider sends the browser back here.
    api.get('/login/enterprise/callback', { config: { page: true } }, async (req, reply) => {
      await limitAuth(ctx, req, 'login');
      const url = new URL(req.url, ctx.options.publicOrigin);
      // Behind the regional prefix the path differs; the provider was given the global one.
      url.pathname = new URL('/api/login/enterprise/callback', ctx.options.publicOrigin).pathname;
      const location = await callback(ctx, url, parseCookies(req.headers.cookie)[FLOW_COOKIE]);
      reply.header('Cache-Control', 'no-store');
      reply.header('Referrer-Policy', 'no-referrer');
      return reply.redirect(location, 302);
    });

    // The portal as a SAML service provider: its metadata, for company admins to give their provider.
    api.get('/login/enterprise/saml/metadata', async (_req, reply) => {
      reply.header('Content-Type', 'application/samlmetadata+xml; charset=utf-8');
      reply.header('Cache-Control', 'public, max-age=3600');
      return serviceProviderMetadata(ctx);
    });

    // A SAML provider's answer (HTTP-POST binding): a form its page posts from its own origin. It
    // sets no cookie and acts on no session; what it proves is checked by its signature.
    api.post<{ Body: { SAMLResponse?: string; RelayState?: string } }>(
      '/login/enterprise/saml/acs',
      { config: { page: true, bodies: ['form'], crossSite: 'signed-answer' }, bodyLimit: 256 * 1024 },
      async (req, reply) => {
        await limitAuth(ctx, req, 'login');
        const { SAMLResponse: response, RelayState: relayState } = req.body ?? {};
        if (typeof response !== 'string' || typeof relayState !== 'string' || relayState.length > 128) fail(E.invalidParameter, { field: 'SAMLResponse' }, 'A SAML answer needs SAMLResponse and RelayState.', 400);
        const location = await samlCallback(ctx, response, relayState);
        reply.header('Cache-Control', 'no-store');
        reply.header('Referrer-Policy', 'no-referrer');
        // 303: the browser leaves the post behind and loads the login page.
        return reply.redirect(location, 303);
      },
    );

    api.post<{ Body: { proof: string } }>('/login/enterprise/flow', { config: { portalOnly: 'always' }, schema: { headers: sessionHeaders, body: body({ proof: S.str(200, 1) }, ['proof']) } }, async (req) => {
      await limitAuth(ctx, req, 'login');
      return ok(await readFlow(ctx, req.body.proof, loginBindingOf(req), parseCookies(req.headers.cookie)[FLOW_COOKIE]));
    });

    api.post<{ Body: NewAccountRequest }>(
      '/login/enterprise/account',
      {
        config: { portalOnly: 'always' },
        schema: {
          headers: sessionHeaders,
          body: body({ proof: S.str(200, 1), firstName: S.str(64, 1), lastName: S.str(64, 1), country: S.str(8, 2), acceptPrivacyVersion: { type: 'integer', minimum: 0, maximum: 100000 }, language: S.language }, ['proof', 'firstName', 'lastName', 'country', 'acceptPrivacyVersion']),
        },
      },
      async (req) => {
        await limitAuth(ctx, req, 'register');
        return ok(await createFromFlow(ctx, req.body, loginBindingOf(req), parseCookies(req.headers.cookie)[FLOW_COOKIE]));
      },
    );
  };
}
