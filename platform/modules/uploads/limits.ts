/** The upload limits of issue 11 section 4, shared by the platform call and the web tier's form reader. */

/** The largest file, in bytes (10 MB). */
export const UPLOAD_MAX_FILE_BYTES = 10 * 1024 * 1024;
/** How many files one work order may carry (enforced when attaching), and one upload form may send at once. */
export const UPLOAD_MAX_FILES_PER_ORDER = 9;
/** The largest image, in pixels (width × height, 40 megapixels). */
export const UPLOAD_MAX_IMAGE_PIXELS = 40_000_000;
/** The longest file name kept, in characters. */
export const UPLOAD_MAX_NAME_LENGTH = 120;
