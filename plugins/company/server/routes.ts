/** Company calls (regional host of the account), and the invitations a company sends and its invitees accept. */
import type { FastifyInstance } from 'fastify';
import type { ApplicationStatusRequest, CompanyInput, CompanyUpdate, InviteRequest, MemberRequest, MemberRole, RegionCode } from '@portal/plugin-api/contract';
import { COMPANY_TYPES, ERROR_CODES as E } from '@portal/plugin-api/contract';
import { authHeaders, body, ensureSelf, fail, fileUrl, idParams, LICENSE_MAX, limitAuth, limitCodeGuesses, ok, readUploadForm, requireAuth, S, saveUpload, type ServerContext as Ctx } from '@portal/server-api';
import {
  applyToOrg,
  createOrg,
  decideApplication,
  editMember,
  findByCode,
  listMembers,
  myCompanies,
  pendingApplications,
  removeMember,
  searchOrgs,
  updateOrg,
} from './companies';
import { acceptInvite, addMember, invite, inviteInfo, reinvite } from './invitations';

const nullable = (max: number) => ({ type: ['string', 'null'], maxLength: max });
const companyFields = {
  name: S.str(200),
  type: { type: 'string', enum: [...COMPANY_TYPES] },
  country: S.str(8),
  address: nullable(500),
  state: nullable(200),
  city: nullable(200),
  postCode: nullable(16),
  contact: nullable(200),
  contactEmail: nullable(320),
  contactNumber: nullable(32),
  orgCode: nullable(64),
  website: nullable(500),
  comment: nullable(1000),
  businessLicenseFileId: nullable(64),
};
const role = { type: 'string', enum: ['owner', 'admin', 'member'] };

