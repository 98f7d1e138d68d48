import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

declare global {
  // Read by get-nonce, which Radix's scroll lock (react-style-singleton) asks for its <style> tag's nonce.
  var __webpack_nonce__: string | undefined;
}

// The document's CSP nonce (docs/decisions/027): the attribute is hidden once loaded, the property is not.
globalThis.__webpack_nonce__ = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
