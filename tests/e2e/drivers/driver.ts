/**
 * What a shared scenario (tests/e2e/scenarios/) needs from a browser, so one description runs in
 * Chromium (Playwright, drivers/chromium-driver.ts) and in Firefox (puppeteer-core over WebDriver BiDi,
 * drivers/firefox-driver.ts). Controls are found by role and accessible name, as a user finds them, and
 * clicked with the browser's own input (a real user gesture, which the permission prompts require).
 */

/** Runs a function inside a page and answers its result (Playwright's and puppeteer's `evaluate`). */
export interface Evaluator {
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
}

export type Role =
  | "button"
  | "checkbox"
  | "textbox"
  | "searchbox"
  | "link"
  | "tab"
  | "tabpanel"
  | "region"
  | "figure";

/** A file as a user saves or picks it: its name and its text. */
export interface UserFile {
  name: string;
  text: string;
}

export interface DriverPage extends Evaluator {
  /** Clicks the control of `role` named `name` (exactly), as a user does. */
  click(role: Role, name: string): Promise<void>;
  /** Replaces the text of the field of `role` named `name`, as a user types it. */
  fill(role: Role, name: string, value: string): Promise<void>;
  /** Presses `key` (one key: "Enter", "Tab") in the field of `role` named `name`, as a user does. */
  press(role: Role, name: string, key: string): Promise<void>;
  /** The current value of the form field of `role` named `name` (what the user typed, not the markup's). */
  valueOf(role: Role, name: string): Promise<string>;
  /** Clicks the element whose own text is exactly `text` (a <summary>, a label), as a user does. */
  clickText(text: string): Promise<void>;
  /** Replaces the text of the form field labelled `label` (exactly), as a user types it. */
  fillField(label: string, value: string): Promise<void>;
  /** Waits until the text of the page holds `text`. */
  waitForText(text: string, timeout?: number): Promise<void>;
  /** The text of the page now. */
  text(): Promise<string>;
  /** The text of the element of `role` named `name` (exactly), once it is there. */
  textOf(role: Role, name: string): Promise<string>;
  /** Clicks the control of `role` named `name`, which saves a file; answers the file the browser saved. */
  download(role: Role, name: string): Promise<UserFile>;
  /** Clicks the control of `role` named `name`, which opens a file chooser, and picks `file` in it. */
  upload(role: Role, name: string, file: UserFile): Promise<void>;
  /**
   * Sets the page's view to `width` CSS pixels wide and `height` high (a docked side panel, a narrow
   * window); Firefox sizes the whole window, so there the height is kept within the screen.
   */
  resize(width: number, height: number): Promise<void>;
  close(): Promise<void>;
}

export interface UserTab {
  tabId: number;
  page: DriverPage;
}

export interface ExtensionDriver {
  readonly browserName: "chromium" | "firefox";
  /** Opens one of the extension's pages (`options.html`, `sidepanel.html`, …) in a tab of its own. */
  openExtensionPage(path: string): Promise<DriverPage>;
  /** Opens `url` in a new tab, as a user's tab (not an extension page). */
  openTab(url: string): Promise<UserTab>;
  /**
   * The popup aimed at `tab` (`popup.html?tabId=N`, the test seam of lib/browser/active-tab.ts). Chromium
   * first clicks the toolbar button in the tab, which grants `activeTab` there as a real click does.
   */
  openPopupFor(tab: UserTab): Promise<DriverPage>;
  /**
   * The tab the extension opened at an address starting with `urlStart` (as the tab strip has it, a text
   * fragment included, which the page's own `location` leaves out), once it has loaded; its page can be
   * read (Firefox: through `tabs` and the page's origin, both granted to the extension by the scenario).
   */
  openedTab(urlStart: string): Promise<{ url: string; page: Evaluator }>;
  /** Calls the background's test seam (entrypoints/background/test-seam.ts) with JSON arguments. */
  callTestSeam<R>(
    name: "handleMenuClick" | "handleCommand" | "cacheRecords" | "advanceClock" | "notificationsShown",
    ...args: unknown[]
  ): Promise<R>;
  /**
   * Unloads the background: Chromium stops the MV3 worker (the next event starts it again), Firefox
   * reloads the MV2 background page (it starts again at once, as after a crash or an add-on reload).
   */
  unloadBackground(): Promise<void>;
  close(): Promise<void>;
}
