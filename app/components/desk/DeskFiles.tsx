import { styled } from "~/components/ui/stitches.config";

/** A work-order file as the desk shows it: the desk's own address (deskFilePath) and whether it shows as a picture. */
export interface DeskFile {
  id: number;
  name: string;
  url: string;
  /** gif, jpeg or png: served inline, so shown as a thumbnail. */
  image: boolean;
  width: number | null;
  height: number | null;
}

const Thumb = styled("img", {
  display: "block",
  maxWidth: 240,
  maxHeight: 180,
  height: "auto",
  marginTop: "$1",
  border: "1px solid $border",
  borderRadius: "$sm",
});

/** A link to the file, with a thumbnail of a raster image. */
export function DeskFileLink({ file }: { file: DeskFile }) {
  return (
    <a href={file.url} target="_blank" rel="noopener noreferrer">
      {file.name}
      {file.image && (
        <Thumb src={file.url} alt={file.name} width={file.width ?? undefined} height={file.height ?? undefined} />
      )}
    </a>
  );
}
