import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { styled } from "./stitches.config";
import { TriggerLink } from "./menu-trigger";

const Content = styled(DropdownMenu.Content, {
  minWidth: 280,
  maxWidth: 360,
  backgroundColor: "white",
  color: "$text",
  borderRadius: "$md",
  boxShadow: "$panel",
  padding: "$3",
  zIndex: 950,
});

/** The Radix dropdown behind Menu; loaded after hydration so it is not part of the first-load JavaScript. */
export default function RadixMenu({
  trigger,
  label,
  onOpen,
  initiallyOpen = false,
  children,
}: {
  trigger: ReactNode;
  label: string;
  onOpen?: () => void;
  /** Opened by the click that loaded this code. */
  initiallyOpen?: boolean;
  /** The content; rendered only while open. */
  children: () => ReactNode;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  useEffect(() => {
    if (initiallyOpen) onOpen?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const location = useLocation();
  // A link inside the menu navigates; the bar stays mounted, so close the menu on every navigation.
  const firstKey = useRef(location.key);
  useEffect(() => {
    if (location.key !== firstKey.current) setOpen(false);
  }, [location.key]);
  return (
    <DropdownMenu.Root
      modal={false}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) onOpen?.();
      }}
    >
      <DropdownMenu.Trigger asChild>
        <TriggerLink as="button" type="button" aria-label={label}>
          {trigger}
        </TriggerLink>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <Content align="end" sideOffset={8}>
          <Rendered by={children} />
        </Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** Calls `by` when React renders this element: inside Content, that is only while the menu is open. */
function Rendered({ by }: { by: () => ReactNode }) {
  return by();
}

export const RadixMenuItem = DropdownMenu.Item;
