/** Play helpers of stories: no pointer clicks (Loki disables pointer events), so buttons are pressed and fields typed through the DOM. */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Wait (up to 5 s) for `find` to return something; throws naming `what` when it never does. */
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

/** Click the button named `name` once it shows (story play functions). */
export async function press(root: ParentNode, name: string): Promise<void> {
  (await until(buttonNamed(root, name), `button ${name}`)).click();
}

export const hasText = (root: Element, text: string) => () => root.textContent?.includes(text) ?? false;

/** Waits until `text` shows in `root`. */
export async function untilText(root: Element, text: string): Promise<void> {
  await until(hasText(root, text), text);
}

/**
 * Waits until a button or status in `root` with `text` is shown and has stayed shown for 300 ms.
 * For a lazily loaded part: a Suspense boundary that suspends again keeps its content in the DOM
 * but hidden (display: none), so its text alone says nothing about the picture (seen in Loki: a
 * shot measured without the part).
 */
export async function untilShown(root: Element, text: string): Promise<void> {
  let since = 0;
  await until(() => {
    const shown = [...root.querySelectorAll('button, [role="status"]')].some((el) => el.textContent?.includes(text) && !el.closest('[style*="display: none"]'));
    if (!shown) since = 0;
    else since ||= Date.now();
    return shown && Date.now() - since >= 300;
  }, `${text}, shown`);
}

/** Types into a React-controlled input the way the browser does (the value setter, then an input event). */
export function typeInto(el: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}
