import { describe, expect, it } from 'vitest';
import { isWidgetEventMessage, isWidgetTokenMessage, WIDGET_MESSAGE_SOURCE } from './messages.ts';
import { isWidgetPath, WIDGET_PANELS } from './panels.ts';
import { embeddingOriginSchema } from '../rules/origin.ts';

describe('embedding origins', () => {
  it.each(['https://shop.example', 'http://shop.localhost:3000', 'https://a-b.c.example:8443'])(
    'accepts the origin %s',
    (origin) => {
      expect(embeddingOriginSchema.safeParse(origin).success).toBe(true);
    },
  );
  it.each([
    'https://shop.example/',
    'https://shop.example/page',
    'HTTPS://Shop.example',
    'ftp://shop.example',
    'https://*.example',
    'shop.example',
    'https://shop.example:3000?x',
    '',
  ])('refuses %j, which a browser never writes as an origin', (origin) => {
    expect(embeddingOriginSchema.safeParse(origin).success).toBe(false);
  });
});

describe('widget messages', () => {
  it('knows its own events and tokens, and nothing else', () => {
    expect(isWidgetEventMessage({ source: WIDGET_MESSAGE_SOURCE, type: 'ready' })).toBe(true);
    expect(isWidgetEventMessage({ source: 'other', type: 'ready' })).toBe(false);
    expect(isWidgetEventMessage({ source: WIDGET_MESSAGE_SOURCE, type: 'token' })).toBe(false);
    expect(isWidgetEventMessage('ready')).toBe(false);
    expect(isWidgetTokenMessage({ source: WIDGET_MESSAGE_SOURCE, type: 'token', token: 'x' })).toBe(
      true,
    );
    expect(isWidgetTokenMessage({ source: WIDGET_MESSAGE_SOURCE, type: 'token', token: 1 })).toBe(
      false,
    );
  });
  it('places every panel under the widget prefix', () => {
    for (const panel of Object.values(WIDGET_PANELS)) expect(isWidgetPath(panel.path)).toBe(true);
    expect(isWidgetPath('/dashboard')).toBe(false);
  });
});
