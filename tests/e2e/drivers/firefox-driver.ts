/**
 * The shared scenarios' driver for Firefox: Firefox ESR driven by puppeteer-core over WebDriver BiDi (no
 * geckodriver), with the MV2 build installed as a temporary add-on. Firefox quirks handled here:
 * - BiDi refuses to navigate a tab to a moz-extension:// address, so extension pages are opened the way
 *   the extension opens them (`tabs.create` from its own options page, which it opens on install).
 * - The background page is not a BiDi target: its test seam is reached from an extension page through
 *   `runtime.getBackgroundPage()`, and it is unloaded by reloading that page.
 * - `extensions.webextOptionalPermissionPrompts: false` grants optional permissions without a prompt
 *   (the request must still come from a real click).
 * - Downloads go, unasked, to a folder of this browser's own (`browser.download.*` prefs), where the
 *   saved file is read. Headless Firefox opens no file dialog: a picked file is set on the page's own
 *   file input (BiDi `input.setFiles`).
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer, { type Browser, type ElementHandle, type KeyInput, type Page } from "puppeteer-core";
import { extensionPath } from "../extension-build";
import type { DriverPage, Evaluator, ExtensionDriver, Role, UserFile, UserTab } from "./driver";

const FIREFOX_PATH = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";
export const FIREFOX_EXTENSION_PATH = extensionPath("firefox-mv2");
/** browser_specific_settings.gecko.id in wxt.config.ts. */
const ADDON_ID = "linklens@linklens.dev";
/** Fixed by the pref `extensions.webextensions.uuids`, so the pages' addresses are known. */
const FIREFOX_EXTENSION_UUID = "6c1f0a52-8d3e-4b7a-9f21-3e5d7c9b1a40";
const ORIGIN = `moz-extension://${FIREFOX_EXTENSION_UUID}`;

function ariaSelector(role: Role, name: string): string {
  return `::-p-aria([name="${name.replaceAll('"', '\\"')}"][role="${role}"])`;
}

/**
 * Clicks the element in the middle of the view: puppeteer clicks where the element is once scrolled just
 * into view, which can be under a sticky bar (the options' save bar), and the click would land on that.
 */
async function clickCentered(page: Page, selector: string): Promise<void> {
  const element = await enabledHandle(page, selector);
  try {
    await element.evaluate((node) => node.scrollIntoView({ block: "center" }));
    await element.click();
  } finally {
    await element.dispose();
  }
}

/** Files of the folder that are whole (Firefox writes a download to `<name>.part` first). */
async function savedFiles(folder: string): Promise<Set<string>> {
  const names = await readdir(folder);
  return new Set(names.filter((name) => !name.endsWith(".part") && !names.includes(`${name}.part`)));
}

/**
 * Asks `probe` again until it answers a value, and answers that; fails after `timeout` naming `what` it
 * waited for (`what` may be a function, to tell the last state seen). Every wait of this driver is built
 * on it, with checks made through `evaluate`: never `waitForFunction`, which puppeteer builds with
 * `Function()` inside the page, and which an extension page's CSP blocks on Firefox ESR 140.12 and later
 * ("call to Function() blocked by CSP").
 */
async function waitFor<T>(
  what: string | (() => string),
  probe: () => Promise<T | undefined>,
  timeout = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
      lastError = undefined;
    } catch (error) {
      // A page that is navigating answers nothing for a moment; it is asked again.
      lastError = error;
    }
    if (Date.now() > deadline) {
      const described = typeof what === "string" ? what : what();
      throw new Error(`Firefox: timed out after ${timeout} ms waiting for ${described}`, {
        cause: lastError,
      });
    }
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** Waits until `check` answers true (see waitFor). */
async function waitUntil(what: string, check: () => Promise<boolean>, timeout?: number): Promise<void> {
  await waitFor(what, async () => ((await check()) ? true : undefined), timeout);
}

/** Waits until `predicate`, run in the page through `page.evaluate`, answers true. */
function pollPage<A>(
  page: Page,
  what: string,
  predicate: (arg: A) => boolean,
  arg: A,
  timeout?: number,
): Promise<void> {
  return waitUntil(what, () => page.evaluate(predicate as (arg: unknown) => boolean, arg), timeout);
}

/** The file that appears in `folder` beside those `before` held, once the browser has finished it. */
function newFile(folder: string, before: Set<string>): Promise<UserFile> {
  return waitFor(
    `a download saved in ${folder}`,
    async () => {
      for (const name of await savedFiles(folder)) {
        if (before.has(name)) continue;
        const text = await readFile(join(folder, name), "utf8");
        if (text.length > 0) return { name, text };
      }
      return undefined;
    },
    15_000,
  );
}

