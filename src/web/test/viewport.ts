/** happy-dom's default window width; tests that change it get it back afterwards. */
const DEFAULT_WIDTH = 1024;

type HappyDomWindow = Window & { happyDOM: { setViewport(viewport: { width: number }): void } };

/** Resizes the window, so CSS media queries (and `matchMedia`) answer as on a screen that wide. */
export function setViewportWidth(width: number) {
  (window as unknown as HappyDomWindow).happyDOM.setViewport({ width });
}

/** Puts back happy-dom's default width (src/web/test/setup.ts, after every test). */
export function resetViewport() {
  setViewportWidth(DEFAULT_WIDTH);
}
