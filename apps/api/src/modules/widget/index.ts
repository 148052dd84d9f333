import { widgetContracts } from '@tern/domain';
import { registerContracts } from '../../plugins/contracts.ts';
import { defineModule } from '../../platform.ts';
import { widgetFramePolicy } from './frame-policy.ts';
import { widgetRoutes } from './routes.ts';
import { widgetService } from './service.ts';

/**
 * The embeddable widget (issue 30): widget sessions from a partner's widget tokens, and the
 * frame policy of the widget's pages. The panels themselves are the portal's (apps/web); the
 * access a widget session has follows its panels (the accounts area's access answer, and
 * `AreaOptions.feature` of the areas a panel gates).
 */
export const widgetModule = defineModule('widget', ['partners', 'accounts'], (app, { config }) => {
  const widget = widgetService({
    tokens: app.partnerTokens,
    sessions: app.sessions,
    partners: app.partners,
    httpsOnly: config.NODE_ENV === 'production',
  });
  widgetFramePolicy(app, widget);
  registerContracts(
    app,
    widgetContracts,
    widgetRoutes(widget, app.throttle, config.AUTH_RATE_LIMIT_MAX),
  );
});
