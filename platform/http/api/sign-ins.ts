import { Hono } from "hono";
import { z } from "zod";
import type { SignInCalls } from "../../contract/sign-ins";
import { listSignedInDevices, signOutDevice, signOutOtherDevices } from "../../modules/accounts/devices";
import { listSignInRecords } from "../../modules/accounts/sign-in-records";
import { callerFromForm, type Env } from "../context";
import * as f from "../fields";
import { toSignedInDevice, toSignInRecord } from "../shapes/sign-ins";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";

/** The caller's signed-in devices and sign-in history (issue 38 §1; platform/contract/sign-ins.ts). */
export const signInsApi = new Hono<Env>();
const on = contractRoutes<SignInCalls>(signInsApi);

const DeviceFields = z.object({ id: f.id("设备") });

on.post("/get_login_devices", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return { devices: (await listSignedInDevices(c.var.ctx, caller)).map(toSignedInDevice) };
});

on.post("/logout_device", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const { id } = parseFields(DeviceFields, form);
  await signOutDevice(c.var.ctx, caller, id);
  return null;
});

on.post("/logout_other_devices", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return { signed_out: await signOutOtherDevices(c.var.ctx, caller) };
});

on.post("/get_login_records", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return { records: (await listSignInRecords(c.var.ctx, caller)).map(toSignInRecord) };
});
