import { browser } from "wxt/browser";
import { Button } from "../ui/button";
import { t } from "./messages";

/** Opens the options page (in a tab), where the service URL and the API key are set. */
export function OptionsButton({ size = "normal" }: { size?: "normal" | "small" }) {
  return (
    <Button size={size} onClick={() => void browser.runtime.openOptionsPage()}>
      {t("popup.openOptions")}
    </Button>
  );
}
