import { DEFAULT_BASE_URL } from "../../lib/settings/settings";
import { SETTINGS_VERSION } from "../../lib/settings/settings-migrations";
import { startServiceProcess } from "../helpers/service-process";
import { expect, TEST_API_KEY, test } from "./fixtures";
import {
  answerPermissionRequests,
  OptionsPage,
  permissionRequests,
  readStoredSettings,
  writeStoredSettings,
} from "./options-page";

test("first run: the welcome, then the base URL and key saved to storage.local", async ({
  openExtensionPage,
  service,
}) => {
  const options = await OptionsPage.open(openExtensionPage);
  await expect(options.heading).toBeVisible();
  await expect(options.welcome).toBeVisible();
  await expect(options.welcome).toContainText(DEFAULT_BASE_URL);
  await expect(options.baseUrl).toHaveValue(DEFAULT_BASE_URL);
  expect((await readStoredSettings(options.page)).settings).toBeUndefined();
  await options.welcome.getByRole("link", { name: "Go to the connection settings" }).click();
  await expect(options.baseUrl).toBeFocused();

  await options.baseUrl.fill(service.url);
  await options.apiKey.fill(TEST_API_KEY);
  // Masked, with a show/hide toggle.
  await expect(options.apiKey).toHaveAttribute("type", "password");
  await expect(options.showKey).toHaveAttribute("aria-pressed", "false");
  await options.showKey.click();
  await expect(options.showKey).toHaveAttribute("aria-pressed", "true");
  await expect(options.apiKey).toHaveAttribute("type", "text");
  await options.showKey.press("Enter");
  await expect(options.apiKey).toHaveAttribute("type", "password");
  await expect(options.unsaved).toHaveText("Unsaved changes");

  await answerPermissionRequests(options.page, false);
  await options.saveAndWait();
  await expect(options.saveStatus).toHaveText(/Settings saved\./);
  await expect(options.unsaved).toHaveText("");
  // 127.0.0.1 is in host_permissions: nothing asked.
  expect(await permissionRequests(options.page)).toEqual([]);

  const stored = await readStoredSettings(options.page);
  expect(stored.settings).toMatchObject({ baseUrl: service.url, apiKey: TEST_API_KEY });
  expect(stored.settings?.presets.map((preset) => preset.name)).toEqual([
    "Summary",
    "Key facts (JSON)",
    "Critique",
  ]);
  expect(stored.settings$).toEqual({ v: SETTINGS_VERSION });
  await expect(options.welcome).toBeHidden();

  await options.reload();
  await expect(options.baseUrl).toHaveValue(service.url);
  await expect(options.apiKey).toHaveValue(TEST_API_KEY);
  await expect(options.welcome).toBeHidden();
});

test("test connection: a good key, a wrong key, a stopped service, with the values as typed", async ({
  openExtensionPage,
}) => {
  const own = await startServiceProcess({ apiKeys: "lk_options_key:100" });
  try {
    const options = await OptionsPage.open(openExtensionPage);
    await options.baseUrl.fill(own.url);
    await options.apiKey.fill("lk_options_key");

    await options.testConnection.click();
    await expect(options.connectionResult).toHaveAttribute("data-state", "ok");
    await expect(options.connectionResult).toContainText(`Connected: the service at ${own.url} accepted`);

    // Editing the key drops the old verdict; the wrong key is told apart.
    await options.apiKey.fill("lk_wrong_key");
    await expect(options.connectionResult).toHaveAttribute("data-state", "idle");
    await options.testConnection.click();
    await expect(options.connectionResult).toHaveAttribute("data-state", "unauthorized");
    await expect(options.connectionResult).toContainText("Wrong API key");
    await expect(options.connectionResult).toContainText("401");

    await options.apiKey.fill("");
    await options.testConnection.click();
    await expect(options.connectionResult).toHaveAttribute("data-state", "no-key");

    // The service stops: unreachable, naming the URL tried.
    await own.close();
    await options.apiKey.fill("lk_options_key");
    await options.testConnection.click();
    await expect(options.connectionResult).toHaveAttribute("data-state", "unreachable");
    await expect(options.connectionResult).toContainText(`Could not reach the service at ${own.url}`);

    // Testing saves nothing.
    expect((await readStoredSettings(options.page)).settings).toBeUndefined();
  } finally {
    await own.close();
  }
});

