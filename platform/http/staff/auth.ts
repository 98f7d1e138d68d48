import { Hono } from "hono";
import { z } from "zod";
import type { StaffAuthCalls } from "../../contract/staff";
import { loginStaff } from "../../modules/staff/login";
import { revokeStaffSession } from "../../modules/staff/sessions";
import { contractRoutes } from "../api/contract-routes";
import { captchaAnswer } from "../api/security";
import { visitor, type Env } from "../context";
import { parseFields, readForm } from "../wire";
import { staffCaller } from "./context";

export const staffAuthApi = new Hono<Env>();
const on = contractRoutes<StaffAuthCalls>(staffAuthApi);

const LoginFields = z.object({
  login: z.string({ required_error: "请填写登录名" }).trim().min(1, "请填写登录名").max(32, "登录名过长"),
  password: z.string({ required_error: "请填写密码" }).min(1, "请填写密码").max(128, "密码过长"),
});

on.post("/login", async (c) => {
  const form = await readForm(c);
  const input = parseFields(LoginFields, form);
  const { token } = await loginStaff(c.var.ctx, visitor(c), { ...input, captcha: captchaAnswer(form) });
  return { token };
});

on.post("/logout", async (c) => {
  await readForm(c);
  await revokeStaffSession(c.var.ctx, await staffCaller(c));
  return null;
});

on.post("/me", async (c) => {
  await readForm(c);
  const staff = await staffCaller(c);
  return { id: staff.staffId, login: staff.login, display_name: staff.displayName, role: staff.role };
});
