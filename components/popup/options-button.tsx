import { browser } from "wxt/browser";
import { i18n } from "#i18n";
import { Button } from "../ui/button";

/** Opens the options page (in a tab), where the service URL and the API key are set. */
export function OptionsButton({ size = "normal" }: { size?: "normal" | "small" }) {
  return (
    <Button size={size} onClick={() => void browser.runtime.openOptionsPage()}>
      {i18n.t("popup.openOptions")}
    </Button>
  );
}