test("test connection against the fixture service and a port with nothing listening", async ({
  openExtensionPage,
  service,
}) => {
  const options = await OptionsPage.open(openExtensionPage);
  await options.baseUrl.fill(service.url);
  await options.apiKey.fill(TEST_API_KEY);
  await options.testConnection.click();
  await expect(options.connectionResult).toHaveAttribute("data-state", "ok");

  await options.baseUrl.fill("http://127.0.0.1:9");
  await options.testConnection.click();
  await expect(options.connectionResult).toHaveAttribute("data-state", "unreachable");
  await expect(options.connectionResult).toContainText("http://127.0.0.1:9");
});

test("an invalid base URL shows the message, is not tested and is not saved", async ({
  openExtensionPage,
}) => {
  const options = await OptionsPage.open(openExtensionPage);
  const error = options.page.locator("#base-url-error");

  await options.baseUrl.fill("http://analysis.example.com");
  await options.baseUrl.blur();
  await expect(error).toContainText("Enter an https:// address");
  await expect(options.baseUrl).toHaveAttribute("aria-invalid", "true");
  await expect(options.baseUrl).toHaveAttribute("aria-describedby", /base-url-error/);

  await options.testConnection.click();
  await expect(options.baseUrl).toBeFocused();
  await expect(options.connectionResult).toHaveAttribute("data-state", "idle");

  await options.apiKey.fill("some-key");
  await options.save.click();
  await expect(options.saveAlert).toContainText("Not saved: 1 field needs fixing");
  await expect(options.baseUrl).toBeFocused();
  expect((await readStoredSettings(options.page)).settings).toBeUndefined();
  // Nothing typed is lost.
  await expect(options.baseUrl).toHaveValue("http://analysis.example.com");
  await expect(options.apiKey).toHaveValue("some-key");

  // Fixing it clears the message as it is typed.
  await options.baseUrl.fill("http://localhost:8787");
  await expect(error).toHaveCount(0);
  await options.saveAndWait();
  expect((await readStoredSettings(options.page)).settings).toMatchObject({
    baseUrl: "http://localhost:8787",
    apiKey: "some-key",
  });
});

test("saving a remote service asks for that origin only; refused, nothing is saved and the form is kept", async ({
  openExtensionPage,
}) => {
  const options = await OptionsPage.open(openExtensionPage);
  await options.baseUrl.fill("https://analysis.example.com:8443/api");
  await options.apiKey.fill("lk_remote");

  await answerPermissionRequests(options.page, false);
  await options.saveAndWait();
  expect(await permissionRequests(options.page)).toEqual([
    { origins: ["https://analysis.example.com:8443/*"] },
  ]);
  await expect(options.saveAlert).toContainText(
    "Linklens can't reach https://analysis.example.com:8443 without this permission; the settings were not saved",
  );
  expect((await readStoredSettings(options.page)).settings).toBeUndefined();
  await expect(options.baseUrl).toHaveValue("https://analysis.example.com:8443/api");
  await expect(options.apiKey).toHaveValue("lk_remote");
  await expect(options.unsaved).toHaveText("Unsaved changes");

  await answerPermissionRequests(options.page, true);
  await options.saveAndWait();
  await expect(options.saveStatus).toHaveText(/Settings saved\./);
  expect((await readStoredSettings(options.page)).settings).toMatchObject({
    baseUrl: "https://analysis.example.com:8443/api",
    apiKey: "lk_remote",
  });
});

test("defaults: prompt and temperature (slider and number) validated and saved", async ({
  openExtensionPage,
}) => {
  const options = await OptionsPage.open(openExtensionPage);
  const slider = options.page.getByRole("slider", { name: "Temperature" }).first();
  await options.defaultPrompt.fill("   ");
  await options.defaultTemperature.fill("2.5");
  await options.save.click();
  await expect(options.saveAlert).toContainText("Not saved: 2 fields need fixing");
  await expect(options.defaultPrompt).toBeFocused();
  await expect(options.page.locator("#default-prompt-error")).toHaveText(/Enter a prompt/);
  await expect(options.page.locator("#default-temperature-error")).toHaveText(/from 0 to 2/);

  await options.defaultPrompt.fill("List the claims this page makes.");
  await slider.focus();
  // The slider shows the number clamped to 0–2; moving it replaces the typed value.
  await slider.press("Home");
  await expect(options.defaultTemperature).toHaveValue("0");
  await expect(options.page.locator("#default-temperature-error")).toHaveCount(0);
  await slider.press("End");
  await expect(options.defaultTemperature).toHaveValue("2");
  await slider.press("ArrowLeft");
  await expect(options.defaultTemperature).toHaveValue("1.9");
  await options.saveAndWait();
  expect((await readStoredSettings(options.page)).settings).toMatchObject({
    defaultPrompt: "List the claims this page makes.",
    defaultTemperature: 1.9,
  });
});

