import { useState, type ReactElement, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { TriggerLink } from "./menu-trigger";
import { styled } from "./stitches.config";

type RadixMenuModule = typeof import("./RadixMenu");

let loaded: RadixMenuModule | null = null;
let loading: Promise<RadixMenuModule> | null = null;

/** The Radix dropdown's code is fetched on first use (hover, focus or click of a trigger), not with the page. */
function loadRadixMenu(): Promise<RadixMenuModule> {
  loading ??= import("./RadixMenu").then((module) => (loaded = module));
  return loading;
}

/** A menu's trigger before JavaScript runs: a plain link to a page that shows the same content. */
export function MenuLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  return (
    <TriggerLink href={href} aria-label={label}>
      {children}
    </TriggerLink>
  );
}

/**
 * A Radix dropdown once JavaScript runs. Before that, and without JavaScript,
 * the trigger is a plain link to a page that shows the same content. With
 * JavaScript, the first hover, focus or press loads the dropdown; a press
 * (pointer down, as Radix opens) or a click opens it as soon as it has loaded. `children` renders the content, only while the
 * dropdown is open: the server never builds it.
 */
export function Menu({
  trigger,
  fallbackHref,
  label,
  onOpen,
  loadContent,
  children,
}: {
  trigger: ReactNode;
  fallbackHref: string;
  label: string;
  /** Called each time the dropdown opens (to load its content). */
  onOpen?: () => void;
  /**
   * Fetches the module `children` renders from, when the content is code of its own (not part of the first
   * load). Fetched with the dropdown's code; the dropdown is offered once both are here. Idempotent.
   */
  loadContent?: () => Promise<unknown>;
  children: () => ReactNode;
}) {
  const hydrated = useHydrated();
  // With content of its own, the dropdown waits for that too, even when another menu loaded Radix already.
  const [module, setModule] = useState<RadixMenuModule | null>(loadContent ? null : loaded);
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  const load = () => {
    void Promise.all([loadRadixMenu(), loadContent?.()]).then(([radix]) => setModule(radix));
  };
  const loadOpen = () => {
    setOpenWhenLoaded(true);
    load();
  };
  if (!hydrated) {
    return (
      <MenuLink href={fallbackHref} label={label}>
        {trigger}
      </MenuLink>
    );
  }
  if (!module) {
    return (
      <TriggerLink
        as="button"
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        onPointerEnter={load}
        onFocus={load}
        // Radix opens on pointer down, so this does too: when the code arrives
        // between pointer down and up, React swaps the button, and the browser
        // then sends no click to either one. The click stays for the keyboard.
        onPointerDown={(event) => {
          if (event.button === 0 && !event.ctrlKey) loadOpen();
        }}
        onClick={loadOpen}
      >
        {trigger}
      </TriggerLink>
    );
  }
  const RadixMenu = module.default;
  return (
    <RadixMenu trigger={trigger} label={label} onOpen={onOpen} initiallyOpen={openWhenLoaded}>
      {children}
    </RadixMenu>
  );
}

/** A menu entry (keyboard navigable); rendered only inside an open menu, when the Radix code is there. */
export function MenuItem({ children }: { asChild: true; children: ReactElement }) {
  const Item = loaded?.RadixMenuItem;
  return Item ? <Item asChild>{children}</Item> : children;
}

export const MenuSeparator = styled("hr", { border: "none", height: 1, backgroundColor: "#ECEDF0", margin: "$2 0" });
