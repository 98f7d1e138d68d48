import { Hono } from "hono";
import { resolveSession } from "../../modules/accounts/sessions";
import type { Caller } from "../../modules/context";
import { visitor, type Env } from "../context";
import { thirdPartyError } from "../errors-reply";
import { bearerToken } from "./token";
import { verificationApi, verificationListApi } from "./verification";
import { verificationPersonalApi } from "./verification-personal";
import { workOrdersApi } from "./work-orders";

export type ThirdPartyEnv = Env & { Variables: Env["Variables"] & { caller: Caller } };

/**
 * /third-party: the token comes in the Authorization header ("Bearer <token>"
 * or the bare token). Routes of the work-order and verification areas mount here
 * as those areas are built.
 */
export const thirdPartyApi = new Hono<ThirdPartyEnv>();

// Answers without a token too (an empty list), so it comes before the session check.
thirdPartyApi.route("/", verificationListApi);

thirdPartyApi.use("*", async (c, next) => {
  c.set("caller", await resolveSession(c.var.ctx, visitor(c), { token: bearerToken(c) }));
  await next();
});

thirdPartyApi.onError((error, c) => thirdPartyError(c, error));
thirdPartyApi.notFound((c) => c.json({ code: 100022, reason: "接口不存在", message: "接口不存在", data: null }, 404));
thirdPartyApi.route("/", workOrdersApi);
thirdPartyApi.route("/", verificationApi);
thirdPartyApi.route("/", verificationPersonalApi);
