/** The points store's refusal of a sub-account: on the page and from its action (shared by server and browser). */
export const SUB_ACCOUNT_STORE_REFUSAL = "子账号不能使用积分商城，请使用主账号";
