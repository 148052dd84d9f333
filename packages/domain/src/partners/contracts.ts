import { defineContracts } from '../contract.ts';
import {
  clientQuerySchema,
  clientRecordSchema,
  themeConfigSchema,
  themeParamsSchema,
} from './config.ts';

/** The partner client record and theme configuration (spec 1 §7, first lines). */
export const partnersContracts = defineContracts('partners', {
  client: {
    method: 'GET',
    path: '/platform/client',
    summary: 'The partner that serves a domain: id, CMS bundle and branding',
    description: 'An unknown domain answers the default partner, so a portal never renders blank.',
    access: 'apiKey',
    query: clientQuerySchema,
    responses: { 200: clientRecordSchema },
    errors: [400, 401],
  },
  themeConfig: {
    method: 'GET',
    path: '/themes/{theme}/config.json',
    summary: "A theme's palette, images and configuration flags",
    description: 'A theme no partner has answers the baseline theme.',
    access: 'apiKey',
    params: themeParamsSchema,
    responses: { 200: themeConfigSchema },
    errors: [400, 401],
  },
});
