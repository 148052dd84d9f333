import type { partnersContracts } from '@tern/domain';
import type { Handlers } from '../../plugins/contracts.ts';
import type { PartnersService } from './service.ts';

/** The partner client record and theme configuration (spec 1 §7, first lines). */
export const partnersRoutes = (partners: PartnersService): Handlers<typeof partnersContracts> => ({
  client: (request) => partners.clientRecord(request.query.domain),
  themeConfig: async (request, reply) => {
    // Browsers may keep a theme for a short while; the web app caches it for a day itself.
    void reply.header('cache-control', 'private, max-age=300');
    return partners.themeConfig(request.params.theme);
  },
});
