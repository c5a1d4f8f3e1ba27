import "../../components/ui/theme.css";
import "./sidepanel.css";
import { i18n } from "#i18n";
import { renderPage } from "../../components/render-page";
import { App } from "./App";

renderPage(App, () => i18n.t("sidepanel.documentTitle"));
