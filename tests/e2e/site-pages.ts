/**
 * The pages the site-wide walks visit: axe (accessibility.spec.ts) and the CSP
 * (security-headers.js-only.spec.ts). A new page joins both walks here. The
 * public content pages have their own axe checks in their journeys (docs,
 * datasets, software, models), so only the CSP walk adds CONTENT_PAGES.
 */
export const PUBLIC_PAGES = [
  "/store",
  "/store?type=kvm&gpu=rtx4090&price_min=abc",
  "/store?type=bare_metal",
  "/login",
  "/login?tab=password",
  "/login?tab=sms",
  "/login?tab=sub",
  "/login?tab=register",
  "/login?tab=company",
  "/inform",
  "/informDetail/3",
  "/agreements",
  "/unregisterAgreement",
  "/verifyAgreement",
  "/workOrderAgreement",
  "/scoreStore",
];

export const CONTENT_PAGES = [
  "/docs",
  "/docs/billing-modes",
  "/docs/open-api-signing",
  "/docs/search?q=数据盘",
  "/dataset",
  "/software",
  "/AIModels",
];

export const CONSOLE_PAGES = [
  "/console/dashboard",
  "/console/accountInfo",
  "/console/messages",
  "/console/messages?tab=notifications",
  "/console/safe",
  "/console/recharge",
  "/console/powerMoney",
  "/console/cloudDisk",
  "/console/credit",
  "/console/finance/orders",
  "/console/finance/expenseDetail",
  "/console/finance/withdrawRecords",
  "/console/coupon",
  "/console/coupon/center",
  "/console/createWorkOrder/selectQuestion",
  "/console/createWorkOrder/selectQuestion?keyword=充值",
  "/console/createWorkOrder/myWorkOrder",
  "/console/reservations",
  "/console/openapi/accessKey",
  "/scoreStore",
];
