/**
 * The error half of the contract between the tiers: every error key the
 * platform can answer, its reason, its main-API status, its third-party code and
 * its HTTP class. platform/http answers with it; app/upstream reads it.
 */
export type ErrorKey =
  | "SESSION_INVALID"
  | "SESSION_EXPIRED"
  | "BAD_REQUEST"
  | "PAYLOAD_TOO_LARGE"
  | "NOT_FOUND"
  | "PERMISSION_DENIED"
  | "UPLOAD_EMPTY"
  | "UPLOAD_TOO_LARGE"
  | "UPLOAD_TYPE_UNSUPPORTED"
  | "UPLOAD_TEXT_INVALID"
  | "UPLOAD_IMAGE_BROKEN"
  | "UPLOAD_IMAGE_TOO_LARGE"
  | "UPLOAD_SVG_INVALID"
  | "UPLOAD_RATE"
  | "WECHAT_QR_RATE"
  | "PHONE_INVALID"
  | "CODE_INVALID"
  | "CODE_TOO_MANY_TRIES"
  | "SMS_RATE_MINUTE"
  | "SMS_RATE_HOUR"
  | "SMS_RATE_DAY"
  | "SMS_SEND_FAILED"
  | "PHONE_REGISTERED"
  | "AGREEMENT_REQUIRED"
  | "PASSWORD_WEAK"
  | "OLD_PASSWORD_WRONG"
  | "PASSWORD_UNCHANGED"
  | "LOGIN_FAILED"
  | "CAPTCHA_REQUIRED"
  | "CAPTCHA_INVALID"
  | "SMS_RATE_ADDRESS"
  | "ACCOUNT_NOT_FOUND"
  | "SUB_LOGIN_FAILED"
  | "CREDIT_CODE_INVALID"
  | "COMPANY_NAME_INVALID"
  | "CONTACT_NAME_INVALID"
  | "EMAIL_INVALID"
  | "UNREGISTER_BLOCKED"
  | "BALANCE_INSUFFICIENT"
  | "OPERATION_CONFLICT"
  | "POINTS_INSUFFICIENT"
  | "STORE_ITEM_SOLD_OUT"
  | "STORE_LIMIT_REACHED"
  | "RAFFLE_NOT_STARTED"
  | "RAFFLE_ENDED"
  | "RAFFLE_NO_DRAWS"
  | "RAFFLE_ANSWERED"
  | "PARTNER_NOT_VERIFIED"
  | "COMMISSION_INSUFFICIENT"
  | "CONTENT_CHANGED"
  | "BALANCE_BELOW_PRICE"
  | "SUB_ACCOUNT_LIMIT_REACHED"
  | "SUB_ACCOUNT_BUDGET_REACHED"
  | "SUB_ACCOUNT_MAY_NOT_RENT"
  | "SUB_ACCOUNT_LIMIT_BELOW_USED"
  | "SUB_ACCOUNT_HAS_INSTANCES"
  | "OPEN_API_KEY_LIMIT"
  | "OPEN_API_KEY_NOT_FOUND"
  | "OPEN_API_HEADERS_MISSING"
  | "OPEN_API_KEY_UNKNOWN"
  | "OPEN_API_KEY_REVOKED"
  | "OPEN_API_KEY_EXPIRED"
  | "OPEN_API_SIGNATURE_INVALID"
  | "OPEN_API_TIMESTAMP_SKEWED"
  | "OPEN_API_NONCE_REUSED"
  | "OPEN_API_SCOPE_DENIED"
  | "OPEN_API_ADDRESS_DENIED"
  | "OPEN_API_RATE_LIMITED"
  | "AMOUNT_INVALID"
  | "AMOUNT_TOO_LARGE"
  | "PAY_TYPE_INVALID"
  | "QR_NOT_READY"
  | "RECHARGE_TOO_FREQUENT"
  | "TRANSFER_UNAVAILABLE"
  | "PAYMENT_PROVIDER_FAILED"
  | "ORDER_NOT_PENDING"
  | "WITHDRAW_EXCEEDS_REFUNDABLE"
  | "INVOICE_NEEDS_VERIFICATION"
  | "INVOICE_SPECIAL_NEEDS_ENTERPRISE"
  | "INVOICE_SPECIAL_NEEDS_ENTERPRISE_TITLE"
  | "INVOICE_SPECIAL_DETAILS_MISSING"
  | "INVOICE_EXCEEDS_INVOICEABLE"
  | "INVOICE_NOT_REVERSIBLE"
  | "INVOICE_ALREADY_DECIDED"
  | "INVOICE_PDF_REQUIRED"
  | "INVOICE_TITLES_FULL"
  | "WITHDRAW_INVOICED_NEEDS_REVERSAL"
  | "WITHDRAWAL_DECIDED"
  | "COUPON_ALREADY_CLAIMED"
  | "COUPON_SOLD_OUT"
  | "COUPON_USED"
  | "COUPON_EXPIRED"
  | "COUPON_NOT_RECHARGE"
  | "INSTANCE_NOT_FOUND"
  | "INSTANCE_STATE"
  | "INSTANCE_SOLD_OUT"
  | "HOST_GPU_BUSY"
  | "HOST_DISK_FULL"
  | "INSTANCE_NAME_MISMATCH"
  | "REFUND_CHANGED"
  | "OFFER_NOT_FOUND"
  | "IMAGE_INCOMPATIBLE"
  | "IMAGE_NOT_FOUND"
  | "IMAGE_QUOTA"
  | "IMAGE_NAME_TAKEN"
  | "IMAGE_IN_USE"
  | "COUPON_NOT_APPLICABLE"
  | "BODY_INVALID"
  | "WORK_ORDER_CATEGORY_INVALID"
  | "WORK_ORDER_CATEGORY_EXISTS"
  | "WORK_ORDER_CATEGORY_IN_USE"
  | "WORK_ORDER_QUESTION_INVALID"
  | "WORK_ORDER_QUESTION_EXISTS"
  | "WORK_ORDER_QUESTION_IN_USE"
  | "WORK_ORDER_DOCUMENT_INVALID"
  | "WORK_ORDER_NOT_FOUND"
  | "WORK_ORDER_FILE_NOT_FOUND"
  | "WORK_ORDER_STATE"
  | "WORK_ORDER_RESOURCE_TYPE_INVALID"
  | "WORK_ORDER_RESOURCE_INVALID"
  | "WORK_ORDER_ATTACHMENT_LIMIT"
  | "WORK_ORDER_FILE_ATTACHED"
  | "WORK_ORDER_EMAIL_REQUIRED"
  | "WORK_ORDER_EMAIL_UNCONFIRMED"
  | "NOTICE_EMAIL_NOT_SET"
  | "NOTICE_EMAIL_TOKEN_INVALID"
  | "NOTICE_EMAIL_TOKEN_EXPIRED"
  | "WORK_ORDER_SMS_NOT_OWN"
  | "WORK_ORDER_EMAIL_NOT_OWN"
  | "WORK_ORDER_SUB_ACCOUNT_SITE_ONLY"
  | "PERSON_NAME_INVALID"
  | "ID_NUMBER_INVALID"
  | "BANK_CARD_INVALID"
  | "VERIFICATION_ATTEMPTS_LIMIT"
  | "VERIFICATION_ALREADY_VERIFIED"
  | "VERIFICATION_PENDING"
  | "VERIFICATION_ID_NUMBER_TAKEN"
  | "VERIFICATION_MISMATCH"
  | "VERIFICATION_UNAVAILABLE"
  | "ID_CARD_UNREADABLE"
  | "VERIFICATION_NO_FACE_APPLICATION"
  | "VERIFICATION_PERSONAL_FIRST"
  | "VERIFICATION_COMPANY_TAKEN"
  | "VERIFICATION_AUTHORISATION_REQUIRED"
  | "VERIFICATION_UNREADABLE"
  | "VERIFICATION_ALREADY_DECIDED"
  | "VERIFICATION_EMAIL_CODE_INVALID"
  | "VERIFICATION_PERSONAL_REQUIRED"
  | "UNVERIFIED_GPU_LIMIT"
  | "DATABASE"
  | "TIMEOUT"
  | "INTERNAL";

