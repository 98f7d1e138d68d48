import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useLocation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
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
  children,
}: {
  trigger: ReactNode;
  label: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // A link inside the menu navigates; the bar stays mounted, so close the menu on every navigation.
  useEffect(() => setOpen(false), [location.key]);
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger asChild>
        <TriggerLink as="button" type="button" aria-label={label}>
          {trigger}
        </TriggerLink>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <Content align="end" sideOffset={8}>
          {children}
        </Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
