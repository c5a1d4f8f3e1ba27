// @vitest-environment jsdom
/**
 * The one row editor as each place configures it: the metadata editor (checked as typed) and the related
 * list's filters (checked once a listing is tried), driven through its labelled controls.
 */
import { createElement, useState } from "react";
import { describe, expect, it } from "vitest";
import { MetadataEditor } from "../../components/metadata-editor";
import { RelatedFilters } from "../../components/sidepanel/related-filters";
import { LIMITS } from "../../lib/api/limits";
import { checkMetadataRows, type MetadataRow, newMetadataRow } from "../../lib/editing/metadata-rows";
import type { RelatedForm, RelatedFormProblems } from "../../lib/library/related-query";
import { button, byLabel, click, description, enter, pageForEachTest, render } from "./helpers/react-page";

pageForEachTest();

let rows: MetadataRow[] = [];
function Metadata() {
  const [state, setState] = useState<MetadataRow[]>([]);
  rows = state;
  return createElement(MetadataEditor, { id: "meta", rows: state, onChange: setState });
}

function Full() {
  const [state, setState] = useState(() =>
    Array.from({ length: LIMITS.maxMetadataKeys - 1 }, (_, i) => ({
      ...newMetadataRow(`r${i}`),
      key: `k${i}`,
    })),
  );
  return createElement(MetadataEditor, { id: "meta", rows: state, onChange: setState });
}

const initial: RelatedForm = { pageNum: "1", pageSize: "10", jsonRows: [], metadataRows: [], fields: [] };
let form = initial;
function Filters() {
  const [state, setState] = useState(initial);
  const [problems, setProblems] = useState<RelatedFormProblems>({});
  form = state;
  return createElement(RelatedFilters, {
    form: state,
    onChange: setState,
    problems,
    busy: false,
    onSubmit: () => setProblems({ metadataRows: checkMetadataRows(state.metadataRows) }),
  });
}

describe("the metadata editor", () => {
  it("adds a row focused on its key, checks it as typed, and puts the focus on Add field after a removal", async () => {
    await render(Metadata, {});
    await click(button("Add field"));
    expect(document.activeElement).toBe(byLabel("Key 1"));
    await enter(byLabel("Key 1"), "priority");
    await enter(byLabel<HTMLSelectElement>("Type 1"), "number");
    await enter(byLabel("Value 1"), "abc");
    expect(byLabel("Value 1").getAttribute("aria-invalid")).toBe("true");
    expect(description(byLabel("Value 1"))).toContain("Enter a number, like 42 or -1.5.");
    await enter(byLabel("Value 1"), "3");
    expect(byLabel("Value 1").getAttribute("aria-invalid")).toBeNull();
    expect(rows).toMatchObject([{ key: "priority", type: "number", value: "3" }]);

    await click(button("Add field"));
    await enter(byLabel("Key 2"), "priority");
    expect(description(byLabel("Key 2"))).toContain("This key is already used above.");
    await enter(byLabel<HTMLSelectElement>("Type 2"), "null");
    expect(byLabel("Value 2").tagName).toBe("OUTPUT");

    await click(byLabel("Remove field 1"));
    expect(rows).toMatchObject([{ key: "priority", type: "null" }]);
    expect(document.activeElement).toBe(button("Add field"));
  });

  it("stops adding at the contract's number of keys", async () => {
    await render(Full, {});
    expect(button("Add field").disabled).toBe(false);
    await click(button("Add field"));
    expect(button("Add field").disabled).toBe(true);
  });
});

describe("the related list's filters", () => {
  it("name their controls after their filter, show problems once a listing is tried, and keep the focus", async () => {
    await render(Filters, {});
    const group = [...document.querySelectorAll("fieldset")].find((fieldset) =>
      fieldset.querySelector("legend")?.textContent?.includes("Metadata filter"),
    ) as HTMLElement;
    await click(button("Add row", group));
    expect(document.activeElement).toBe(byLabel("Metadata filter: key 1"));
    await enter(byLabel("Metadata filter: key 1"), "batch");
    await enter(byLabel<HTMLSelectElement>("Metadata filter: type 1"), "number");
    await enter(byLabel("Metadata filter: value 1"), "many");
    expect(byLabel("Metadata filter: value 1").getAttribute("aria-invalid")).toBeNull();
    await click(button("List related"));
    expect(byLabel("Metadata filter: value 1").getAttribute("aria-invalid")).toBe("true");
    expect(description(byLabel("Metadata filter: value 1"))).toContain("Enter a number");
    expect(form.metadataRows).toMatchObject([{ key: "batch", type: "number", value: "many" }]);

    await click(byLabel("Remove Metadata filter row 1"));
    expect(form.metadataRows).toEqual([]);
    expect(document.activeElement?.textContent).toBe("Add row");
    expect(group.contains(document.activeElement)).toBe(true);
  });
});