/**
 * The error catalogue: every error the platform can answer, in one table.
 * `status` is the main API's status (0 is success, 2 a dead session, 1 any
 * other failure); `code` and `http` are what /third-party answers (spec §8).
 */
export interface CatalogueEntry {
  status: 1 | 2;
  reason: string;
  code: number;
  http: number;
}

export const ERROR_CATALOGUE: Record<ErrorKey, CatalogueEntry> = {
  SESSION_INVALID: { status: 2, reason: "登录已失效，请重新登录", code: 100031, http: 401 },
  SESSION_EXPIRED: { status: 2, reason: "登录已过期，请重新登录", code: 100032, http: 401 },
  BAD_REQUEST: { status: 1, reason: "请求参数不合法", code: 100022, http: 400 },
  PAYLOAD_TOO_LARGE: { status: 1, reason: "请求内容过大", code: 100021, http: 413 },
  NOT_FOUND: { status: 1, reason: "请求的内容不存在", code: 100022, http: 404 },
  PERMISSION_DENIED: { status: 1, reason: "没有权限执行该操作", code: 100041, http: 403 },
  UPLOAD_EMPTY: { status: 1, reason: "请选择要上传的文件（文件不能为空）", code: 100022, http: 400 },
  UPLOAD_TOO_LARGE: { status: 1, reason: "单个文件不能超过 10 MB", code: 100021, http: 413 },
  UPLOAD_TYPE_UNSUPPORTED: {
    status: 1,
    reason: "仅支持 gif、jpeg、jpg、png、svg 图片和 pdf、txt、log、zip 附件，文件内容须与类型相符",
    code: 100022,
    http: 415,
  },
  UPLOAD_TEXT_INVALID: {
    status: 1,
    reason: "txt、log 文件须为 UTF-8 编码的纯文本，不能包含二进制内容",
    code: 100022,
    http: 415,
  },
  UPLOAD_IMAGE_BROKEN: { status: 1, reason: "图片文件已损坏，无法读取图片尺寸", code: 100022, http: 400 },
  UPLOAD_IMAGE_TOO_LARGE: { status: 1, reason: "图片尺寸过大，不能超过 4000 万像素", code: 100022, http: 400 },
  UPLOAD_SVG_INVALID: { status: 1, reason: "SVG 文件无法解析，请另存为 PNG 后上传", code: 100022, http: 400 },
  UPLOAD_RATE: { status: 1, reason: "上传文件过于频繁，请稍后再试", code: 100022, http: 429 },
  WECHAT_QR_RATE: { status: 1, reason: "获取二维码过于频繁，请稍后再试", code: 100022, http: 429 },
  PHONE_INVALID: { status: 1, reason: "请输入正确的11位手机号", code: 100022, http: 400 },
  CODE_INVALID: { status: 1, reason: "验证码错误或已过期", code: 100022, http: 400 },
  CODE_TOO_MANY_TRIES: { status: 1, reason: "验证码错误次数过多，请重新获取", code: 102252, http: 429 },
  SMS_RATE_MINUTE: { status: 1, reason: "验证码发送过于频繁，请1分钟后再试", code: 102252, http: 429 },
  SMS_RATE_HOUR: { status: 1, reason: "该手机号1小时内已获取5次验证码，请1小时后再试", code: 102252, http: 429 },
  SMS_RATE_DAY: { status: 1, reason: "该手机号今日已获取10次验证码，请明天再试", code: 102252, http: 429 },
  SMS_SEND_FAILED: { status: 1, reason: "短信发送失败，请稍后再试", code: 100003, http: 424 },
  PHONE_REGISTERED: { status: 1, reason: "该手机号已注册，请直接登录", code: 100022, http: 409 },
  AGREEMENT_REQUIRED: { status: 1, reason: "请阅读并同意相关协议", code: 100022, http: 400 },
  PASSWORD_WEAK: { status: 1, reason: "密码需为8-32位，且同时包含字母和数字", code: 100022, http: 400 },
  OLD_PASSWORD_WRONG: { status: 1, reason: "当前密码不正确", code: 100022, http: 400 },
  PASSWORD_UNCHANGED: { status: 1, reason: "新密码不能与当前密码相同", code: 100022, http: 400 },
  LOGIN_FAILED: { status: 1, reason: "手机号或密码错误", code: 100031, http: 401 },
  CAPTCHA_REQUIRED: { status: 1, reason: "请完成安全验证", code: 102252, http: 429 },
  CAPTCHA_INVALID: { status: 1, reason: "图形验证码错误或已过期，请重新验证", code: 102252, http: 400 },
  SMS_RATE_ADDRESS: { status: 1, reason: "当前网络获取验证码过于频繁，请1小时后再试", code: 102252, http: 429 },
  ACCOUNT_NOT_FOUND: { status: 1, reason: "该手机号尚未注册", code: 100022, http: 404 },
  SUB_LOGIN_FAILED: { status: 1, reason: "主账号手机号、子账号名称或密码错误", code: 100031, http: 401 },
  CREDIT_CODE_INVALID: { status: 1, reason: "统一社会信用代码不正确", code: 100022, http: 400 },
  COMPANY_NAME_INVALID: { status: 1, reason: "请输入2-60个字的企业名称", code: 100022, http: 400 },
  CONTACT_NAME_INVALID: { status: 1, reason: "请输入2-20个字的联系人姓名", code: 100022, http: 400 },
  EMAIL_INVALID: { status: 1, reason: "邮箱格式不正确", code: 100022, http: 400 },
  UNREGISTER_BLOCKED: { status: 1, reason: "账号存在未处理事项，暂不能注销", code: 100041, http: 409 },
  BALANCE_INSUFFICIENT: { status: 1, reason: "余额不足", code: 100022, http: 409 },
  OPERATION_CONFLICT: { status: 1, reason: "该操作已提交过，且内容不同，请刷新页面后重试", code: 100022, http: 409 },
  POINTS_INSUFFICIENT: { status: 1, reason: "积分不足", code: 100022, http: 409 },
  /** The points store (decision 117): the item's stock ran out (the last one went to someone else). */
  STORE_ITEM_SOLD_OUT: { status: 1, reason: "该商品已兑完", code: 100022, http: 409 },
  /** The points store: the account has exchanged this item as often as each account may. */
  STORE_LIMIT_REACHED: { status: 1, reason: "已达到该商品的每人兑换上限", code: 100022, http: 409 },
  /** The raffle's window (issue 39 §4): before it and after it nothing is drawn or answered. */
  RAFFLE_NOT_STARTED: { status: 1, reason: "活动尚未开始，请在活动开始后再来抽奖", code: 100022, http: 409 },
  RAFFLE_ENDED: { status: 1, reason: "活动已结束，感谢参与", code: 100022, http: 409 },
  RAFFLE_NO_DRAWS: {
    status: 1,
    reason: "抽奖次数已用完：活动期间每消费满 100 元可获得 1 次抽奖机会，填写问卷可再得 1 次",
    code: 100022,
    http: 409,
  },
  RAFFLE_ANSWERED: { status: 1, reason: "您已填写过问卷，每个账号只能填写一次", code: 100022, http: 409 },
  /** Issue 39 §2: only verified main accounts may join the sales-partner program. */
  PARTNER_NOT_VERIFIED: { status: 1, reason: "完成实名认证后才能成为销售合伙人", code: 100022, http: 403 },
  /** Issue 39 §2: a withdrawal above the settled commission not yet withdrawn (beside the amount field). */
  COMMISSION_INSUFFICIENT: { status: 1, reason: "可提现佣金不足", code: 100022, http: 409 },
  /** An editor saved over a version they had not seen: another save came first (the lifecycle's revision check). */
  CONTENT_CHANGED: { status: 1, reason: "内容已被他人修改，请刷新页面，在最新版本上再修改", code: 100022, http: 409 },
  /** Spec §8: opens the fast-pay dialog; `data.shortfall` (yuan) is the top-up that would let the purchase pass. */
  BALANCE_BELOW_PRICE: { status: 1, reason: "可用余额少于套餐价格!", code: 100022, http: 409 },
  /** A sub-account's purchase above what it can still use (its limit, or its main account's money). */
  SUB_ACCOUNT_LIMIT_REACHED: {
    status: 1,
    reason: "子账号可用额度不足，请联系主账号调整额度",
    code: 100041,
    http: 409,
  },
  /** A sub-account's spend above what its monthly budget has left (issue 38 §3, decision 107). */
  SUB_ACCOUNT_BUDGET_REACHED: {
    status: 1,
    reason: "子账号本月预算已用完，请联系主账号调整预算",
    code: 100041,
    http: 409,
  },
  /** A sub-account whose main account turned renting off for it. */
  SUB_ACCOUNT_MAY_NOT_RENT: { status: 1, reason: "主账号未允许该子账号租用实例", code: 100041, http: 403 },
  /** A limit below what the sub-account has already used. */
  SUB_ACCOUNT_LIMIT_BELOW_USED: { status: 1, reason: "额度不能低于子账号已使用的金额", code: 100022, http: 400 },
  /** Deleting a sub-account that still has instances that are not released. */
  SUB_ACCOUNT_HAS_INSTANCES: { status: 1, reason: "该子账号还有未释放的实例，不能删除", code: 100022, http: 409 },
  AMOUNT_INVALID: { status: 1, reason: "输入金额不合法", code: 100022, http: 400 },
  AMOUNT_TOO_LARGE: { status: 1, reason: "单次充值金额不能超过 ¥1,000,000.00", code: 100022, http: 400 },
  PAY_TYPE_INVALID: { status: 1, reason: "请选择支付方式", code: 100022, http: 400 },
  QR_NOT_READY: { status: 1, reason: "二维码未生成或者已过期!", code: 100022, http: 409 },
  RECHARGE_TOO_FREQUENT: { status: 1, reason: "充值订单创建过于频繁，请稍后再试", code: 100022, http: 429 },
  TRANSFER_UNAVAILABLE: { status: 1, reason: "对公转账暂未开放，请联系客服", code: 100022, http: 409 },
  PAYMENT_PROVIDER_FAILED: {
    status: 1,
    reason: "支付渠道暂时不可用，请稍后再试或更换支付方式",
    code: 100003,
    http: 502,
  },
  ORDER_NOT_PENDING: { status: 1, reason: "该订单已处理，不能重复操作", code: 100022, http: 409 },
  WITHDRAW_EXCEEDS_REFUNDABLE: { status: 1, reason: "提现金额超过可提现余额", code: 100022, http: 409 },
  INVOICE_NEEDS_VERIFICATION: { status: 1, reason: "完成实名认证后才能申请发票", code: 100041, http: 403 },
  INVOICE_SPECIAL_NEEDS_ENTERPRISE: {
    status: 1,
    reason: "增值税专用发票仅企业认证账号可申请",
    code: 100041,
    http: 403,
  },
  INVOICE_SPECIAL_NEEDS_ENTERPRISE_TITLE: {
    status: 1,
    reason: "增值税专用发票须选择企业抬头",
    code: 100022,
    http: 400,
  },
  INVOICE_SPECIAL_DETAILS_MISSING: {
    status: 1,
    reason: "增值税专用发票须填写抬头的开户银行、银行账号、注册地址和注册电话",
    code: 100022,
    http: 400,
  },
  INVOICE_EXCEEDS_INVOICEABLE: { status: 1, reason: "开票金额超过可开票金额", code: 100022, http: 409 },
  INVOICE_NOT_REVERSIBLE: { status: 1, reason: "只有已开具的发票可以申请红冲", code: 100022, http: 409 },
  INVOICE_ALREADY_DECIDED: { status: 1, reason: "该发票申请已处理，请刷新后查看", code: 100022, http: 409 },
  INVOICE_PDF_REQUIRED: { status: 1, reason: "请上传税务系统开具的PDF发票文件", code: 100022, http: 400 },
  INVOICE_TITLES_FULL: { status: 1, reason: "发票抬头最多保存20个，请先删除不用的抬头", code: 100022, http: 409 },
  /** A withdrawal would take back cash that is already invoiced: an issued invoice must be reversed (红冲) first. */
  WITHDRAW_INVOICED_NEEDS_REVERSAL: {
    status: 1,
    reason: "提现金额包含已开票的金额，请先对已开具的发票申请红冲（或等待申请中的发票处理完毕）后再提现",
    code: 100022,
    http: 409,
  },
  WITHDRAWAL_DECIDED: { status: 1, reason: "该提现申请已处理，不能重复审核", code: 100022, http: 409 },
  COUPON_ALREADY_CLAIMED: { status: 1, reason: "您已领取过该优惠券，每人限领一张", code: 100022, http: 409 },
  COUPON_SOLD_OUT: { status: 1, reason: "优惠券已抢光", code: 100022, http: 409 },
  COUPON_USED: { status: 1, reason: "优惠券已使用", code: 100022, http: 409 },
  COUPON_EXPIRED: { status: 1, reason: "优惠券已过期", code: 100022, http: 409 },
  COUPON_NOT_RECHARGE: { status: 1, reason: "该优惠券不是充值券，请在下单时抵扣使用", code: 100022, http: 409 },
  /** Another account's instance and a missing one answer the same (no existence leak). */
  INSTANCE_NOT_FOUND: { status: 1, reason: "实例不存在或无权访问", code: 100041, http: 404 },
  INSTANCE_STATE: { status: 1, reason: "实例当前状态不允许该操作", code: 100022, http: 409 },
  IMAGE_NOT_FOUND: { status: 1, reason: "镜像不存在或无权访问", code: 100022, http: 404 },
  IMAGE_QUOTA: { status: 1, reason: "自定义镜像已达账户配额", code: 100022, http: 409 },
  IMAGE_NAME_TAKEN: { status: 1, reason: "已有同名的镜像，请换一个名称", code: 100022, http: 409 },
  IMAGE_IN_USE: { status: 1, reason: "有实例正在用该镜像创建，请稍后再删除", code: 100022, http: 409 },
  /** The last free GPUs went to others: nothing was charged. */
  INSTANCE_SOLD_OUT: { status: 1, reason: "该配置已售罄，请选择其他配置或稍后再试", code: 100022, http: 409 },
  HOST_GPU_BUSY: { status: 1, reason: "所在主机空闲GPU不足，暂时无法开机", code: 100022, http: 409 },
  /** Data disk growth (decision 093): the host has no room left for the added GB; nothing was charged. */
  HOST_DISK_FULL: { status: 1, reason: "所在主机可扩容的数据盘空间不足", code: 100022, http: 409 },
  INSTANCE_NAME_MISMATCH: { status: 1, reason: "请输入实例名称以确认释放", code: 100022, http: 400 },
  /** Stop with refund: the refund is no longer the one the page showed (a whole day ended); nothing changed. */
  REFUND_CHANGED: { status: 1, reason: "可退金额已变化，请查看新的退款金额后重新确认", code: 100022, http: 409 },
  OFFER_NOT_FOUND: { status: 1, reason: "该配置不存在或已下架", code: 100022, http: 404 },
  IMAGE_INCOMPATIBLE: { status: 1, reason: "所选镜像与该主机的CUDA版本不兼容", code: 100022, http: 400 },
  COUPON_NOT_APPLICABLE: { status: 1, reason: "该优惠券不适用于本订单", code: 100022, http: 409 },
  /** /third-party: a body that is not JSON (or form fields), or not an object (spec §8 100021). */
  BODY_INVALID: { status: 1, reason: "请求体格式不正确", code: 100021, http: 400 },
  WORK_ORDER_CATEGORY_INVALID: { status: 1, reason: "工单分类不存在", code: 100101, http: 404 },
  WORK_ORDER_CATEGORY_EXISTS: { status: 1, reason: "分类名称已存在", code: 100102, http: 409 },
  WORK_ORDER_CATEGORY_IN_USE: { status: 1, reason: "该分类正在使用中，不能删除", code: 100103, http: 409 },
  WORK_ORDER_QUESTION_INVALID: { status: 1, reason: "工单问题不存在", code: 100111, http: 404 },
  WORK_ORDER_QUESTION_EXISTS: { status: 1, reason: "该分类下已有同名问题", code: 100112, http: 409 },
  WORK_ORDER_QUESTION_IN_USE: { status: 1, reason: "该问题正在使用中，不能删除", code: 100203, http: 409 },
  WORK_ORDER_DOCUMENT_INVALID: { status: 1, reason: "帮助文档不存在", code: 100301, http: 404 },
  /** Another account's order and a missing one answer the same (no existence leak). */
  WORK_ORDER_NOT_FOUND: { status: 1, reason: "工单不存在或无权访问", code: 100041, http: 404 },
  WORK_ORDER_FILE_NOT_FOUND: { status: 1, reason: "附件不存在或无权访问", code: 100041, http: 404 },
  WORK_ORDER_STATE: { status: 1, reason: "工单当前状态不允许该操作", code: 100022, http: 409 },
  WORK_ORDER_RESOURCE_TYPE_INVALID: { status: 1, reason: "该问题不适用于所选资源类型", code: 100022, http: 400 },
  WORK_ORDER_RESOURCE_INVALID: { status: 1, reason: "请选择您名下的资源", code: 100022, http: 400 },
  WORK_ORDER_ATTACHMENT_LIMIT: { status: 1, reason: "每个工单最多上传9个附件", code: 100022, http: 409 },
  WORK_ORDER_FILE_ATTACHED: { status: 1, reason: "该附件已添加到工单", code: 100022, http: 409 },
  /** Reply notices by email go only to the account's notice email (decision 059); there is none yet. */
  WORK_ORDER_EMAIL_REQUIRED: {
    status: 1,
    reason: "尚未设置通知邮箱，请先在「账号信息」中设置",
    code: 100022,
    http: 400,
  },
  /** …and only once its owner has confirmed it by the emailed link (decision 059, addendum). */
  WORK_ORDER_EMAIL_UNCONFIRMED: {
    status: 1,
    reason: "通知邮箱尚未验证，请先在账号信息中完成验证",
    code: 100022,
    http: 400,
  },
  NOTICE_EMAIL_NOT_SET: { status: 1, reason: "尚未设置通知邮箱", code: 100022, http: 400 },
  /** A confirmation link that is malformed, unknown, or replaced by a newer link or another address. */
  NOTICE_EMAIL_TOKEN_INVALID: {
    status: 1,
    reason: "验证链接无效或已被新的验证邮件取代，请在账号信息中重新发送验证邮件",
    code: 100022,
    http: 400,
  },
  NOTICE_EMAIL_TOKEN_EXPIRED: {
    status: 1,
    reason: "验证链接已过期（有效期 24 小时），请在账号信息中重新发送验证邮件",
    code: 100022,
    http: 400,
  },
  WORK_ORDER_SMS_NOT_OWN: { status: 1, reason: "短信通知只能发送到本账号的手机号", code: 100022, http: 400 },
  WORK_ORDER_EMAIL_NOT_OWN: { status: 1, reason: "邮件通知只能发送到本账号的通知邮箱", code: 100022, http: 400 },
  WORK_ORDER_SUB_ACCOUNT_SITE_ONLY: {
    status: 1,
    reason: "子账号只能订阅站内通知，短信和邮件通知请由主账号订阅",
    code: 100041,
    http: 403,
  },
  PERSON_NAME_INVALID: { status: 1, reason: "姓名应为2到20个汉字", code: 100022, http: 400 },
  ID_NUMBER_INVALID: { status: 1, reason: "身份证号不正确，请核对", code: 100022, http: 400 },
  BANK_CARD_INVALID: { status: 1, reason: "银行卡号不正确，请核对", code: 100022, http: 400 },
  /** Real-name verification (decision 096): past the day's attempts; `data.retry_at` says when the user may try again. */
  VERIFICATION_ATTEMPTS_LIMIT: {
    status: 1,
    reason: "今日认证次数已达上限，请稍后再试",
    code: 102252,
    http: 429,
  },
  VERIFICATION_ALREADY_VERIFIED: { status: 1, reason: "您已完成该项认证，无需重复认证", code: 100022, http: 409 },
  VERIFICATION_PENDING: { status: 1, reason: "已有认证申请正在处理，请稍后查看结果", code: 100022, http: 409 },
  /** One ID number verifies at most VERIFICATION_ID_MAX_ACCOUNTS main accounts. */
  VERIFICATION_ID_NUMBER_TAKEN: {
    status: 1,
    reason: "该身份证号已用于其他账号的实名认证",
    code: 100022,
    http: 409,
  },
  /** The provider answered that the elements do not belong together; the reason is its sentence. */
  VERIFICATION_MISMATCH: { status: 1, reason: "认证信息核验不一致，请核对后重试", code: 100022, http: 400 },
  VERIFICATION_UNAVAILABLE: { status: 1, reason: "认证服务暂时不可用，请稍后再试", code: 100003, http: 502 },
  /** OCR could not read the side asked for (blurred, cut off, another document): the user uploads it again. */
  ID_CARD_UNREADABLE: {
    status: 1,
    reason: "无法识别该照片，请上传清晰、完整、无遮挡的身份证照片",
    code: 100022,
    http: 400,
  },
  /** face-print without a pending ID card application of the caller's. */
  VERIFICATION_NO_FACE_APPLICATION: {
    status: 1,
    reason: "没有等待人脸核验的认证申请，请先上传身份证并确认信息",
    code: 100022,
    http: 409,
  },
  /** Enterprise verification needs the applicant's own verified personal entry first (decision 100). */
  VERIFICATION_PERSONAL_FIRST: {
    status: 1,
    reason: "请先完成个人实名认证，再申请企业认证",
    code: 100022,
    http: 409,
  },
  /** One live (pending or verified) enterprise entry per unified social credit code, across accounts. */
  VERIFICATION_COMPANY_TAKEN: {
    status: 1,
    reason: "该统一社会信用代码已有企业认证（审核中或已认证），一家企业只能认证一次",
    code: 100022,
    http: 409,
  },
  /** The licence's legal representative is not the applicant's verified name: an authorisation letter is needed. */
  VERIFICATION_AUTHORISATION_REQUIRED: {
    status: 1,
    reason: "法定代表人与您实名认证的姓名不一致，请上传加盖公章的授权书",
    code: 100022,
    http: 400,
  },
  /** OCR could not read the document (not a licence, blurred, cut off). */
  VERIFICATION_UNREADABLE: {
    status: 1,
    reason: "无法识别营业执照，请上传清晰、完整的营业执照照片",
    code: 100022,
    http: 400,
  },
  /** A reviewer decided an application another reviewer (or the same, twice) decided first. */
  VERIFICATION_ALREADY_DECIDED: {
    status: 1,
    reason: "该申请已被审核，请刷新后查看结果",
    code: 100022,
    http: 409,
  },
  /** Student verification needs a verified personal entry first. */
  VERIFICATION_PERSONAL_REQUIRED: {
    status: 1,
    reason: "请先完成个人实名认证，再进行学生认证",
    code: 100022,
    http: 409,
  },
  /** The school mailbox code is wrong, used up or expired (student verification). */
  VERIFICATION_EMAIL_CODE_INVALID: {
    status: 1,
    reason: "邮箱验证码错误或已过期，请重新获取",
    code: 100022,
    http: 400,
  },
  /** An unverified account asking for more GPUs than UNVERIFIED_GPU_LIMIT at once. */
  UNVERIFIED_GPU_LIMIT: {
    status: 1,
    reason: "未实名认证的账号可同时使用的GPU数量有限，请先完成实名认证",
    code: 100022,
    http: 409,
  },
  // Open API keys and signed requests (issue 38 §4, decision 110): each refusal of a signed request has its own key.
  OPEN_API_KEY_LIMIT: { status: 1, reason: "最多可创建5个访问密钥，请先删除不用的密钥", code: 100022, http: 409 },
  OPEN_API_KEY_NOT_FOUND: { status: 1, reason: "访问密钥不存在或无权访问", code: 100041, http: 404 },
  OPEN_API_HEADERS_MISSING: {
    status: 1,
    reason: "缺少签名请求头（X-Key-Id、X-Timestamp、X-Nonce、X-Signature）",
    code: 100031,
    http: 401,
  },
  OPEN_API_KEY_UNKNOWN: { status: 1, reason: "访问密钥不存在", code: 100031, http: 401 },
  OPEN_API_KEY_REVOKED: { status: 1, reason: "访问密钥已删除", code: 100031, http: 401 },
  OPEN_API_KEY_EXPIRED: { status: 1, reason: "访问密钥已过期", code: 100032, http: 401 },
  OPEN_API_SIGNATURE_INVALID: { status: 1, reason: "签名不正确", code: 100031, http: 401 },
  OPEN_API_TIMESTAMP_SKEWED: { status: 1, reason: "请求时间戳与服务器时间相差超过5分钟", code: 100031, http: 401 },
  OPEN_API_NONCE_REUSED: { status: 1, reason: "请求随机数已使用过，请勿重放请求", code: 100031, http: 401 },
  OPEN_API_SCOPE_DENIED: { status: 1, reason: "访问密钥没有该接口的权限", code: 100041, http: 403 },
  OPEN_API_ADDRESS_DENIED: { status: 1, reason: "请求来源地址不在访问密钥的白名单内", code: 100041, http: 403 },
  OPEN_API_RATE_LIMITED: { status: 1, reason: "请求过于频繁，请稍后再试", code: 102252, http: 429 },
  DATABASE: { status: 1, reason: "服务繁忙，请稍后再试", code: 100001, http: 500 },
  /** Answered by the web tier, not the platform: a call that took longer than UPSTREAM_TIMEOUT_MS (spec §9: 30000 ms). */
  TIMEOUT: { status: 1, reason: "服务响应超时，请稍后重试", code: 100011, http: 504 },
  INTERNAL: { status: 1, reason: "服务繁忙，请稍后再试", code: 100011, http: 500 },
};

