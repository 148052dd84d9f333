import { vi } from 'vitest';

/**
 * XMLHttpRequest as far as a signed upload uses it, answered by the test's fake fetch: the
 * PUT reaches the same fake API as every other call (and `requestsTo` sees it), its progress
 * is told at half and at the end, then its answer arrives. Installed with `installFakeXhr`.
 */
class FakeXhr {
  static fetch: typeof fetch;
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  private readonly headers: Record<string, string> = {};
  private method = '';
  private url = '';
  status = 0;
  statusText = '';
  responseText = '';

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
  send(body: Blob) {
    const progress = (loaded: number) =>
      this.upload.dispatchEvent(
        Object.assign(new Event('progress'), { lengthComputable: true, loaded, total: body.size }),
      );
    void (async () => {
      progress(Math.floor(body.size / 2));
      try {
        const response = await FakeXhr.fetch(this.url, {
          method: this.method,
          headers: this.headers,
          body,
        });
        progress(body.size);
        this.status = response.status;
        this.statusText = response.statusText;
        this.responseText = await response.text();
        this.events.dispatchEvent(new Event('load'));
      } catch {
        this.events.dispatchEvent(new Event('error'));
      }
    })();
  }
}

/** Sends the component's uploads through `fetch`; undone by `vi.unstubAllGlobals()`. */
export function installFakeXhr(fetch: typeof globalThis.fetch) {
  FakeXhr.fetch = fetch;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}
