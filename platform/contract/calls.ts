/**
 * How the contract describes one main-API call: the fields it takes (sent
 * form-urlencoded, or as the query string of a GET; numbers as decimal text,
 * switches as "1"/"0"), the `data` of its success reply (spec §7's
 * `{status: 0, reason: "", data}`), and whether it needs the caller's
 * `session` field. Refusals are `ApiErrorReply` (errors.ts) for every call.
 */
export type MainApiCall<Input, Data, Session extends SessionNeed = "none"> = {
  input: Input;
  data: Data;
  session: Session;
};

/**
 * "required": a missing, unknown or expired session is refused with status 2.
 * "none": the call is public; a session field is ignored.
 * "optional": the call is public; a live session adds the caller's own view
 * (a membership price, the caller's own images), a dead one is treated as none.
 */
export type SessionNeed = "required" | "none" | "optional";

/** The input of a call that takes nothing but the session. */
export type NoFields = Record<string, never>;
