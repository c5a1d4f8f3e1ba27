/**
 * `npm start [-- --demo] [-- --no-build] [service flags]`: builds the extension, runs the reference service
 * (127.0.0.1:8787, data in ./.data) and opens Chromium with the extension already pointed at it. `--demo`
 * also serves the fixture site (local HTTPS pages) and lets the service read it, so a first analysis
 * needs no network. On a machine with no display it says so and keeps the service running.
 */
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, readServiceConfig, USAGE } from "../server/config";
import { GeneratorConfigError } from "../server/generate";
import { PortInUseError, startService } from "../server/service";
import { type FixtureSite, startFixtureSite } from "../tests/fixtures/site";
import { EXTENSION_DIR, hasDisplay, openChromiumWithExtension } from "./start-browser";

const ROOT = resolve(import.meta.dirname, "..");
/** The page the demo offers first: an article with an author, a date and images. */
const DEMO_PAGE = "/blog/post.html";

function readStartFlags(argv: string[]) {
  const { values, tokens } = parseArgs({
    args: argv,
    strict: false,
    tokens: true,
    options: { demo: { type: "boolean" }, "no-build": { type: "boolean" } },
  });
  const own = new Set(["demo", "no-build"]);
  const serviceArgs = argv.filter((_, index) => {
    const token = tokens?.find((t) => t.index === index);
    return !(token?.kind === "option" && own.has(token.name));
  });
  return { demo: values.demo === true, build: values["no-build"] !== true, serviceArgs };
}

function buildExtension() {
  console.log("Building the extension…");
  try {
    execFileSync(resolve(ROOT, "node_modules/.bin/wxt"), ["build"], { cwd: ROOT, stdio: "pipe" });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    console.error(`${stdout ?? ""}${stderr ?? ""}`.trim());
    throw new Error("The extension did not build (above: what wxt said).");
  }
}

function printDemo(site: FixtureSite, serviceUrl: string, key: string | undefined) {
  const page = site.url(DEMO_PAGE);
  console.log(`Demo site on ${site.origin} (local pages the service may read; nothing leaves this machine)`);
  console.log(`Analyze ${page} from the Linklens popup, or with curl:`);
  console.log(`  export LINKLENS=${serviceUrl} KEY=${key ?? "<your key>"} PAGE=${page}`);
  console.log(
    `  curl -sS "$LINKLENS/v1/links" -H "x-api-key: $KEY" -H 'content-type: application/json' ` +
      `-d "{\\"link\\":[\\"$PAGE\\"],\\"prompt\\":\\"How long does the dough rise?\\"}"`,
  );
}

async function main() {
  const { demo, build, serviceArgs } = readStartFlags(process.argv.slice(2));
  if (build) buildExtension();

  const site = demo ? await startFixtureSite({ dir: resolve(ROOT, ".data") }) : undefined;
  const config = readServiceConfig(serviceArgs, process.env);
  const service = await startService(
    site ? { ...config, allowPrivateNetworks: true, ca: site.caPem } : config,
  ).catch(async (error) => {
    await site?.close();
    throw error;
  });
  console.log(`Linklens service on ${service.url}`);
  if (service.devKey) console.log(`API key: ${service.devKey}`);
  if (site) printDemo(site, service.url, service.devKey);

  const stop = async () => {
    await service.close();
    await site?.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);

  if (!hasDisplay()) {
    console.log(`
No display here, so no browser was opened; the service keeps running (Ctrl+C stops it).
To use the extension, load it by hand in Chrome or Chromium on a machine with a display:
  1. open chrome://extensions and turn on "Developer mode";
  2. "Load unpacked" and choose ${EXTENSION_DIR};
  3. in Linklens's options, set the base URL to ${service.url} and the API key above.`);
    return;
  }
  const browser = await openChromiumWithExtension({
    serviceUrl: service.url,
    apiKey: service.devKey,
    openPage: site?.url(DEMO_PAGE),
  });
  console.log("Chromium is open with Linklens loaded and configured. Close it or press Ctrl+C to stop.");
  browser.on("close", stop);
}

main().catch((error) => {
  if (error instanceof PortInUseError) console.error(error.message);
  else if (error instanceof ConfigError || error instanceof GeneratorConfigError) {
    console.error(`${error.message}\n\n${USAGE}`);
  } else console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof ConfigError || error instanceof PortInUseError ? 2 : 1);
});
