import { useId, useState, type KeyboardEvent } from "react";
import { Button } from "~/components/ui/Button";
import { Dialog } from "~/components/ui/Dialog";
import { FieldError, Input } from "~/components/ui/Field";
import { styled } from "~/components/ui/stitches.config";
import type { EditorMessages } from "./messages";

const Row = styled("div", { display: "flex", flexDirection: "column", gap: "$1", marginBottom: "$3" });
const Actions = styled("div", { display: "flex", gap: "$2", justifyContent: "flex-end" });

/**
 * The add-link and add-image popups: a description and an address. Not a
 * <form>: the editor sits inside the page's form, and a submit here would
 * reach it through the React tree; Enter in a field inserts instead.
 */
export function LinkDialog({
  title,
  initialDescription,
  messages,
  onInsert,
  onClose,
}: {
  title: string;
  initialDescription: string;
  messages: EditorMessages;
  onInsert: (description: string, address: string) => void;
  onClose: () => void;
}) {
  const [description, setDescription] = useState(initialDescription);
  const [address, setAddress] = useState("");
  const [error, setError] = useState<string | null>(null);
  const ids = { description: useId(), address: useId(), error: useId() };

  const insert = () => {
    if (!address.trim()) {
      setError(messages.addressRequired);
      return;
    }
    onInsert(description, address);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      insert();
    }
  };

  return (
    <Dialog open title={title} onOpenChange={(open) => !open && onClose()}>
      <Row>
        <label htmlFor={ids.description}>{messages.description}</label>
        <Input
          id={ids.description}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          onKeyDown={onKeyDown}
        />
      </Row>
      <Row>
        <label htmlFor={ids.address}>{messages.address}</label>
        <Input
          id={ids.address}
          value={address}
          inputMode="url"
          placeholder="https://"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          onChange={(e) => {
            setAddress(e.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
        />
        <FieldError id={ids.error} role={error ? "alert" : undefined}>
          {error}
        </FieldError>
      </Row>
      <Actions>
        <Button type="button" variant="secondary" onClick={onClose}>
          {messages.cancel}
        </Button>
        <Button type="button" variant="primary" onClick={insert}>
          {messages.insert}
        </Button>
      </Actions>
    </Dialog>
  );
}