export function companyRoutes(ctx: Ctx) {
  return async (api: FastifyInstance) => {
    api.get<{ Params: { id: string } }>('/accounts/:id/orgs', { schema: { params: idParams, headers: authHeaders } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      ensureSelf(auth, req.params.id);
      return ok(await myCompanies(ctx, auth.region, auth.account));
    });

    api.post<{ Body: CompanyInput }>('/orgs', { schema: { headers: authHeaders, body: body(companyFields, ['name', 'type', 'country']) } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      return ok(await createOrg(ctx, auth.region, auth.account, req.body));
    });

    api.put<{ Body: CompanyUpdate }>(
      '/orgs',
      { schema: { headers: authHeaders, body: body({ ...companyFields, id: S.id, version: { type: 'integer', minimum: 1 } }, ['id']) } },
      async (req) => {
        const auth = await requireAuth(ctx, req);
        return ok(await updateOrg(ctx, auth.region, auth.account, req.body));
      },
    );

    api.post('/orgs/businessLicense', { config: { bodies: ['multipart'] }, schema: { headers: authHeaders } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      await limitAuth(ctx, req, 'upload');
      const { file, fields } = await readUploadForm(req, LICENSE_MAX);
      if (!file) fail(E.invalidParameter, { field: 'file' }, 'file is required');
      if (fields.fileName) file.fileName = fields.fileName;
      const row = await saveUpload(ctx, auth.region, auth.account.id, 'license', file);
      return ok({ fileId: row.id, fileName: row.original_name, url: fileUrl(ctx, auth.region, row.id) });
    });

    api.get<{ Params: { code: string } }>(
      '/orgs/orgCode/:code',
      { schema: { headers: authHeaders, params: { type: 'object', properties: { code: S.str(64, 1) }, required: ['code'] } } },
      async (req) => {
        const auth = await requireAuth(ctx, req);
        return ok(await limitCodeGuesses(ctx, req, 'orgCode', auth.account.id, () => findByCode(ctx, auth.region, auth.account, req.params.code)));
      },
    );

    api.get<{ Params: { term: string } }>(
      '/orgs/search/:term',
      { schema: { headers: authHeaders, params: { type: 'object', properties: { term: S.str(100, 1) }, required: ['term'] } } },
      async (req) => {
        const auth = await requireAuth(ctx, req);
        return ok({ orgs: await searchOrgs(ctx, auth.region, auth.account, req.params.term) });
      },
    );

    api.post<{ Body: { orgId: string } }>('/orgs/members/applications', { schema: { headers: authHeaders, body: body({ orgId: S.id }, ['orgId']) } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      return ok(await applyToOrg(ctx, auth.region, auth.account, req.body.orgId));
    });

    api.get<{ Params: { code: string } }>(
      '/orgs/members/invitations/:code',
      { config: { plugin: 'invite' }, schema: { params: { type: 'object', properties: { code: S.str(200, 1) }, required: ['code'] } } },
      async (req) => ok(await limitCodeGuesses(ctx, req, 'invite', null, () => inviteInfo(ctx, req.params.code))),
    );

    api.post<{ Body: { inviteCode: string } }>(
      '/orgs/members/invitations/status',
      { config: { plugin: 'invite' }, schema: { headers: authHeaders, body: body({ inviteCode: S.str(200, 1) }, ['inviteCode']) } },
      async (req) => {
        const auth = await requireAuth(ctx, req);
        return ok(await limitCodeGuesses(ctx, req, 'invite', auth.account.id, () => acceptInvite(ctx, auth.region, auth.account, req.body.inviteCode)));
      },
    );

    api.get<{ Params: { id: string } }>('/orgs/:id/members', { schema: { params: idParams, headers: authHeaders } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      return ok({ members: await listMembers(ctx, auth.region, auth.account, req.params.id) });
    });

    const memberBody = body({ email: S.email, role, region: S.region }, ['email', 'role', 'region']);
    api.post<{ Params: { id: string }; Body: MemberRequest }>(
      '/orgs/:id/members',
      { schema: { params: idParams, headers: authHeaders, body: body({ email: S.email, role, region: S.region, language: S.language }, ['email', 'role', 'region']) } },
      async (req) => {
        const auth = await requireAuth(ctx, req);
        await limitAuth(ctx, req, 'invite');
        return ok(await addMember(ctx, auth.region, auth.account, req.params.id, req.body));
      },
    );
    api.put<{ Params: { id: string }; Body: { email: string; role: MemberRole; region: RegionCode } }>(
      '/orgs/:id/members',
      { schema: { params: idParams, headers: authHeaders, body: memberBody } },
      async (req) => {
        const auth = await requireAuth(ctx, req);
        return ok(await editMember(ctx, auth.region, auth.account, req.params.id, req.body));
      },
    );
    api.delete<{ Params: { id: string }; Body: { email: string; region: RegionCode } }>(
      '/orgs/:id/members',
      { schema: { params: idParams, headers: authHeaders, body: body({ email: S.email, region: S.region }, ['email', 'region']) } },
      async (req) => {
        const auth = await requireAuth(ctx, req);
        return ok(await removeMember(ctx, auth.region, auth.account, req.params.id, req.body));
      },
    );

    api.post<{ Params: { id: string }; Body: InviteRequest }>(
      '/orgs/:id/members/invitations',
      {
        schema: {
          params: idParams,
          headers: authHeaders,
          body: body({ emails: { type: 'array', minItems: 1, maxItems: 20, items: S.email }, role: { type: 'string', enum: ['admin', 'member'] }, region: S.region, language: S.language }, ['emails', 'role', 'region']),
        },
      },
      async (req) => {
        const auth = await requireAuth(ctx, req);
        await limitAuth(ctx, req, 'invite');
        return ok(await invite(ctx, auth.region, auth.account, req.params.id, req.body));
      },
    );

    api.post<{ Params: { id: string }; Body: { email: string; region: RegionCode; language?: string } }>(
      '/orgs/:id/members/reinvitation',
      { schema: { params: idParams, headers: authHeaders, body: body({ email: S.email, region: S.region, language: S.language }, ['email', 'region']) } },
      async (req) => {
        const auth = await requireAuth(ctx, req);
        await limitAuth(ctx, req, 'invite');
        return ok(await reinvite(ctx, auth.region, auth.account, req.params.id, req.body));
      },
    );

    api.post<{ Params: { id: string } }>('/orgs/:id/members/unaudited', { schema: { params: idParams, headers: authHeaders } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      return ok({ applications: await pendingApplications(ctx, auth.region, auth.account, req.params.id) });
    });

    api.post<{ Params: { id: string }; Body: ApplicationStatusRequest }>(
      '/orgs/:id/members/applications/status',
      {
        schema: {
          params: idParams,
          headers: authHeaders,
          body: body({ applicationId: S.id, status: { type: 'string', enum: ['accepted', 'rejected'] }, role: { type: 'string', enum: ['admin', 'member'] } }, ['applicationId', 'status']),
        },
      },
      async (req) => {
        const auth = await requireAuth(ctx, req);
        return ok(await decideApplication(ctx, auth.region, auth.account, req.params.id, req.body));
      },
    );
  };
}
