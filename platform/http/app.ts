import { Hono } from "hono";
import { MAX_BODY_BYTES } from "../contract/limits";
import { readinessProbe } from "../db/readiness";
import { limitBody } from "./body-limit";
import type { Ctx } from "../modules/context";
import { accountsApi } from "./api/accounts";
import { contentImagesApi } from "./api/content-images";
import { financeApi } from "./api/finance";
import { invoicesApi } from "./api/invoices";
import { marketApi } from "./api/market";
import { couponsApi } from "./api/coupons";
import { docsApi } from "./api/docs";
import { noticesApi } from "./api/notices";
import { paymentsApi } from "./api/payments";
import { modelsApi } from "./api/models";
import { securityApi } from "./api/security";
import { signInsApi } from "./api/sign-ins";
import { accountSecurityApi } from "./api/account-security";
import { twoStepApi } from "./api/two-step";
import { subAccountsApi } from "./api/sub-accounts";
import { vouchersApi } from "./api/vouchers";
import { pointsStoreApi } from "./api/points-store";
import { raffleApi } from "./api/raffle";
import { partnerApi } from "./api/partner";
import { instancesApi } from "./api/instances";
import { pagesApi } from "./api/pages";
import { wechatApi } from "./api/wechat";
import { refundApi } from "./api/refund";
import { timelineApi } from "./api/timeline";
import { renewApi } from "./api/renew";
import { scheduleApi } from "./api/schedule";
import { gpuNoticeApi } from "./api/gpu-notice";
import { resizeApi } from "./api/resize";
import { pluginsApi } from "./api/plugins";
import { hostApi } from "./api/host";
import { customImagesApi } from "./api/custom-images";
import { datasetsApi } from "./api/datasets";
import { softwareApi } from "./api/software";
import { searchApi } from "./api/search";
import { cloudDiskApi } from "./api/cloud-disk";
import { openApiKeysApi } from "./api/open-api-keys";
import { OPEN_API_PREFIX } from "./open-api/calls";
import { openApiRoutes } from "./open-api/router";
import { openApiDocument } from "./open-api/document";
import type { Addressing } from "./client-address";
import type { Env } from "./context";
import { DomainError } from "../modules/errors";
import { mainApiError, thirdPartyError, UNKNOWN_PATH } from "./errors-reply";
import { noStore } from "./no-store";
import { opsRoutes } from "./ops";
import { sandboxRoutes } from "./sandbox";
import { sandboxPayRoutes } from "./sandbox-pay";
import { sandboxFaceRoutes } from "./sandbox-face";
import { sandboxWechatRoutes } from "./sandbox-wechat";
import { wechatEventRoutes } from "./wechat-event";
import { staffApi } from "./staff";
import { thirdPartyApi } from "./third-party";
import { verificationFileApi } from "./third-party/verification-file";
import { verificationOcrApi } from "./third-party/verification-ocr";
import { workOrderFileApi } from "./third-party/work-order-file";

export interface HttpAppOptions {
  /** Mount /sandbox/* (the outboxes, the e2e session door): only outside production (config.sandbox, decision 026). */
  sandbox: boolean;
  /** Where a request's client address comes from (decision 025). */
  addressing: Addressing;
  /** The operators' key; without one /ops answers 404 (decision 035; and when /ops has its own port, decision 061). */
  opsKey?: string;
}

/** An app whose handlers get the context, the addressing and their own dispatch; every reply uncached. */
function platformApp(ctx: Ctx, addressing: Addressing): Hono<Env> {
  const app = new Hono<Env>();
  app.use("*", async (c, next) => {
    c.set("ctx", ctx);
    c.set("addressing", addressing);
    c.set("dispatch", async (request) => app.fetch(request));
    await next();
  });
  app.use("*", noStore);
  return app;
}

/**
 * The operators' door alone, for its own port (OPS_PORT, decision 061): only
 * /ops, and its clients' addresses read from the socket (and TRUST_PROXY),
 * never from a web tier's header.
 */
