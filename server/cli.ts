import { ConfigError, readServiceConfig, USAGE } from "./config";
import { GeneratorConfigError } from "./generate";
import { PortInUseError, startService } from "./service";

async function main() {
  const argv = process.argv.slice(2);
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(USAGE);
    return;
  }
  const service = await startService(readServiceConfig(argv, process.env));
  console.log(`Linklens service on ${service.url}`);
  if (service.devKey) console.log(`API key: ${service.devKey}`);
  // Said of an empty store too: a benchmark or a supervisor waits for this line before it measures.
  void service.warmedUp.then(({ cached, indexed }) =>
    console.log(`Warmed up: ${cached} analyses cached, ${indexed} in the related index`),
  );

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await service.close();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((error) => {
  if (error instanceof PortInUseError) {
    console.error(error.message);
    process.exit(2);
  }
  if (error instanceof ConfigError || error instanceof GeneratorConfigError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
