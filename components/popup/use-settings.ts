import { useEffect, useState } from "react";
import { cleanSettings } from "../../lib/settings/clean-settings";
import type { Settings } from "../../lib/settings/settings";
import { readSettings, watchSettings } from "../../lib/settings/settings-store";

/** The stored settings, kept current while the page is open; `undefined` until they are read. */
export function useSettings(): Settings | undefined {
  const [settings, setSettings] = useState<Settings>();
  useEffect(() => {
    let live = true;
    readSettings().then(
      (value) => {
        if (live) setSettings(value);
      },
      (error: unknown) => {
        console.error("[linklens] could not read the settings", error);
        if (live) setSettings(cleanSettings(undefined));
      },
    );
    const unwatch = watchSettings((value) => {
      if (live) setSettings(value);
    });
    return () => {
      live = false;
      unwatch();
    };
  }, []);
  return settings;
}
