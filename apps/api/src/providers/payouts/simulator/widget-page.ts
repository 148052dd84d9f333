import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  LANGUAGES,
  PAYOUT_DESCRIPTION_MAX,
  PAYOUT_WIDGET_MESSAGE,
  type FieldProblem,
  type Language,
  type RequiredField,
} from '@tern/domain';
import { readTexts } from '@tern/domain/i18n/catalogue';
import { escapeHtml } from '../../../lib/html.ts';

/**
 * The payment-rails supplier's hosted page, simulated: the page a portal frames where the
 * user enters bank details for the supplier (spec 1 §2 "Set up payout methods"). Its link
 * carries a one-time token; once the method exists the page posts PAYOUT_WIDGET_MESSAGE to
 * the portal window, to the portal's origin only, and only that origin may frame it.
 */
export const PAYMENT_RAILS_WIDGET_PATH = '/payment-rails/widget';

interface WidgetSession {
  language: Language;
  /** The portal origin that may frame the page and hear its message. */
  origin: string;
  currency: string;
  /** The fields the page shows, in order. */
  fields: RequiredField[];
}

export interface WidgetHandlers {
  session(token: string): Promise<WidgetSession | undefined>;
  submit(
    token: string,
    values: Record<string, string>,
  ): Promise<{ payoutMethodId: string } | { problems: FieldProblem[] } | 'expired'>;
}

type Texts = Record<string, string>;

/**
 * The page's texts in the session's language, from the portal's catalogue: its own
 * (`payouts.widget.*`) and the validation messages the rules report (`validation.*`).
 */
const textsOf = (language: Language): Texts => {
  const texts = readTexts(language) as unknown as {
    payouts: { widget: Texts };
    validation: Texts;
  };
  return {
    ...texts.payouts.widget,
    ...Object.fromEntries(
      Object.entries(texts.validation).map(([key, text]) => [`validation.${key}`, text]),
    ),
  };
};

const input = (field: RequiredField) => {
  const id = `f-${field.key}`;
  const label = `<label for="${id}">${escapeHtml(field.label)}${field.required ? ' *' : ''}</label>`;
  const error = `<p class="error" id="${id}-error" role="alert"></p>`;
  if (field.valuesAllowed) {
    const options = field.valuesAllowed
      .map(
        (choice) =>
          `<option value="${escapeHtml(choice.key)}"${choice.key === field.defaultValue ? ' selected' : ''}>${escapeHtml(choice.name)}</option>`,
      )
      .join('');
    return `<div>${label}<select id="${id}" name="${escapeHtml(field.key)}" aria-describedby="${id}-error"${field.readOnly ? ' disabled' : ''}>${field.readOnly ? '' : '<option value=""></option>'}${options}</select>${error}</div>`;
  }
  return `<div>${label}<input id="${id}" name="${escapeHtml(field.key)}" type="${field.type === 'email' ? 'email' : 'text'}" maxlength="100" aria-describedby="${id}-error"${field.readOnly ? ` readonly value="${escapeHtml(field.defaultValue ?? '')}"` : ''}>${error}</div>`;
};

function page(session: WidgetSession | undefined, token: string, language: Language): string {
  const t = textsOf(session?.language ?? language);
  const body = session
    ? `<form id="widget" data-origin="${escapeHtml(session.origin)}" data-token="${escapeHtml(token)}" data-message="${PAYOUT_WIDGET_MESSAGE}" novalidate>
<div><label for="f-description">${escapeHtml(t.description!)} *</label><input id="f-description" name="description" maxlength="${PAYOUT_DESCRIPTION_MAX}" aria-describedby="f-description-error"><p class="error" id="f-description-error" role="alert"></p></div>
${session.fields.map(input).join('\n')}
<button type="submit">${escapeHtml(t.submit!)}</button>
<p id="status" role="status"></p>
</form>
<script id="texts" type="application/json">${JSON.stringify(t).replace(/</g, '\\u003c')}</script>
<script src="${PAYMENT_RAILS_WIDGET_PATH}.js"></script>`
    : `<p role="alert">${escapeHtml(t.expired!)}</p>`;
  return `<!doctype html>
<html lang="${session?.language ?? language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(t.title!)}</title>
<style>body{font:16px system-ui,sans-serif;margin:0;padding:16px;color:#1b1b1b}h1{font-size:1.25rem;margin:0 0 8px}
form>div{margin:0 0 12px}label{display:block;font-weight:600;margin:0 0 4px}input,select{box-sizing:border-box;width:100%;font:inherit;padding:8px;border:1px solid #767676;border-radius:4px}
button{font:inherit;padding:10px 16px;border:0;border-radius:4px;background:#0b5cad;color:#fff;cursor:pointer}.error{color:#b00020;margin:4px 0 0;min-height:0}</style>
</head><body><main><h1>${escapeHtml(t.title!)}</h1><p>${escapeHtml(t.intro!)}</p>${body}</main></body></html>`;
}

