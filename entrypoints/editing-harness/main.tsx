/** A bare page hosting the editing UI for one analysis (`?analysisId=`), for the e2e test until the side panel hosts it. */
import "../../components/ui/theme.css";
import { createRoot } from "react-dom/client";
import { AnalysisEditor } from "../../components/editing/analysis-editor";

const id = new URLSearchParams(location.search).get("analysisId") ?? "";
createRoot(document.getElementById("root") as HTMLElement).render(
  <main style={{ maxWidth: "26rem", padding: "1rem" }}>
    <AnalysisEditor analysisId={id} />
  </main>,
);
