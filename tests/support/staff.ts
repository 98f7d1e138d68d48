import { randomInt } from "node:crypto";
import { STAFF_SESSION_HEADER } from "../../platform/contract/staff";
import type { StaffRole } from "../../platform/db/staff-schema";
import { encodeFields, type ApiReply, type Fields, type Reply, type TestPlatform } from "./platform";

export interface TestStaff {
  login: string;
  password: string;
  name: string;
  role: StaffRole;
}

/** A staff account made as operators make them (`staff add` through /ops), with a login no other test uses. */
export async function addStaff(t: TestPlatform, role: StaffRole = "agent", name = "客服小王"): Promise<TestStaff> {
  const staff = { login: `staff${randomInt(0, 1e9)}`, password: "Desk-passw0rd", name, role };
  const reply = await t.ops("staff add", { login: staff.login, name, role, password: staff.password });
  if (reply.http !== 200) throw new Error(`staff add refused: ${JSON.stringify(reply.body)}`);
  return staff;
}

/** A form POST to /staff{path}, with a staff token in its header when given. */
export function staffPost<T = any>(
  t: TestPlatform,
  path: string,
  token: string | null,
  fields: Fields = {},
  headers: Record<string, string> = {},
): Promise<Reply<ApiReply<T>>> {
  return t.request(`/staff${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(token === null ? {} : { [STAFF_SESSION_HEADER]: token }),
      ...headers,
    },
    body: encodeFields(fields),
  }) as Promise<Reply<ApiReply<T>>>;
}

/** Logs a staff member in and returns the staff token. */
export async function staffLogin(t: TestPlatform, staff: TestStaff): Promise<string> {
  const reply = await staffPost<{ token: string }>(t, "/login", null, { login: staff.login, password: staff.password });
  if (reply.body.status !== 0) throw new Error(`staff login refused: ${reply.body.reason}`);
  return reply.body.data.token;
}