/** The page's script: a file, as the pages' CSP allows no inline script. */
const script = `(() => {
  const form = document.getElementById('widget');
  if (!form) return;
  const texts = JSON.parse(document.getElementById('texts').textContent);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    for (const p of form.querySelectorAll('.error')) p.textContent = '';
    const values = {};
    for (const el of form.elements) if (el.name) values[el.name] = el.value;
    const res = await fetch(location.pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(values),
    });
    const answer = await res.json().catch(() => ({}));
    if (res.ok && answer.payoutMethodId) {
      document.getElementById('status').textContent = texts.saved;
      // Only the portal that opened the page hears of it.
      window.parent.postMessage({ type: form.dataset.message, payoutMethodId: answer.payoutMethodId }, form.dataset.origin);
      return;
    }
    for (const problem of answer.problems || []) {
      const p = document.getElementById('f-' + problem.field + '-error');
      const input = document.getElementById('f-' + problem.field);
      const text = texts[problem.message] || texts['validation.invalid'];
      // The catalogue's texts interpolate {{max}}: the input's own limit.
      if (p) p.textContent = text.replace('{{max}}', input ? input.maxLength : '');
    }
    if (!answer.problems) document.getElementById('status').textContent = texts.expired;
  });
})();
`;

const tokenParams = z.object({ token: z.string().min(20).max(100) });
/** The simulated supplier's pages, not the API: out of its OpenAPI document. */
const hidden = { schema: { hide: true } };
/** The page's token opens it and creates a method: the log never shows it. */
const tokenRoute = { ...hidden, config: { credentialParams: ['token'] } };
const languageQuery = z.object({ lang: z.enum(LANGUAGES).default('en') });

export function paymentRailsWidgetRoutes(app: FastifyInstance, handlers: WidgetHandlers) {
  app.get(`${PAYMENT_RAILS_WIDGET_PATH}.js`, hidden, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
  );
  app.get(`${PAYMENT_RAILS_WIDGET_PATH}/:token`, tokenRoute, async (request, reply) => {
    const params = tokenParams.safeParse(request.params);
    const query = languageQuery.safeParse(request.query);
    const language = query.success ? query.data.lang : 'en';
    const session = params.success ? await handlers.session(params.data.token) : undefined;
    void reply.type('text/html; charset=utf-8');
    // Only the portal that asked for the page may frame it: its policy says so, and the
    // server's X-Frame-Options (DENY, for the portal's pages) would forbid even that portal.
    if (session)
      void reply
        .header(
          'content-security-policy',
          `default-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors ${session.origin}`,
        )
        .removeHeader('x-frame-options');
    return reply
      .code(session ? 200 : 404)
      .send(page(session, params.success ? params.data.token : '', language));
  });
  app.post(`${PAYMENT_RAILS_WIDGET_PATH}/:token`, tokenRoute, async (request, reply) => {
    const params = tokenParams.safeParse(request.params);
    const body = z.record(z.string(), z.string().max(200)).safeParse(request.body);
    if (!params.success) return reply.code(404).send({ code: 'LINK_NOT_FOUND' });
    if (!body.success) return reply.code(400).send({ problems: [] });
    const outcome = await handlers.submit(params.data.token, body.data);
    if (outcome === 'expired') return reply.code(404).send({ code: 'LINK_NOT_FOUND' });
    if ('problems' in outcome) return reply.code(422).send(outcome);
    return reply.code(201).send(outcome);
  });
}
