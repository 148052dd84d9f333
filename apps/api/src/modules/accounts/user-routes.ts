import {
  apiErrorSchema,
  changeEmailRequestSchema,
  logoutResponseSchema,
  mfaEnableRequestSchema,
  mfaStatusSchema,
  mfaTokenRequestSchema,
  mfaTokenResponseSchema,
  userAccessSchema,
  userDetailsSchema,
  userPathSchema,
  userUpdateRequestSchema,
} from '@tern/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assertNotActing, assertSelf, assertSelfOrAgent } from '../../plugins/auth.ts';
import type { AccountsServices } from './services.ts';
import type { SessionsService } from './sessions-service.ts';

const security = [{ apiKey: [], bearer: [] }];
const e = apiErrorSchema;

/** Routes of the signed-in user: details, access, changes, MFA, logout. Inside `authenticated`. */
export async function userRoutes(
  scope: FastifyInstance,
  { accounts, sessions }: { accounts: AccountsServices; sessions: SessionsService },
) {
  const api = scope.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/platform/users/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: "The user's details, preferences and terms",
        security,
        params: userPathSchema,
        response: { 200: userDetailsSchema, 400: e, 401: e, 404: e },
      },
    },
    async (request) => {
      assertSelf(request, request.params.id);
      return accounts.users.details(request.params.id);
    },
  );

  api.get(
    '/platform/users/:id/access',
    {
      schema: {
        tags: ['accounts'],
        summary: "The user's roles, access profile and partner",
        description:
          "A session an agent opened for a customer may also read the agent's own access (spec 1 §6).",
        security,
        params: userPathSchema,
        response: { 200: userAccessSchema, 400: e, 401: e, 404: e },
      },
    },
    async (request) => {
      assertSelfOrAgent(request, request.params.id);
      return accounts.users.access(request.params.id, request.caller.agentId);
    },
  );

  api.patch(
    '/platform/users/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change details, locale, communication preferences or mobile number',
        security,
        params: userPathSchema,
        body: userUpdateRequestSchema,
        response: { 200: userDetailsSchema, 400: e, 401: e, 404: e },
      },
    },
    async (request) => {
      assertSelf(request, request.params.id);
      return accounts.users.update(request.params.id, request.body);
    },
  );

  api.post(
    '/platform/users/:id/changeEmail',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change the email address (the old address is told)',
        security,
        params: userPathSchema,
        body: changeEmailRequestSchema,
        response: { 200: userDetailsSchema, 400: e, 401: e, 404: e, 409: e },
      },
    },
    async (request) => {
      assertSelf(request, request.params.id);
      return accounts.users.changeEmail(
        request.partner,
        request.params.id,
        request.body.emailAddress,
      );
    },
  );

  api.get(
    '/platform/user/logout',
    {
      schema: {
        tags: ['accounts'],
        summary: 'End this session; its token answers 401 from now on',
        security,
        response: { 200: logoutResponseSchema, 401: e },
      },
    },
    async (request) => {
      await sessions.revoke(request.caller.sessionId);
      return { status: 'LOGGED_OUT' as const };
    },
  );

  api.post(
    '/platform/user/mfa/token',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Start setting up MFA: a new TOTP secret, its otpauth URL and QR code',
        description: 'The secret waits until POST /platform/user/mfa confirms it with a code.',
        security,
        body: mfaTokenRequestSchema,
        response: { 200: mfaTokenResponseSchema, 400: e, 401: e, 404: e, 409: e },
      },
    },
    async (request) => {
      assertNotActing(request);
      return accounts.mfa.startSetup(request.partner, request.caller.userId, request.body.label);
    },
  );

  api.post(
    '/platform/user/mfa',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Turn MFA on (code of the new secret) or off (code of the current one)',
        security,
        body: mfaEnableRequestSchema,
        response: { 200: mfaStatusSchema, 400: e, 401: e, 404: e, 429: e },
      },
    },
    async (request) => {
      assertNotActing(request);
      return accounts.mfa.setEnabled(
        request.caller.userId,
        request.body.enabled,
        request.body.code,
      );
    },
  );
}
