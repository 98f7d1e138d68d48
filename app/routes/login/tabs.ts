/** The login page's tabs; kept apart from the zod schemas so the browser bundle stays small. */
export const LOGIN_TABS = ["password", "sms", "sub", "register", "company"] as const;
export type LoginTab = (typeof LOGIN_TABS)[number];

export const TAB_LABELS: Record<LoginTab, string> = {
  password: "密码登录",
  sms: "验证码登录",
  sub: "子账号登录",
  register: "注册",
  company: "企业注册",
};

export function parseTab(value: string | null | undefined): LoginTab {
  return (LOGIN_TABS as readonly string[]).includes(value ?? "") ? (value as LoginTab) : "password";
}

/** Which SMS purpose a tab's "send code" button asks for. */
export const CODE_PURPOSE = { sms: "login", register: "register", company: "company_register" } as const;

/** The 微信登录 tab: a page of its own (/login/wechat, issue 38 §2), keeping where to go after. */
export function wechatLoginHref(redirectTo: string): string {
  return redirectTo === "/console/dashboard" ? "/login/wechat" : `/login/wechat?${new URLSearchParams({ redirectTo })}`;
}
