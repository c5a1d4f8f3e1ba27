import "../../components/ui/theme.css";
import "./confirm.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { i18n } from "#i18n";
import { App } from "./App";

document.documentElement.lang = i18n.t("htmlLang");
document.title = i18n.t("confirmJob.documentTitle");

createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