export function createOpsApp(ctx: Ctx, options: { opsKey?: string; addressing: Addressing }): Hono<Env> {
  const app = platformApp(ctx, options.addressing);
  app.route("/ops", opsRoutes(options.opsKey));
  app.notFound((c) => c.json({ ok: false, message: "not found" }, 404));
  return app;
}

/**
 * The platform's HTTP face: /api, /third-party, /sandbox (outside production
 * only), /ops (unless it has its own port: pass no opsKey, and it answers 404),
 * /healthz, /readyz.
 */
export function createHttpApp(ctx: Ctx, options: HttpAppOptions): Hono<Env> {
  const app = platformApp(ctx, options.addressing);

  app.get("/healthz", (c) => c.json({ ok: true }));
  const ready = readinessProbe(ctx.db);
  app.get("/readyz", async (c) => {
    const ok = await ready();
    return c.json({ ok }, ok ? 200 : 503);
  });

  // The open API (issue 38 §4): signed by a key rather than a session, with its own refusals; ahead of /api.
  app.route(OPEN_API_PREFIX, openApiRoutes());
  app.get("/api/openapi.json", (c) => c.json(openApiDocument()));

  const api = new Hono<Env>();
  api.use(
    "*",
    limitBody(MAX_BODY_BYTES, (c) => mainApiError(c, new DomainError("PAYLOAD_TOO_LARGE"))),
  );
  api.route("/", accountsApi);
  api.route("/", noticesApi);
  api.route("/", modelsApi);
  api.route("/", securityApi);
  api.route("/", signInsApi);
  api.route("/", accountSecurityApi);
  api.route("/", twoStepApi);
  api.route("/", subAccountsApi);
  api.route("/", vouchersApi);
  api.route("/", pointsStoreApi);
  api.route("/", raffleApi);
  api.route("/", partnerApi);
  api.route("/", paymentsApi);
  api.route("/", financeApi);
  api.route("/", invoicesApi);
  api.route("/", couponsApi);
  api.route("/", marketApi);
  api.route("/", instancesApi);
  api.route("/", refundApi);
  api.route("/", timelineApi);
  api.route("/", renewApi);
  api.route("/", scheduleApi);
  api.route("/", gpuNoticeApi);
  api.route("/", resizeApi);
  api.route("/", pluginsApi);
  api.route("/", hostApi);
  api.route("/", customImagesApi);
  api.route("/", datasetsApi);
  api.route("/", softwareApi);
  api.route("/", docsApi);
  api.route("/", searchApi);
  api.route("/", contentImagesApi);
  api.route("/", cloudDiskApi);
  api.route("/", openApiKeysApi);
  api.route("/", pagesApi);
  api.route("/", wechatApi);
  api.onError((error, c) => mainApiError(c, error));
  api.notFound((c) => mainApiError(c, UNKNOWN_PATH, 404));
  app.route("/api", api);

  app.route("/third-party", workOrderFileApi); // its own body limit (10 MB), ahead of the 64 KB one below
  app.route("/third-party", verificationFileApi); // the same
  app.route("/third-party", verificationOcrApi); // the same
  app.route("/third-party", wechatEventRoutes); // the official account's XML pushes, 16 KB at most
  const thirdParty = new Hono<Env>();
  thirdParty.use(
    "*",
    limitBody(MAX_BODY_BYTES, (c) => thirdPartyError(c, new DomainError("PAYLOAD_TOO_LARGE"))),
  );
  thirdParty.route("/", thirdPartyApi);
  app.route("/third-party", thirdParty);

  if (options.sandbox) {
    app.route("/sandbox/pay", sandboxPayRoutes);
    app.route("/sandbox/face", sandboxFaceRoutes);
    app.route("/sandbox/wechat", sandboxWechatRoutes);
    app.route("/sandbox", sandboxRoutes);
  }
  app.route("/ops", opsRoutes(options.opsKey));
  app.route("/staff", staffApi());

  app.notFound((c) =>
    c.req.path.startsWith("/third-party/")
      ? c.json({ code: 100022, reason: "接口不存在", message: "接口不存在", data: null }, 404)
      : mainApiError(c, UNKNOWN_PATH, 404),
  );
  app.onError((error, c) => mainApiError(c, error));
  return app;
}
