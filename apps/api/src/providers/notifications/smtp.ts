import nodemailer from 'nodemailer';
import type { BrandOf } from './brand.ts';
import { brandedEmailHtml } from './email-html.ts';
import type { MessageDelivery, Notification } from './port.ts';
import { redact } from './redact.ts';

/** Logo types mail clients show inline; an SVG logo gives way to the wordmark (email-html.ts). */
const INLINE_IMAGE_EXTENSIONS = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/gif', 'gif'],
]);

/** Every step of an SMTP exchange has a bound, so a stuck server fails the job, which retries. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** The parts of a message and of the SMTP URL that must not reach a log through an error. */
function secretsOf(url: string, message: Notification): string[] {
  const { username, password } = new URL(url);
  return [
    decodeURIComponent(password),
    decodeURIComponent(username),
    password,
    message.text,
    ...message.text.split('\n'),
    ...(message.text.match(/https?:\/\/\S+/g) ?? []),
  ];
}

/** Why nodemailer failed, from the server's answer, without what the message or URL hold. */
function failure(error: unknown, url: string, message: Notification): Error {
  const e = error as { code?: string; command?: string; responseCode?: number; response?: string };
  const what = [e.code, e.command, e.responseCode].filter((part) => part !== undefined).join(' ');
  const answer = e.response ?? (error instanceof Error ? error.message : String(error));
  return new Error(
    `SMTP delivery failed${what ? ` (${what})` : ''}: ${redact(answer, secretsOf(url, message))}`,
  );
}

/**
 * Email through an SMTP server (`SMTP_URL`, `smtp://` with STARTTLS when offered, `smtps://`
 * with TLS from the start), from `MAIL_FROM` under the partner's name, with the template text
 * as the text part and the partner-branded HTML part. A failure throws: the job retries.
 */
export function smtpDelivery(deps: {
  url: string;
  from: string;
  brandOf: BrandOf;
}): MessageDelivery {
  const { url, from, brandOf } = deps;
  const transport = nodemailer.createTransport({ url, ...TIMEOUTS });
  const domain = from.slice(from.lastIndexOf('@') + 1);

  return {
    async deliver(message, { deliveryId }) {
      if (message.channel !== 'email')
        throw new Error(`the SMTP adapter sends email, not ${message.channel}`);
      const { branding, logo } = await brandOf(message.partnerId);
      const type = logo?.contentType.split(';')[0]!.trim().toLowerCase();
      const extension = type && INLINE_IMAGE_EXTENSIONS.get(type);
      const logoCid = extension ? `logo.${message.partnerId}@${domain}` : undefined;
      const subject = message.subject ?? branding.name;
      try {
        await transport.sendMail({
          from: { name: branding.name, address: from },
          // An address object and an explicit envelope: the recipient is one address, never
          // a list parsed out of the string.
          to: { name: '', address: message.to },
          envelope: { from, to: [message.to] },
          subject,
          // Fixed per queued message: a retry after a lost answer sends the same Message-ID,
          // which lets servers and clients tell the copies apart from new mail.
          messageId: `<${deliveryId}@${domain}>`,
          text: message.text,
          html: brandedEmailHtml({
            branding,
            template: message.template,
            subject,
            text: message.text,
            locale: message.locale,
            ...(logoCid ? { logoCid } : {}),
          }),
          attachments:
            logo && logoCid
              ? [
                  {
                    filename: `logo.${extension}`,
                    content: logo.body,
                    contentType: logo.contentType,
                    cid: logoCid,
                  },
                ]
              : [],
        });
      } catch (error) {
        throw failure(error, url, message);
      }
    },
  };
}
