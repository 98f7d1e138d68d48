import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./platform/db/schema.ts",
    "./platform/db/wallet-schema.ts",
    "./platform/db/work-order-schema.ts",
    "./platform/db/staff-schema.ts",
    "./platform/db/market-schema.ts",
    "./platform/db/delivery-schema.ts",
    "./platform/db/content-schema.ts",
    "./platform/db/refund-schema.ts",
    "./platform/db/timeline-schema.ts",
    "./platform/db/disk-schema.ts",
    "./platform/db/plugins-schema.ts",
    "./platform/db/schedule-schema.ts",
    "./platform/db/host-schema.ts",
    "./platform/db/images-schema.ts",
    "./platform/db/gpu-notice-schema.ts",
    "./platform/db/downgrade-schema.ts",
    "./platform/db/identity-sandbox-schema.ts",
    "./platform/db/verification-schema.ts",
    "./platform/db/account-security-schema.ts",
    "./platform/db/idface-schema.ts",
    "./platform/db/student-schema.ts",
  ],
  out: "./platform/db/migrations",
});