test("presets: create, rename, reorder, make default, delete with undo; persisted across reload", async ({
  openExtensionPage,
}) => {
  const options = await OptionsPage.open(openExtensionPage);
  const page = options.page;
  expect(await options.presetNames()).toEqual(["Summary", "Key facts (JSON)", "Critique"]);
  await expect(options.defaultRadio("Summary")).toBeChecked();

  // Create: the new preset opens with its name selected.
  await options.addPreset.click();
  const name = page.getByLabel("Name", { exact: true });
  await expect(name).toBeFocused();
  await expect(name).toHaveValue("New preset");
  await page.keyboard.type("Sources");
  const sources = options.preset("Sources");
  await sources.getByLabel("Prompt", { exact: true }).fill("List the sources this page cites.");
  await sources.getByRole("spinbutton", { name: "Temperature" }).fill("0.5");

  // The schema is checked as it is typed, with line and column.
  const schema = sources.getByLabel("JSON schema (optional)");
  await schema.fill('{\n  "type": "object"\n  "properties": {}\n}');
  await expect(sources.locator(".ll-error")).toContainText(
    "Not valid JSON at line 3, column 3: expected “,” or “}”",
  );
  await expect(schema).toHaveAttribute("aria-invalid", "true");
  await schema.fill("[]");
  await expect(sources.locator(".ll-error")).toContainText("must be a JSON object");
  await schema.fill('{"type": "string"}');
  await expect(sources.locator(".ll-error")).toContainText("must describe an object");
  await schema.fill('{"type":"object","properties":{"sources":{"type":"array","items":{"type":"string"}}}}');
  await expect(sources.getByText("Valid JSON schema for an object.")).toBeVisible();
  await sources.getByRole("button", { name: "Format JSON" }).click();
  await expect(schema).toHaveValue(/^\{\n {2}"type": "object",/);

  // Rename a built-in one.
  await options.presetButton("Edit", "Critique").click();
  await expect(options.presetButton("Edit", "Critique")).toHaveAttribute("aria-expanded", "true");
  await options.preset("Critique").getByLabel("Name", { exact: true }).fill("Devil's advocate");
  await expect(options.preset("Devil's advocate")).toBeVisible();

  // Reorder by keyboard: the focus stays on the moved preset's button.
  await options.presetButton("Up", "Sources").focus();
  await page.keyboard.press("Enter");
  expect(await options.presetNames()).toEqual(["Summary", "Key facts (JSON)", "Sources", "Devil's advocate"]);
  await expect(options.presetButton("Up", "Sources")).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  expect(await options.presetNames()).toEqual(["Sources", "Summary", "Key facts (JSON)", "Devil's advocate"]);
  // At the top "Up" is disabled: the focus went to "Down".
  await expect(options.presetButton("Up", "Sources")).toBeDisabled();
  await expect(options.presetButton("Down", "Sources")).toBeFocused();
  await page.keyboard.press("Enter");
  expect(await options.presetNames()).toEqual(["Summary", "Sources", "Key facts (JSON)", "Devil's advocate"]);

  // Make default.
  await options.defaultRadio("Sources").check();
  await expect(options.defaultRadio("Summary")).not.toBeChecked();

  // Delete with undo.
  await options.presetButton("Delete", "Key facts (JSON)").click();
  expect(await options.presetNames()).toEqual(["Summary", "Sources", "Devil's advocate"]);
  const undo = page.getByRole("button", { name: "Undo" });
  await expect(undo).toBeFocused();
  await undo.click();
  expect(await options.presetNames()).toEqual(["Summary", "Sources", "Key facts (JSON)", "Devil's advocate"]);
  await options.presetButton("Delete", "Summary").click();
  await page.getByRole("button", { name: "Dismiss: keep the preset deleted" }).click();
  expect(await options.presetNames()).toEqual(["Sources", "Key facts (JSON)", "Devil's advocate"]);

  await options.saveAndWait();
  await expect(options.saveStatus).toHaveText(/Settings saved\./);

  await options.reload();
  expect(await options.presetNames()).toEqual(["Sources", "Key facts (JSON)", "Devil's advocate"]);
  await expect(options.defaultRadio("Sources")).toBeChecked();
  const stored = (await readStoredSettings(page)).settings;
  const saved = stored?.presets.find((preset) => preset.name === "Sources");
  expect(saved).toMatchObject({
    prompt: "List the sources this page cites.",
    temperature: 0.5,
    schema: { type: "object", properties: { sources: { type: "array", items: { type: "string" } } } },
  });
  expect(stored?.defaultPresetId).toBe(saved?.id);
  expect(stored?.presets.map((preset) => preset.name)).toEqual([
    "Sources",
    "Key facts (JSON)",
    "Devil's advocate",
  ]);
});

test("a preset in error opens, takes the focus and blocks the save", async ({ openExtensionPage }) => {
  const options = await OptionsPage.open(openExtensionPage);
  await options.presetButton("Edit", "Summary").click();
  const summary = options.preset("Summary");
  await summary.getByLabel("Name", { exact: true }).fill("");
  await options.presetButton("Edit", "Untitled preset").click();
  await expect(options.presetButton("Edit", "Untitled preset")).toHaveAttribute("aria-expanded", "false");

  await options.save.click();
  await expect(options.saveAlert).toContainText("Not saved: 1 field needs fixing");
  const name = options.page.locator("#preset-builtin-summary-name");
  await expect(name).toBeFocused();
  await expect(options.page.locator("#preset-builtin-summary-name-error")).toHaveText(/Enter a name/);
  expect((await readStoredSettings(options.page)).settings).toBeUndefined();
});

test("settings written elsewhere show up; a v1 value is migrated to the current version with the built-in presets", async ({
  openExtensionPage,
}) => {
  const options = await OptionsPage.open(openExtensionPage);
  await writeStoredSettings(options.page, {
    settings: {
      baseUrl: "https://v1.example.com",
      apiKey: "lk_v1",
      defaultPrompt: "Old prompt",
      defaultTemperature: 0.3,
    } as never,
    settings$: { v: 1 },
  });
  // A page loading the settings item runs the migration.
  await options.reload();
  await expect(options.baseUrl).toHaveValue("https://v1.example.com");
  await expect(options.welcome).toBeHidden();
  expect(await options.presetNames()).toEqual(["Summary", "Key facts (JSON)", "Critique"]);
  const stored = await readStoredSettings(options.page);
  expect(stored.settings$).toEqual({ v: SETTINGS_VERSION });
  expect(stored.settings).toMatchObject({ apiKey: "lk_v1", defaultPresetId: "builtin-summary" });

  // Another tab saves: an untouched form follows.
  await writeStoredSettings(options.page, { settings: { ...stored.settings, apiKey: "lk_other" } as never });
  await expect(options.apiKey).toHaveValue("lk_other");
});

test("dark mode follows prefers-color-scheme", async ({ openExtensionPage }) => {
  const options = await OptionsPage.open(openExtensionPage);
  const background = () =>
    options.page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  await options.page.emulateMedia({ colorScheme: "light" });
  const light = await background();
  await options.page.emulateMedia({ colorScheme: "dark" });
  const dark = await background();
  expect(light).toBe("rgb(246, 247, 249)");
  expect(dark).toBe("rgb(19, 21, 24)");
  // Every control has a name.
  const unnamed = await options.page.evaluate(() =>
    [...document.querySelectorAll("input, textarea, button, select")]
      .filter((element) => {
        const el = element as HTMLInputElement;
        return !(
          el.labels?.length ||
          el.getAttribute("aria-label") ||
          el.getAttribute("aria-labelledby") ||
          (el.tagName === "BUTTON" && el.textContent?.trim())
        );
      })
      .map((element) => element.outerHTML),
  );
  expect(unnamed).toEqual([]);
});
