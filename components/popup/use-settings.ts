import { useEffect, useState } from "react";
import type { Settings } from "../../lib/settings/settings";
import {
  readTrustedSettings,
  trustStoredSettings,
  watchTrustedSettings,
} from "../../lib/settings/trusted-settings";

/** The stored settings, kept current while the page is open; `undefined` until they are read. */
export function useSettings(): Settings | undefined {
  const [settings, setSettings] = useState<Settings>();
  useEffect(() => {
    let live = true;
    readTrustedSettings().then(
      (value) => {
        if (live) setSettings(value);
      },
      (error: unknown) => {
        console.error("[linklens] could not read the settings", error);
        if (live) setSettings(trustStoredSettings(undefined));
      },
    );
    const unwatch = watchTrustedSettings((value) => {
      if (live) setSettings(value);
    });
    return () => {
      live = false;
      unwatch();
    };
  }, []);
  return settings;
}
