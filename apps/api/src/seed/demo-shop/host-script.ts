import { WIDGET_EVENTS } from '@tern/domain';
import { SHOP_ELEMENT_IDS } from './page-html.ts';

/**
 * The shop's own script (a file: its page allows no inline script). For each `.tern-panel`
 * it asks Tern's embed script to mount the panel, with a token from the shop's back end
 * (`POST /{partner}/token`, passing on the page's own `?user=` and `?panels=`; `?only=` mounts
 * just the panels it names), and lists
 * every `tern:*` event the panel's element receives in `#events`: the panel's key, the
 * event's type and its detail as JSON (the journeys read them).
 */
export const HOST_SCRIPT = `(() => {
  'use strict';
  const EVENTS = ${JSON.stringify(WIDGET_EVENTS)};
  const shop = document.getElementById(${JSON.stringify(SHOP_ELEMENT_IDS.shop)});
  const list = document.getElementById(${JSON.stringify(SHOP_ELEMENT_IDS.events)});
  const partner = shop.dataset.partner;
  const portal = shop.dataset.portal;
  const own = new URLSearchParams(location.search);

  const log = (key, type, detail) => {
    const item = document.createElement('li');
    item.dataset.panel = key;
    item.dataset.event = type;
    item.textContent = key + ' ' + type + ' ' + JSON.stringify(detail === undefined ? null : detail);
    list.append(item);
  };

  const tokenQuery = new URLSearchParams();
  for (const name of ['user', 'panels']) if (own.get(name)) tokenQuery.set(name, own.get(name));
  const tokenUrl = '/' + encodeURIComponent(partner) + '/token' +
    (tokenQuery.size > 0 ? '?' + tokenQuery.toString() : '');
  const fetchToken = () =>
    fetch(tokenUrl, { method: 'POST' })
      .then((response) => {
        if (!response.ok) throw new Error('the shop minted no token: ' + response.status);
        return response.json();
      })
      .then((answer) => answer.token);

  // ?only=insurance,luggage: those panels alone (by their key), the others' sections gone.
  const only = own.get('only') ? own.get('only').split(',') : null;
  for (const element of document.querySelectorAll('.tern-panel')) {
    const key = element.id.replace(/^panel-/, '');
    if (only && !only.includes(key)) {
      element.closest('section').remove();
      continue;
    }
    for (const type of EVENTS)
      element.addEventListener('tern:' + type, (event) => log(key, event.type, event.detail));
    if (!window.TernWidget) {
      log(key, 'error', 'the embed script did not load');
      continue;
    }
    window.TernWidget.mount(element, {
      portal,
      panel: element.dataset.panel,
      fetchToken,
      ...(own.get('lang') ? { lang: own.get('lang') } : {}),
      ...(element.dataset.basic ? { query: { basic: 'true' } } : {}),
    });
  }
})();
`;