/**
 * A puppeteer locator without its wait for an enabled form control, which it makes with
 * `waitForFunction` (see waitUntil); `enabledHandle` waits for that instead.
 */
function locate(page: Page, selector: string) {
  return page.locator(selector).setWaitForEnabled(false);
}

/** The element `selector` finds, once it is there and, for a form control, enabled. */
async function enabledHandle(page: Page, selector: string): Promise<ElementHandle<Element>> {
  const element = await locate(page, selector).waitHandle();
  await waitUntil(`${selector} to be enabled`, () =>
    element.evaluate((node) => !(node instanceof HTMLElement && node.hasAttribute("disabled"))),
  ).catch(async (error: unknown) => {
    await element.dispose();
    throw error;
  });
  return element;
}

/** Replaces the text of the field `selector` finds, once it is enabled, as a user types it. */
async function fillEnabled(page: Page, selector: string, value: string): Promise<void> {
  (await enabledHandle(page, selector)).dispose();
  // Typed whatever its length: past puppeteer's threshold it sets `value` directly, which React's
  // controlled fields never see (a pasted list of links is longer than that).
  await locate(page, selector).fill(value, { typingThreshold: Number.POSITIVE_INFINITY });
}

function firefoxPage(page: Page, files: string): DriverPage {
  return {
    evaluate: (fn, arg) => page.evaluate(fn as (arg: unknown) => unknown, arg) as never,
    click: (role, name) => clickCentered(page, ariaSelector(role, name)),
    fill: async (role, name, value) => {
      await fillEnabled(page, ariaSelector(role, name), value);
    },
    press: async (role, name, key) => {
      const element = await enabledHandle(page, ariaSelector(role, name));
      try {
        // puppeteer's press focuses the element first, as Playwright's does.
        await element.press(key as KeyInput);
      } finally {
        await element.dispose();
      }
    },
    valueOf: async (role, name) => {
      const element = await locate(page, ariaSelector(role, name)).waitHandle();
      try {
        return await element.evaluate((node) => (node as HTMLInputElement | HTMLTextAreaElement).value ?? "");
      } finally {
        await element.dispose();
      }
    },
    clickText: async (text) => {
      // As Playwright's exact getByText: the innermost shown element whose whole text is `text`
      // (puppeteer's ::-p-text matches a part of a text, and finds visually hidden status lines too).
      await pollPage(
        page,
        `a shown element whose text is "${text}"`,
        (wanted) => {
          const found = [...document.body.querySelectorAll("*")].find(
            (element) =>
              element.textContent?.trim() === wanted &&
              ![...element.children].some((child) => child.textContent?.trim() === wanted) &&
              element.getBoundingClientRect().width > 1 &&
              element.checkVisibility(),
          );
          document.querySelector("[data-driver-text]")?.removeAttribute("data-driver-text");
          found?.setAttribute("data-driver-text", "");
          return found !== undefined;
        },
        text,
      );
      await clickCentered(page, "[data-driver-text]");
    },
    fillField: async (label, value) => {
      // No ARIA role covers every field (a password field has none): found through its <label>.
      await pollPage(
        page,
        `a field labelled "${label}"`,
        (text) => {
          const found = [...document.querySelectorAll("label")].find(
            (candidate) => candidate.textContent?.trim() === text && candidate.control,
          );
          found?.control?.setAttribute("data-driver-field", text);
          return found !== undefined;
        },
        label,
      );
      await fillEnabled(page, `[data-driver-field="${label.replaceAll('"', '\\"')}"]`, value);
    },
    waitForText: async (text, timeout = 10_000) => {
      await pollPage(
        page,
        `the text "${text}"`,
        (wanted) => document.body?.textContent?.includes(wanted) ?? false,
        text,
        timeout,
      ).catch(async (error: unknown) => {
        const shown = await page
          .evaluate(() => `${location.href} ${document.readyState}: ${document.body?.textContent ?? ""}`)
          .catch((failure: unknown) => `(unreadable: ${failure})`);
        throw new Error(
          `"${text}" is not on the page, which says: ${shown.replace(/\s+/g, " ").slice(0, 1500)}`,
          {
            cause: error,
          },
        );
      });
    },
    text: () => page.evaluate(() => document.body?.textContent ?? ""),
    textOf: async (role, name) => {
      const element = await locate(page, ariaSelector(role, name)).waitHandle();
      try {
        return await element.evaluate((node) => node.textContent ?? "");
      } finally {
        await element.dispose();
      }
    },
    async download(role, name) {
      const downloads = join(files, "downloads");
      const before = await savedFiles(downloads);
      await clickCentered(page, ariaSelector(role, name));
      return newFile(downloads, before);
    },
    async upload(role, name, file) {
      // Headless Firefox opens no file dialog (BiDi's input.fileDialogOpened never comes), so the file the
      // user picks, a real one on disk named as they named it, is set on the page's own file input that
      // the control opens (the first after it), as the dialog would: BiDi's input.setFiles fires `change`.
      const picked = join(mkdtempSync(join(files, "picked-")), file.name);
      await writeFile(picked, file.text);
      const control = await locate(page, ariaSelector(role, name)).waitHandle();
      const input = await control.evaluateHandle(
        (node) =>
          [...document.querySelectorAll<HTMLInputElement>('input[type="file"]')].find(
            (candidate) => node.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING,
          ) ?? null,
      );
      try {
        const element = input.asElement();
        if (!element) throw new Error(`Firefox: no file input follows the ${role} "${name}"`);
        await (element as ElementHandle<HTMLInputElement>).uploadFile(picked);
      } finally {
        await input.dispose();
        await control.dispose();
      }
    },
    async resize(width, height) {
      // puppeteer's setViewport sends a BiDi command (screen orientation) that Firefox ESR 140 lacks; an
      // extension page sizes its own window instead. The window holds more than the view (its frame, an
      // open sidebar), so its size is corrected by what the view lacks until the view is `width` wide (its
      // height as far as the screen allows).
      await waitUntil(`a view ${width} px wide`, () =>
        page.evaluate(
          async (size) => {
            const api = (globalThis as any).browser;
            // A tab in the background is not laid out again: the page's own tab is brought to the front.
            const tab = await api.tabs.getCurrent();
            if (tab && !tab.active) await api.tabs.update(tab.id, { active: true });
            if (innerWidth === size.width) return true;
            const own = await api.windows.getCurrent();
            const resized = new Promise((done) => addEventListener("resize", done, { once: true }));
            await api.windows.update(own.id, {
              width: Math.max(size.width, own.width + size.width - innerWidth),
              height: Math.max(size.height, own.height + size.height - innerHeight),
            });
            await Promise.race([resized, new Promise((done) => setTimeout(done, 1_000))]);
            return innerWidth === size.width;
          },
          { width, height },
        ),
      );
    },
    close: () => page.close(),
  };
}

