import {
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
import { errorResponses } from '../responses.ts';
import { signedInSecurity } from '../signed-in.ts';

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
        security: signedInSecurity,
        params: userPathSchema,
        response: { 200: userDetailsSchema, ...errorResponses(400, 401, 404) },
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
        security: signedInSecurity,
        params: userPathSchema,
        response: { 200: userAccessSchema, ...errorResponses(400, 401, 404) },
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
        security: signedInSecurity,
        params: userPathSchema,
        body: userUpdateRequestSchema,
        response: { 200: userDetailsSchema, ...errorResponses(400, 401, 404) },
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
        security: signedInSecurity,
        params: userPathSchema,
        body: changeEmailRequestSchema,
        response: { 200: userDetailsSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      assertSelf(request, request.params.id);
      assertNotActing(request);
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
        security: signedInSecurity,
        response: { 200: logoutResponseSchema, ...errorResponses(401) },
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
        security: signedInSecurity,
        body: mfaTokenRequestSchema,
        response: { 200: mfaTokenResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
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
        security: signedInSecurity,
        body: mfaEnableRequestSchema,
        response: { 200: mfaStatusSchema, ...errorResponses(400, 401, 403, 404, 429) },
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
