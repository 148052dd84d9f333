import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { partnerIdSchema } from '@tern/domain';
import { z } from 'zod';
import { escapeHtml, linkify } from '../../lib/html.ts';
import type { OutboxRepo, OutboxRow } from './outbox-repo.ts';

const querySchema = z.object({
  partner: partnerIdSchema.optional(),
  to: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const toJson = (m: OutboxRow) => ({
  id: m.id,
  partnerId: m.partnerId,
  channel: m.channel,
  to: m.recipient,
  template: m.template,
  subject: m.subject,
  text: m.text,
  locale: m.locale,
  createdAt: m.createdAt.toISOString(),
});

function page(messages: OutboxRow[], partner: string | undefined): string {
  const rows = messages
    .map(
      (
        m,
      ) => `<tr><td>${escapeHtml(m.createdAt.toISOString())}</td><td>${escapeHtml(m.partnerId)}</td>
<td>${escapeHtml(m.channel)}</td><td>${escapeHtml(m.recipient)}</td><td>${escapeHtml(m.template)}</td>
<td><strong>${escapeHtml(m.subject ?? '')}</strong><br>${linkify(escapeHtml(m.text)).replace(/\n/g, '<br>')}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tern outbox</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}th{background:#f4f4f4}</style>
</head><body>
<h1>Outbox${partner ? ` — ${escapeHtml(partner)}` : ''}</h1>
<p>Emails and SMS the simulated notifications provider sent, newest first. Development only.
Filter: <a href="/dev/outbox">all</a> · <a href="/dev/outbox?partner=travel">travel</a> ·
<a href="/dev/outbox?partner=business">business</a> · <a href="/dev/outbox?partner=identity">identity</a> ·
<a href="/dev/outbox.json${partner ? `?partner=${escapeHtml(partner)}` : ''}">JSON</a></p>
<table><thead><tr><th>Sent</th><th>Partner</th><th>Channel</th><th>To</th><th>Template</th><th>Message</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="6">Nothing sent yet.</td></tr>'}
</tbody></table></body></html>`;
}

/**
 * The simulated outbox for people: `/dev/outbox` (HTML) and `/dev/outbox.json`. Registered
 * only outside production (app.ts): it shows sign-in codes and reset links.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ outbox: OutboxRepo }> = async (
  app,
  { outbox },
) => {
  const list = (query: z.infer<typeof querySchema>) =>
    outbox.list({
      ...(query.partner ? { partnerId: query.partner } : {}),
      ...(query.to ? { recipient: query.to } : {}),
      limit: query.limit,
    });

  app.get(
    '/dev/outbox',
    { schema: { hide: true, querystring: querySchema } },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page(await list(request.query), request.query.partner)),
  );

  app.get(
    '/dev/outbox.json',
    { schema: { hide: true, querystring: querySchema } },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send((await list(request.query)).map(toJson)),
  );
};
