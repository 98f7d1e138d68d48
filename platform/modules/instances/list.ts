import { and, count, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { preparedOncePerDb } from "../../db/prepared";
import { instances, type InstanceState } from "../../db/market-schema";
import type { Caller, Ctx } from "../context";
import { totalFromPage, type Page, type PageRequest } from "../page";
import { instanceAccess, type InstanceAccessShown } from "./detail";
import { jupyterTurnedOff } from "./plugins";
import { ownedByPlaceholders } from "./scope";
import { selectInstances, toInstance, type Instance } from "./view";

/** "all" lists every state, released ones too; no filter lists all but the released. */
export type InstanceStateFilter = InstanceState | "all" | null;

/** How the list filters states: every state, all but the released, or one state. */
type StateFilterKind = "all" | "unreleased" | "one";

const kindOf = (state: InstanceStateFilter): StateFilterKind =>
  state === "all" ? "all" : state === null ? "unreleased" : "one";

function stateCondition(kind: StateFilterKind): SQL | undefined {
  if (kind === "all") return undefined;
  if (kind === "unreleased") return ne(instances.state, "released");
  return eq(instances.state, sql.placeholder("state"));
}

/**
 * The list's page and count, one prepared pair per scope and state filter (six in all), built once per database
 * handle: building the five-join select took the platform's thread about 0.7 ms per call (decision 050).
 */
const listQueries = new Map<string, ReturnType<typeof preparedListQueries>>();

function preparedListQueries(sub: boolean, kind: StateFilterKind) {
  const name = `instance_list_${sub ? "sub" : "main"}_${kind}`;
  return preparedOncePerDb((db) => {
    const where = and(ownedByPlaceholders(sub), stateCondition(kind));
    return {
      page: selectInstances(db, where)
        .orderBy(desc(instances.createdAt), desc(instances.id))
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"))
        .prepare(name),
      total: db.select({ n: count() }).from(instances).where(where).prepare(`${name}_count`),
    };
  });
}

function listQueriesFor(sub: boolean, kind: StateFilterKind) {
  const key = `${sub}:${kind}`;
  let queries = listQueries.get(key);
  if (!queries) listQueries.set(key, (queries = preparedListQueries(sub, kind)));
  return queries;
}

/**
 * `/instance/get_instance_list`: the caller's instances (a main account's own
 * and its sub-accounts'; a sub-account's own), newest first, one page, each
 * with its host's free GPUs and its usage not yet settled.
 */
/** A row of the list: the instance and how to reach it, never its password (that is the detail's, on request). */
export type InstanceListItem = Instance & { access: InstanceAccessShown | null };

export async function listInstances(
  ctx: Pick<Ctx, "db" | "now" | "providers">,
  caller: Caller,
  input: PageRequest & { state: InstanceStateFilter },
): Promise<Page<InstanceListItem>> {
  const now = ctx.now();
  const sub = caller.subAccountId !== null;
  const queries = listQueriesFor(sub, kindOf(input.state))(ctx.db);
  const params = {
    userId: caller.userId,
    subAccountId: caller.subAccountId,
    state: typeof input.state === "string" ? input.state : null,
  };
  const rows = await queries.page.execute({
    ...params,
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  });
  // Most callers have fewer instances than a page holds: their first page is their whole list, and is not counted again.
  const total = totalFromPage(input, rows.length) ?? Number((await queries.total.execute(params))[0]?.n ?? 0);
  const jupyterOff = await jupyterTurnedOff(
    ctx.db,
    rows.map((r) => r.i.id),
  );
  return {
    items: rows.map((r) => {
      const instance = toInstance(r, now);
      return { ...instance, access: instanceAccess(ctx, instance, false, jupyterOff.has(instance.id)) };
    }),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}
