import { eq } from "drizzle-orm";
import { hashApiKey } from "../../../server/store/key-hash";
import { openStore, type StoreConfig } from "../../../server/store/open-store";
import { usage } from "../../../server/store/schema";

/** What the store holds for the API key: its analyses, its usage rows and its balance. */
export async function storedForKey(apiKey: string, config: StoreConfig) {
  const store = await openStore(config);
  try {
    const tenant = await store.findTenant(hashApiKey(apiKey));
    if (!tenant) throw new Error(`no tenant for ${apiKey}`);
    const analyses = await store.listAnalyses(tenant.id);
    const usageRows = await store.db.select().from(usage).where(eq(usage.tenantId, tenant.id));
    return {
      analysisIds: analyses.map((analysis) => analysis.analysisId),
      usageRows,
      credits: tenant.credits,
    };
  } finally {
    await store.close();
  }
}
