/** What a work order accepts as attachments (issue 11 §4); the platform decides the type from the bytes. */
export const ATTACHMENT_LIMITS = { maxFiles: 9, maxFileBytes: 10 * 1024 * 1024 } as const;

/** The file picker's hint to the browser (the platform checks the bytes, never this). */
export const ATTACHMENT_ACCEPT = ".gif,.jpeg,.jpg,.png,.svg,.pdf,.txt,.log,.zip";
