/** The resource route the markdown editor uploads pasted and dropped images to (app/routes/resources.work-order-upload.ts). */
export const WORK_ORDER_UPLOAD_URL = "/resources/work-order-upload";
