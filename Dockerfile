# syntax=docker/dockerfile:1
#
# One image, two roles:
#   web + in-process platform (default):  docker run -p 3000:3000 --env-file gpu.env -v gpu-data:/data <image>
#                                         (gpu.env: the variables required below)
#   platform alone (split deployment):    docker run -e HOST=0.0.0.0 -e PORT=3001 … <image> npm run start:platform
#                                         (= node build/platform.js, the bundled platform/main.ts)
#   operator commands inside the image:   docker exec <container> node build/ops.js <command> --name value …
#                                         (then run the web image with PLATFORM_URL=http://<platform>:3001;
#                                         both with the same PLATFORM_WEB_TIER_KEY)
#
# Required in production (APP_ENV=production is set below; the image sets no provider, the deployment does):
#   SESSION_SECRET  at least 32 characters (e.g. `openssl rand -hex 32`); signs the session cookie.
#                   The web tier refuses to start without it.
#   SMS_PROVIDER=aliyun with ALIYUN_ACCESS_KEY_ID, ALIYUN_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME,
#                   ALIYUN_SMS_TEMPLATE_CODE (see docs/configuration.md).
#   EMAIL_PROVIDER=smtp with SMTP_URL (smtps://user:pass@host:465) and MAIL_FROM.
#   PUBLIC_URL      the site's https origin; payment callbacks are sent to <PUBLIC_URL>/api/pay/notify/….
#   PAYMENT_WECHAT=wechatpay with WECHATPAY_APP_ID, WECHATPAY_MCH_ID, WECHATPAY_SERIAL_NO,
#                   WECHATPAY_PRIVATE_KEY(_FILE), WECHATPAY_API_V3_KEY, WECHATPAY_PLATFORM_CERT(_FILE),
#                   WECHATPAY_PLATFORM_SERIAL.
#   PAYMENT_ALIPAY=alipay with ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY(_FILE), ALIPAY_PUBLIC_KEY(_FILE).
#   IDENTITY_PROVIDER=aliyun with ALIYUN_ACCESS_KEY_ID, ALIYUN_ACCESS_KEY_SECRET, ALIYUN_FACE_SCENE_ID.
#                   The platform refuses to start with a sandbox provider (docs/decisions/026, 030, 098).
# Optional:
#   DATABASE_URL    postgres://… ; without it the embedded PGlite database lives in /data.
#   PLATFORM_URL    talk to a separately run platform over HTTP instead of in process; then
#                   PLATFORM_WEB_TIER_KEY (≥ 32 characters, the same on both) is required.
#   TRUST_PROXY     the proxies in front (`1`, or their addresses): without it X-Forwarded-For is ignored
#                   (docs/decisions/025).
#   SEED_DEMO=1     seed the README's demo account (off by default in production).
#
# Run with `docker run --init` (or an orchestrator that reaps processes) so SIGTERM reaches the server
# promptly through npm.

# Node 24, the Active LTS line (Node 20 reached its end of life in April 2026; package.json allows 22 and later).
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- deps: every dependency, for the build ----
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# patches/ first: npm ci's postinstall applies them (docs/decisions/014, 015).
COPY package.json package-lock.json ./
COPY patches ./patches
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

# ---- build: the Remix production build (build/ and public/build/), the platform bundles and the empty database ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

# ---- prod-deps: production dependencies only ----
# The platform runs from its bundles in build/ (no TypeScript at run time, so no tsx); patch-package is a
# production dependency, which the postinstall runs here too.
# @node-rs/argon2 ships prebuilt binaries as optional dependencies: npm picks the one for this platform.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    APP_ENV=production \
    DATA_DIR=/data \
    PORT=3000 \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false
WORKDIR /app

# Application files stay owned by root (read-only for the server); only /data is writable.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json package-lock.json ./
# `npm start` checks that build/ holds a production build first.
COPY scripts/check-build.mjs ./scripts/
# build/: the web tier, the platform's bundles (thread, standalone, ops) and the empty database a first start copies.
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
# The platform's SQL migrations are read at start-up from platform/db/migrations (MIGRATIONS_DIR to override).
COPY --from=build /app/platform/db/migrations ./platform/db/migrations

RUN mkdir -p /data && chown node:node /data
VOLUME /data

USER node
EXPOSE 3000

# The slim image has no curl: use Node's own fetch.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# = remix-serve ./build/index.js (web tier with the platform in process)
CMD ["npm", "start"]
