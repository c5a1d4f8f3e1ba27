import { useEffect, useMemo, useState } from "react";
import type { SchemaTextCheck } from "../lib/schema/schema-check";

type CheckSchemaText = (text: string) => SchemaTextCheck;

/** Once loaded, for every later form of the page. */
let loaded: CheckSchemaText | undefined;

/**
 * The schema check of `text` while `enabled`, or `undefined` until the check has loaded: it carries a
 * regular-expression parser, so a page that shows a schema only in some states (the popup, with structured
 * output on) loads it when it first needs it rather than when it opens.
 */
export function useSchemaCheck(text: string, enabled: boolean): SchemaTextCheck | undefined {
  const [check, setCheck] = useState(() => loaded);
  useEffect(() => {
    if (!enabled || check) return;
    let current = true;
    void import("../lib/schema/schema-check").then((module) => {
      loaded = module.checkSchemaText;
      if (current) setCheck(() => module.checkSchemaText);
    });
    return () => {
      current = false;
    };
  }, [enabled, check]);
  return useMemo(() => (enabled && check ? check(text) : undefined), [enabled, check, text]);
}
