/** Play helpers of stories: no pointer clicks (Loki disables pointer events), so buttons are pressed and fields typed through the DOM. */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until<T>(find: () => T | null | undefined | false, what: string): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`story: ${what} did not appear`);
    await sleep(20);
  }
}

export const buttonNamed = (root: ParentNode, name: string) => () => [...root.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name && !b.disabled);

export async function press(root: ParentNode, name: string): Promise<void> {
  (await until(buttonNamed(root, name), `button ${name}`)).click();
}

export const hasText = (root: Element, text: string) => () => root.textContent?.includes(text) ?? false;

/** Waits until `text` shows in `root`. */
export async function untilText(root: Element, text: string): Promise<void> {
  await until(hasText(root, text), text);
}

/** Types into a React-controlled input the way the browser does (the value setter, then an input event). */
export function typeInto(el: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}