export async function launchFirefoxDriver(): Promise<ExtensionDriver> {
  // This browser's downloads and the files its user picks; removed when it closes.
  const files = mkdtempSync(join(tmpdir(), "linklens-firefox-files-"));
  mkdirSync(join(files, "downloads"));
  const removeFiles = () => rmSync(files, { recursive: true, force: true });
  const browser: Browser = await puppeteer
    .launch({
      browser: "firefox",
      executablePath: FIREFOX_PATH,
      headless: true,
      // The fixture site's certificate is self-signed; the service is told to trust it, the browser here.
      acceptInsecureCerts: true,
      // A protocol call that gets no answer (seen on a loaded machine) fails the test instead of hanging it
      // for puppeteer's default 3 minutes a call.
      protocolTimeout: 60_000,
      extraPrefsFirefox: {
        "extensions.webextensions.uuids": JSON.stringify({ [ADDON_ID]: FIREFOX_EXTENSION_UUID }),
        "extensions.webextOptionalPermissionPrompts": false,
        "browser.download.folderList": 2,
        "browser.download.dir": join(files, "downloads"),
        "browser.download.useDownloadDir": true,
        "browser.download.always_ask_before_handling_new_types": false,
        "browser.download.start_downloads_in_tmp_dir": false,
      },
    })
    .catch((error: unknown) => {
      removeFiles();
      throw error;
    });
  try {
    await browser.installExtension(FIREFOX_EXTENSION_PATH);
    const claimed = new Set<Page>();
    const driverPages = new WeakMap<DriverPage, Page>();

    /** The browser's page whose address `matches`, once it is there and loaded. */
    async function findPage(matches: (href: string) => boolean, what: string): Promise<Page> {
      const page = await waitFor(
        `a loaded page at ${what}`,
        async () => {
          for (const candidate of await browser.pages()) {
            if (claimed.has(candidate)) continue;
            const { href, loaded } = await candidate
              .evaluate(() => ({ href: location.href, loaded: document.readyState === "complete" }))
              // A page that is navigating answers nothing for a moment; it is asked again.
              .catch(() => ({ href: "", loaded: false }));
            if (matches(href) && loaded) return candidate;
          }
          return undefined;
        },
        // On a busy machine a page may take 15 s to open and as long again to load.
        30_000,
      );
      claimed.add(page);
      return page;
    }

    // The extension opens its options page on install: the first extension page, from which the others open.
    const home = await findPage(
      (href) => href.startsWith(`${ORIGIN}/options.html`),
      "the options page opened on install",
    );
    const wrap = (page: Page) => {
      const driverPage = firefoxPage(page, files);
      driverPages.set(driverPage, page);
      return driverPage;
    };

    const openExtensionPage = async (path: string) => {
      const url = `${ORIGIN}/${path}`;
      await home.evaluate((address) => (globalThis as any).browser.tabs.create({ url: address }), url);
      return wrap(await findPage((href) => href === url, url));
    };

    return {
      browserName: "firefox",
      openExtensionPage,

      async openTab(url) {
        const tabId = (await home.evaluate(
          async (address) => (await (globalThis as any).browser.tabs.create({ url: address })).id,
          url,
        )) as number;
        return { tabId, page: wrap(await findPage((href) => href === url, url)) };
      },

      openPopupFor: (tab: UserTab) => openExtensionPage(`popup.html?tabId=${tab.tabId}`),

      async openedTab(urlStart) {
        // Found through `tabs` (the scenario has it granted), whose address keeps the text fragment that
        // the page's own `location` leaves out.
        const { id, url } = await waitFor(`a loaded tab at ${urlStart}…`, async () => {
          const tabs: Array<{ id: number; url?: string; status?: string }> = await home.evaluate(() =>
            (globalThis as any).browser.tabs.query({}),
          );
          const tab = tabs.find((candidate) => candidate.url?.startsWith(urlStart));
          return tab?.status === "complete" ? { id: tab.id, url: tab.url as string } : undefined;
        });
        // puppeteer over BiDi is never told of a tab an extension page opened (`window.open`), so the tab is
        // read the way the extension reads one: a script run in it (the page's origin granted to it), the
        // function's own text sent as the code, which runs in the tab, never in an extension page.
        const page: Evaluator = {
          evaluate: async (fn, arg) =>
            home.evaluate(
              async (tabId, code) => {
                const [result] = await (globalThis as any).browser.tabs.executeScript(tabId, { code });
                return result;
              },
              id,
              `(${fn.toString()})(${JSON.stringify(arg) ?? "undefined"})`,
            ) as never,
        };
        return { url, page };
      },

      async callTestSeam(name, ...args) {
        await waitForSeam();
        return home.evaluate(
          async (seam, json) => {
            const bg = await (globalThis as any).browser.runtime.getBackgroundPage();
            // Parsed in the background's own realm, so what it stores holds none of this page's objects.
            return bg.linklensTest[seam](...bg.JSON.parse(json));
          },
          name,
          JSON.stringify(args),
        ) as never;
      },

      async unloadBackground() {
        await waitForSeam();
        await reloadBackground();
        // Once in some CI runs the page asked to reload was still there 15 s later, its flag set: the reload
        // never began. It is asked again then; a reload that did begin is only waited for.
        await waitForSeam(30_000, reloadBackground);
      },

      close: async () => {
        await browser.close();
        removeFiles();
      },
    };

    /** Reloads the background page, marking the page that goes. */
    async function reloadBackground(): Promise<void> {
      await home.evaluate(async () => {
        const bg = await (globalThis as any).browser.runtime.getBackgroundPage();
        bg.linklensUnloaded = true;
        bg.location.reload();
      });
    }

    async function backgroundState(): Promise<"ready" | "not reloaded" | "no page" | "no seam yet"> {
      return home
        .evaluate(async () => {
          const bg = await (globalThis as any).browser.runtime.getBackgroundPage();
          if (!bg) return "no page";
          if (bg.linklensUnloaded !== undefined) return "not reloaded";
          return bg.linklensTest === undefined ? "no seam yet" : "ready";
        })
        .catch(() => "no page" as const);
    }

    /**
     * Waits for the (re)loaded background page's main to have run; `askAgain` runs every 5 s while the
     * page asked to reload is still there.
     */
    async function waitForSeam(timeout = 15_000, askAgain?: () => Promise<void>): Promise<void> {
      let asked = Date.now();
      let state = "not asked yet";
      await waitFor(
        () => `the background page to be ready (it was: ${state})`,
        async () => {
          state = await backgroundState();
          if (askAgain && state === "not reloaded" && Date.now() - asked > 5_000) {
            await askAgain();
            asked = Date.now();
          }
          return state === "ready" ? true : undefined;
        },
        timeout,
      );
    }
  } catch (error) {
    await browser.close();
    removeFiles();
    throw error;
  }
}
