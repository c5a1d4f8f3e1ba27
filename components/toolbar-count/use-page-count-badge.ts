import { useEffect, useState } from "react";
import { watchTabsPermission } from "../../lib/browser/tabs-permission";
import {
  type PageCountBadge,
  pageCountBadgeItem,
  showsPageCounts,
} from "../../lib/settings/page-count-badge";

/**
 * The toolbar count's opt-in as it stands (`enabled` only while `tabs` is still granted), following
 * changes made elsewhere (the other page, the browser's add-on settings); `undefined` while loading.
 */
export function usePageCountBadge(): PageCountBadge | undefined {
  const [state, setState] = useState<PageCountBadge>();
  useEffect(() => {
    let live = true;
    const read = () =>
      void Promise.all([pageCountBadgeItem.getValue(), showsPageCounts()]).then(([stored, enabled]) => {
        if (live) setState({ answered: stored.answered, enabled });
      });
    read();
    const unwatch = pageCountBadgeItem.watch(read);
    watchTabsPermission(read);
    return () => {
      live = false;
      unwatch();
    };
  }, []);
  return state;
}
