import {
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  mfaConfirmRequestSchema,
  otcConfirmSchema,
  otcRequestSchema,
  otcResponseSchema,
  partnerPathSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
  sessionSchema,
  ssoPathSchema,
  ssoResponseSchema,
} from '@tern/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountsServices } from './services.ts';
import { errorResponses } from '../responses.ts';

const portalAddress = (request: FastifyRequest) => ({
  protocol: request.protocol,
  host: request.host,
  port: request.port,
});

/** Sign-up and sign-in routes: they need only the partner's api-key (spec 1 §6). */
export const signInRoutes: FastifyPluginAsyncZod<{
  accounts: AccountsServices;
  /** Requests per minute per address on each route (the per-account limits are in the database). */
  perAddressMax: number;
}> = async (api, { accounts, perAddressMax }) => {
  const perAddress = { rateLimit: { max: perAddressMax, timeWindow: '1 minute' } };

  api.post(
    '/platform/user/register/:partnerId',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Register, and sign in',
        description:
          "A policy number is required when the partner's registration.policyMandatory is on (the default); it must name an active policy no other account uses.",
        params: partnerPathSchema,
        body: registerRequestSchema,
        response: { 201: sessionSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
      config: perAddress,
    },
    async (request, reply) => {
      const session = await accounts.registration.register(
        request.partner,
        request.params.partnerId,
        request.body,
      );
      return reply.status(201).send(session);
    },
  );

  api.post(
    '/platform/user/login',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with email and password',
        description:
          'Answers a session, or MFA_REQUIRED with a challenge id to send to /platform/user/mfa/confirm. Five attempts per account in 15 minutes, then 429.',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 404, 429) },
      },
      config: perAddress,
    },
    (request) => accounts.login.login(request.partner, request.body, request.ip),
  );

  api.post(
    '/platform/user/login/otc',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Send a one-time sign-in code to an email address or mobile number',
        description:
          'Always answers a session id, whether or not the identifier has an account. Three codes per destination in 15 minutes.',
        body: otcRequestSchema,
        response: { 200: otcResponseSchema, ...errorResponses(400, 401, 429) },
      },
      config: perAddress,
    },
    (request) => accounts.otc.request(request.partner, request.body.identifier),
  );

  api.post(
    '/platform/user/login/confirm',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with the one-time code of a session id',
        description:
          'Five tries per code, valid five minutes. A user with MFA on gets MFA_REQUIRED, as at login.',
        body: otcConfirmSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 429) },
      },
      config: perAddress,
    },
    (request) => accounts.otc.confirm(request.partner, request.body),
  );

  api.post(
    '/platform/user/mfa/confirm',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Finish a login with the TOTP code',
        body: mfaConfirmRequestSchema,
        response: { 200: sessionSchema, ...errorResponses(400, 401, 429) },
      },
      config: perAddress,
    },
    (request) => accounts.mfa.confirm(request.partner, request.body),
  );

  api.get(
    '/platform/user/sso/:token',
    {
      schema: {
        tags: ['accounts'],
        summary: "Single sign-on with a partner back end's token",
        description:
          "An HS256 JWT signed with the partner's server secret, header kid naming it; iss and aud the partner id; lifetime at most 5 minutes; single use (jti). See docs/adr/0003-sso-tokens.md.",
        params: ssoPathSchema,
        response: { 200: ssoResponseSchema, ...errorResponses(400, 401, 429) },
      },
      config: perAddress,
    },
    (request) => accounts.sso.signIn(request.partner, request.params.token),
  );

  api.post(
    '/platform/user/forgotPassword',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Email a password-reset link',
        description:
          'Always 202 with the same body, whether or not the address has an account. The link works once, for 30 minutes.',
        body: forgotPasswordRequestSchema,
        response: { 202: forgotPasswordResponseSchema, ...errorResponses(400, 401, 404, 429) },
      },
      config: perAddress,
    },
    async (request, reply) => {
      await accounts.passwordReset.requestReset(
        request.partner,
        request.body,
        portalAddress(request),
      );
      return reply.status(202).send({ status: 'ACCEPTED' as const });
    },
  );

  api.post(
    '/platform/user/resetPassword',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with the token of a reset link',
        description: 'Ends every session of the account and does not sign in; MFA stays as it was.',
        body: resetPasswordRequestSchema,
        response: { 200: resetPasswordResponseSchema, ...errorResponses(400, 401, 404, 429) },
      },
      config: perAddress,
    },
    async (request) => {
      await accounts.passwordReset.reset(request.partner, request.body);
      return { status: 'PASSWORD_CHANGED' as const };
    },
  );
};
