import { useEffect, useState } from "react";
import { keyframes, styled } from "./stitches.config";

export interface ToastMessage {
  type: "success" | "error" | "info";
  message: string;
  place: "bar" | "page";
}

/** Spec §9: 1500 ms for toasts from the top bar, 5000 ms elsewhere. */
export const toastDuration = (place: ToastMessage["place"]) => (place === "bar" ? 1500 : 5000);

const fadeOut = keyframes({ "0%, 90%": { opacity: 1 }, "100%": { opacity: 0, visibility: "hidden" } });

const Box = styled("div", {
  position: "fixed",
  top: 72,
  left: "50%",
  transform: "translateX(-50%)",
  zIndex: 1000,
  padding: "$2 $4",
  borderRadius: "$sm",
  boxShadow: "$panel",
  backgroundColor: "white",
  fontSize: "$md",
  animationName: `${fadeOut}`,
  animationFillMode: "forwards",
  animationTimingFunction: "linear",
  pointerEvents: "none",
  variants: {
    type: {
      success: { borderLeft: "4px solid $success" },
      error: { borderLeft: "4px solid $error", color: "$errorText" },
      info: { borderLeft: "4px solid $primary" },
    },
  },
});

/**
 * A flash toast, top-centre. It is server-rendered, and a CSS animation hides it
 * after its duration, so it shows and closes without JavaScript too.
 */
export function Toast({ toast }: { toast: ToastMessage }) {
  const [visible, setVisible] = useState(true);
  // Each new toast gets a new element, so its fade-out animation starts over (a toast that follows
  // another within its duration would otherwise inherit the first one's finished animation, hidden).
  const [shown, setShown] = useState(0);
  const duration = toastDuration(toast.place);
  useEffect(() => {
    setVisible(true);
    setShown((n) => n + 1);
    const timer = setTimeout(() => setVisible(false), duration);
    return () => clearTimeout(timer);
  }, [toast, duration]);
  if (!visible) return null;
  return (
    <Box
      key={shown}
      role="status"
      aria-live="polite"
      type={toast.type}
      data-toast={toast.type}
      style={{ animationDuration: `${duration}ms` }}
    >
      {toast.message}
    </Box>
  );
}
