import { Hono } from "hono";
import type { InstancePagesCalls } from "../../contract/instances-pages";
import { listSubAccountInstances } from "../../modules/instances/pages-sub-accounts";
import { callerFromForm, type Env } from "../context";
import { toSubAccountInstancesWire } from "../shapes/instances-pages";
import { readForm } from "../wire";
import { contractRoutes } from "./contract-routes";

/** The instance pages of issue 36 §2 (decision 090): a main account's sub-accounts' instances. */
export const pagesApi = new Hono<Env>();
const on = contractRoutes<InstancePagesCalls>(pagesApi);

on.post("/instance/get_sub_account_instances", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return toSubAccountInstancesWire(await listSubAccountInstances(c.var.ctx, caller));
});
