/** Story helpers: drive a state without pointer events (Loki disables them). */
export async function until(check: () => boolean) {
  const deadline = Date.now() + 5000;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}
export const shows = (text: string) => () => Boolean(document.body.textContent?.includes(text));

export async function clickButton(root: HTMLElement, name: string, then?: string) {
  await until(() => [...root.querySelectorAll('button')].some((b) => b.textContent === name));
  [...root.querySelectorAll('button')].find((b) => b.textContent === name)?.click();
  if (then) await until(shows(then));
}
