import { afterEach } from 'vitest';

/** happy-dom's default window width; tests that change it get it back afterwards. */
const DEFAULT_WIDTH = 1024;

type HappyDomWindow = Window & { happyDOM: { setViewport(viewport: { width: number }): void } };

/** Resizes the window, so CSS media queries (and `matchMedia`) answer as on a screen that wide. */
export function setViewportWidth(width: number) {
  (window as unknown as HappyDomWindow).happyDOM.setViewport({ width });
}

afterEach(() => {
  setViewportWidth(DEFAULT_WIDTH);
  window.localStorage.clear();
});
