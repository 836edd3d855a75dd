import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest (used where upload progress matters): records each request and lets the
 * test report progress and answer it. `install()` replaces the global for the current test.
 */
export class FakeXhr {
  static instances: FakeXhr[] = [];

  static install() {
    FakeXhr.instances = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  }

  static get last(): FakeXhr {
    const xhr = FakeXhr.instances.at(-1);
    if (!xhr) throw new Error('No XMLHttpRequest was sent');
    return xhr;
  }

  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  method = '';
  url = '';
  withCredentials = false;
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';

  constructor() {
    FakeXhr.instances.push(this);
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  send(body: unknown) {
    this.body = body;
  }

  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }

  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    const event = Object.assign(new Event('progress'), { lengthComputable: true, loaded, total });
    this.upload.dispatchEvent(event);
  }

  respond(status: number, body: unknown, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }

  fail() {
    this.events.dispatchEvent(new Event('error'));
  }
}
