import type { CardFrameCommand, CardFrameEvent } from '@tern/domain/monitoring/schemas';
import { cardNumberProblem } from '@tern/domain/monitoring/card-number';
import { FRAME_ELEMENT_IDS } from './elements.ts';

/**
 * The card-entry frame's behaviour (spec 1 §4 "card capture events"), on the vault's page:
 * one field, whose events go to the portal that framed it, at its origin only; on the portal's
 * `submit` (from that origin and window only) the number goes to the vault, and the portal
 * hears back a token and the masked number — never the number.
 */

/** The events' source: the domain's constant, spelt here so the bundle carries no zod. */
const SOURCE: CardFrameEvent['source'] = 'tern-card-frame';
const PORTAL: CardFrameCommand['source'] = 'tern-portal';
const SUBMIT: CardFrameCommand['type'] = 'submit';

/** An event as the frame sends it, but for its source (each kind of the union kept apart). */
type WithoutSource<E> = E extends unknown ? Omit<E, 'source'> : never;
type FrameEvent = WithoutSource<CardFrameEvent>;

/** What the vault answers a number it took. */
interface Tokenised {
  token: string;
  displayValue: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isTokenised = (value: unknown): value is Tokenised =>
  isRecord(value) && typeof value.token === 'string' && typeof value.displayValue === 'string';

/** The message key of a refusal: the rule's own for a number, else what refused it. */
function refusalKey(status: number, body: unknown): string {
  if (status === 400 && isRecord(body) && Array.isArray(body.details)) {
    const detail: unknown = body.details[0];
    if (isRecord(detail) && typeof detail.message === 'string') return detail.message;
  }
  if (status === 403) return 'errors.card_frame_invalid';
  if (status === 429) return 'errors.rate_limited';
  return 'errors.card_token_invalid';
}

/** Starts the frame in `win`, the frame page's window (its own interfaces: `instanceof` holds). */
export function startCardFrame(win: Window & typeof globalThis): void {
  const doc = win.document;
  const form = doc.getElementById(FRAME_ELEMENT_IDS.form);
  const input = doc.getElementById(FRAME_ELEMENT_IDS.input);
  const errorText = doc.getElementById(FRAME_ELEMENT_IDS.error);
  const textsElement = doc.getElementById(FRAME_ELEMENT_IDS.texts);
  if (!(form instanceof win.HTMLFormElement) || !(input instanceof win.HTMLInputElement)) return;
  const parentOrigin = form.dataset.origin;
  const action = form.dataset.action;
  if (!parentOrigin || !action || !errorText) return;
  const texts = JSON.parse(textsElement?.textContent ?? '{}') as Record<string, string>;

  // To the window that framed the page, at the origin the page was made for: a page of any
  // other origin in that window hears nothing.
  const tell = (event: FrameEvent) =>
    win.parent.postMessage({ source: SOURCE, ...event }, parentOrigin);

  let height = -1;
  const measure = () => {
    const now = Math.ceil(doc.documentElement.getBoundingClientRect().height);
    if (now === height) return;
    height = now;
    tell({ type: 'resize', height: now });
  };

  /** Shows a problem under the field (or clears it), and marks the field as refused. */
  const show = (key: string | null) => {
    errorText.textContent = key ? (texts[key] ?? texts['errors.card_token_invalid'] ?? '') : '';
    input.setAttribute('aria-invalid', String(key !== null));
    measure();
  };

  input.addEventListener('focus', () => tell({ type: 'focus', focused: true }));
  input.addEventListener('blur', () => {
    tell({ type: 'focus', focused: false });
    const problem = cardNumberProblem(input.value);
    show(problem);
    tell({ type: 'validation', valid: problem === null, error: problem });
  });
  input.addEventListener('input', () => {
    const empty = input.value.trim() === '';
    // Typing again takes a shown problem away; emptying the field says it is required.
    show(empty ? 'validation.required' : null);
    tell({ type: 'change', empty, error: empty ? 'validation.required' : null });
  });
  // Enter in the field would submit the form: the portal decides when the number is sent.
  form.addEventListener('submit', (event) => event.preventDefault());

  let sending = false;
  const fail = (error: string) => {
    show(error);
    tell({ type: 'post', success: false, token: null, displayValue: null, error });
  };
  const submit = async () => {
    if (sending) return;
    const problem = cardNumberProblem(input.value);
    if (problem) {
      tell({ type: 'validation', valid: false, error: problem });
      fail(problem);
      return;
    }
    sending = true;
    input.setAttribute('aria-busy', 'true');
    try {
      const response = await win.fetch(action, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ number: input.value }),
        credentials: 'omit',
        cache: 'no-store',
      });
      const body: unknown = await response.json().catch(() => null);
      if (response.ok && isTokenised(body)) {
        show(null);
        tell({
          type: 'post',
          success: true,
          token: body.token,
          displayValue: body.displayValue,
          error: null,
        });
      } else fail(refusalKey(response.status, body));
    } catch {
      fail('errors.card_token_invalid');
    } finally {
      sending = false;
      input.removeAttribute('aria-busy');
    }
  };

  win.addEventListener('message', (event: MessageEvent<unknown>) => {
    // Exactly the portal's origin, from the window that framed the page: anything else is
    // ignored, whatever it says.
    if (event.origin !== parentOrigin || event.source !== win.parent) return;
    const data = event.data;
    if (isRecord(data) && data.source === PORTAL && data.type === SUBMIT) void submit();
  });

  if (typeof win.ResizeObserver === 'function') new win.ResizeObserver(measure).observe(doc.body);
  tell({ type: 'ready' });
  measure();
}