/** Third-party codes of spec §8 that belong to areas not built yet, kept with the rest. */
export const THIRD_PARTY_CODES = {
  100001: "database server error",
  100002: "cache server error",
  100003: "http server error",
  100011: "unknown server error",
  100021: "illegal request body",
  100022: "illegal request parameter",
  100031: "invalid access token",
  100032: "access token expired",
  100041: "permission forbidden",
  100101: "invalid work order category id",
  100102: "category name exists",
  100103: "category in use",
  100111: "invalid subcategory id",
  100112: "subcategory name exists",
  100203: "subcategory in use",
  100301: "invalid work order document id",
  102252: "verification attempts limit reached",
} as const;

/**
 * A main-API refusal on the wire (spec §7): `status` 1 (refused) or 2 (dead
 * session), the reason to show, and `key`, the catalogue entry, so a client can
 * tell a missing record from a broken database without reading the reason.
 * `data.field` names the form field the reason belongs to.
 */
export interface ApiErrorReply {
  status: 1 | 2;
  reason: string;
  key: ErrorKey;
  data: ({ field: string | null } & Record<string, unknown>) | null;
}

/** A main-API success on the wire. */
export interface ApiOkReply<T> {
  status: 0;
  reason: "";
  data: T;
}

export type ApiReply<T> = ApiOkReply<T> | ApiErrorReply;

export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(ERROR_CATALOGUE, value);
}
