import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of this document, provided around
 * <RemixServer> by entry.server.tsx (remix-serve gives no load context of
 * ours). In the browser it is empty: browsers hide the nonce attribute once the
 * page has loaded, and the scripts have already run.
 */
export const NonceContext = createContext("");

export const useNonce = () => useContext(NonceContext);
