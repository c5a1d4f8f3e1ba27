/**
 * Components rendered into jsdom (`// @vitest-environment jsdom`) and driven the way a person does, by
 * their labelled controls: `pageForEachTest()` once in the file, or `mountPage()` and `unmountPage()`.
 */
import { act, createElement, type FunctionComponent } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, vi } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { useEnglishMessages } from "./english-messages";

let container: HTMLElement | undefined;
let root: Root | undefined;

export function mountPage(): void {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
}

export async function unmountPage(): Promise<void> {
  await act(async () => root?.unmount());
  container?.remove();
  root = undefined;
  container = undefined;
}

/** A fresh page and fake browser for each test of the file, with the English messages. */
export function pageForEachTest(): void {
  beforeEach(() => {
    fakeBrowser.reset();
    useEnglishMessages();
    mountPage();
  });
  afterEach(async () => {
    await unmountPage();
    vi.restoreAllMocks();
  });
}

function page(): { container: HTMLElement; root: Root } {
  if (!container || !root) throw new Error("mountPage() first");
  return { container, root };
}

export async function render<P extends object>(component: FunctionComponent<P>, props: P): Promise<void> {
  await act(async () => page().root.render(createElement(component, props)));
}

/** Generous: jsdom on a busy machine is slow, and each wait ends as soon as its state is there. */
const WAIT = { timeout: 5_000, interval: 20 };

/**
 * Waits until `check` passes (its answer returned), letting pending work (a lazy import, a storage read)
 * finish and React render what it brings between tries; fails with `check`'s error once `vi.waitFor` gives up.
 */
export async function waitForPage<T>(check: () => T): Promise<T> {
  return vi.waitFor(async () => {
    await act(async () => {});
    return check();
  }, WAIT);
}

export function byLabel<T extends HTMLElement = HTMLElement>(label: string): T {
  const { container } = page();
  const labelled = container.querySelector<T>(`[aria-label="${label}"]`);
  if (labelled) return labelled;
  const forId = [...container.querySelectorAll("label")].find(
    (l) => l.textContent?.trim() === label,
  )?.htmlFor;
  const found = forId ? document.getElementById(forId) : null;
  if (!found) throw new Error(`nothing labelled ${label}`);
  return found as T;
}

export function button(text: string, within: HTMLElement = page().container): HTMLButtonElement {
  const found = [...within.querySelectorAll("button")].find((b) => b.textContent?.trim() === text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
}

export async function click(element: HTMLElement): Promise<void> {
  await act(async () => element.click());
}

/** Types into a field or picks in a select the way the browser does (React listens to input and change). */
export async function enter(
  element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
  value: string,
): Promise<void> {
  const prototype = Object.getPrototypeOf(element) as object;
  const setValue = Object.getOwnPropertyDescriptor(prototype, "value")?.set;
  await act(async () => {
    setValue?.call(element, value);
    const event = element instanceof HTMLSelectElement ? "change" : "input";
    element.dispatchEvent(new Event(event, { bubbles: true }));
  });
}

/** The text of what an element's `aria-describedby` points at. */
export function description(element: HTMLElement): string {
  const ids = element.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}
