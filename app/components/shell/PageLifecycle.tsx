import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";

const RELOAD_AFTER_HIDDEN_MS = 10 * 60_000;

/**
 * Browser-side navigation rules of spec §2: reload after 10 minutes hidden,
 * and keep bd_vid in the address across navigations.
 */
export function PageLifecycle({ bdVid }: { bdVid: string | null }) {
  const location = useLocation();
  const navigate = useNavigate();
  const hiddenAt = useRef<number | null>(null);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === "hidden") {
        hiddenAt.current = Date.now();
      } else if (hiddenAt.current !== null) {
        const hiddenFor = Date.now() - hiddenAt.current;
        hiddenAt.current = null;
        if (hiddenFor >= RELOAD_AFTER_HIDDEN_MS) window.location.reload();
      }
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, []);

  useEffect(() => {
    if (!bdVid) return;
    const params = new URLSearchParams(location.search);
    if (params.get("bd_vid") === bdVid) return;
    params.set("bd_vid", bdVid);
    navigate(`${location.pathname}?${params.toString()}${location.hash}`, { replace: true, preventScrollReset: true });
  }, [bdVid, location.pathname, location.search, location.hash, navigate]);

  return null;
}
