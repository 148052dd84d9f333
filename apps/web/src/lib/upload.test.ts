import { afterEach, describe, expect, it, vi } from 'vitest';
import { xhrUpload } from './upload.ts';

/** Just enough of XMLHttpRequest to see what is sent and play the server's part. */
class FakeXhr {
  static last: FakeXhr | undefined;
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  readonly headers: Record<string, string> = {};
  method = '';
  url = '';
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  getResponseHeader() {
    return 'application/json';
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.events.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }),
    );
  }
  answer(status: number, body: string) {
    this.status = status;
    this.responseText = body;
    this.events.dispatchEvent(new Event('load'));
  }
}

describe('xhrUpload', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the form with the headers, tells the progress and answers a Response', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const body = new FormData();
    const progress: number[] = [];
    const sent = xhrUpload('/api/v1/x', {
      headers: { 'api-key': 'k' },
      body,
      onProgress: (loaded, total) => progress.push(loaded / total),
    });
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url, xhr.headers, xhr.body]).toEqual([
      'POST',
      '/api/v1/x',
      { 'api-key': 'k' },
      body,
    ]);
    xhr.progress(50, 100);
    xhr.progress(100, 100);
    xhr.answer(201, '{"ok":true}');
    const response = await sent;
    expect(progress).toEqual([0.5, 1]);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('stops when its signal aborts, failing as fetch does', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const controller = new AbortController();
    const sent = xhrUpload('/x', { headers: {}, body: new FormData(), signal: controller.signal });
    controller.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last!.aborted).toBe(true);
  });
});
