import { and, count, desc, eq, ne, type SQL } from "drizzle-orm";
import { instances, type InstanceState } from "../../db/market-schema";
import type { Caller, Ctx } from "../context";
import type { Page, PageRequest } from "../page";
import { ownedBy } from "./scope";
import { selectInstances, toInstance, type Instance } from "./view";

/** "all" lists every state, released ones too; no filter lists all but the released. */
export type InstanceStateFilter = InstanceState | "all" | null;

function stateCondition(state: InstanceStateFilter): SQL | undefined {
  if (state === "all") return undefined;
  if (state === null) return ne(instances.state, "released");
  return eq(instances.state, state);
}

/**
 * `/instance/get_instance_list`: the caller's instances (a main account's own
 * and its sub-accounts'; a sub-account's own), newest first, one page, each
 * with its host's free GPUs and its usage not yet settled.
 */
export async function listInstances(
  ctx: Pick<Ctx, "db" | "now">,
  caller: Caller,
  input: PageRequest & { state: InstanceStateFilter },
): Promise<Page<Instance>> {
  const now = ctx.now();
  const where = and(ownedBy(caller), stateCondition(input.state));
  const rows = await selectInstances(ctx.db, where)
    .orderBy(desc(instances.createdAt), desc(instances.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const [total] = await ctx.db.select({ n: count() }).from(instances).where(where);
  return {
    items: rows.map((r) => toInstance(r, now)),
    total: Number(total?.n ?? 0),
    page: input.page,
    pageSize: input.pageSize,
  };
}
