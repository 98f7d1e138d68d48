import MDEditor, { commands as mdCommands, type ICommand } from "@uiw/react-md-editor/nohighlight";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { markdownPreviewOptions } from "~/utils/markdown-render";
import { DRAFT_DELAY_MS, readDraft, removeDraft, writeDraft, type Draft } from "./draft-storage";
import { record, redo, startHistory, undo, type EditHistory } from "./edit-history";
import { EDITOR_HEIGHT, PHONE_TOOLS } from "./editor-size";
import { EditorPanel } from "./EditorPanel";
import { LinkDialog } from "./LinkDialog";
import type { MarkdownEditorProps } from "./MarkdownEditor";
import { EDITOR_LOCALES, LOCALE_NAMES, editorLocale, editorMessages, type EditorLocale } from "./messages";
import * as text from "./text-commands";
import { carriesFiles, droppedFiles, IMAGE_ACCEPT, pastedFiles, uploadImages } from "./image-uploads";
import { fullscreenIcon, previewIcon, readModeIcon, saveIcon } from "./toolbar-icons";
import { uploadImage, type UploadedImage } from "./upload-image";
import { globalCss } from "../ui/stitches.config";

export interface RichMarkdownEditorProps extends MarkdownEditorProps {
  id: string;
  /** The id of the error under the field, while there is one. */
  errorId: string | undefined;
  initialValue: string;
  autoFocus: boolean;
}

type Mode = "edit" | "live" | "preview";
type Panel = "navigation" | "help" | "html" | null;
type Popup = { kind: "link" | "image"; selection: text.Selection; description: string } | null;

/** Typing within this long of the last keystroke is the same undo step. */
const TYPING_BURST_MS = 1000;

/** A selection to put once React has written the text; `focus` unless it only follows a background change. */
type PendingSelection = { selection: text.Selection; focus: boolean };

/**
 * The editor proper, loaded by MarkdownEditor as its own chunk: the md-editor
 * textarea and live preview, with the spec's toolbar whose text commands are
 * the pure functions of text-commands.ts, a 20-step history, a draft in local
 * storage, and images uploaded to the page's upload route from the toolbar,
 * a paste or a drop (image-uploads.ts).
 */
/**
 * md-editor's toolbar buttons are 20 px high with 1 px between them: each gets at least 24 × 24 px (WCAG 2.2's
 * target size), and 32 px under a finger.
 */
const toolbarTargets = globalCss({
  ".w-md-editor-toolbar li > button": { height: 24, minWidth: 24 },
  "@media (pointer: coarse)": { ".w-md-editor-toolbar li > button": { height: 32, minWidth: 32 } },
  // A phone's toolbar is one row: PHONE_TOOLS and 更多工具, which shows the rest (in rows of their own) and hides
  // them again. A wide screen shows every tool and no 更多工具.
  "@media (max-width: 899px)": {
    "[data-more-tools=closed] .w-md-editor-toolbar li[data-phone-more]": { display: "none" },
  },
  "@media (min-width: 900px)": { ".w-md-editor-toolbar li[data-phone-only]": { display: "none" } },
  // The status line takes no room until it has something to say.
  "[data-testid=markdown-editor-status]": { margin: 0 },
});

/** md-editor's `liProps`, which takes the data attributes that place a tool on a phone's toolbar. */
type ToolPlace = ICommand["liProps"] & { "data-phone-more"?: ""; "data-phone-only"?: "" };
const phoneMore: ToolPlace = { "data-phone-more": "" };

export function RichMarkdownEditor(props: RichMarkdownEditorProps) {
  toolbarTargets();
  const { id, name, initialValue, draftKey, uploadUrl, uploadField = "file", attachmentField, imageLimits } = props;
  const [locale, setLocale] = useState<EditorLocale>(() => editorLocale(document.documentElement.lang));
  const m = editorMessages(locale);
  const [history, setHistory] = useState<EditHistory>(() =>
    startHistory({ text: initialValue, selection: { start: initialValue.length, end: initialValue.length } }),
  );
  const value = history.present.text;
  // Two 150 px columns are no use on a phone: there it starts in one column (the columns button still offers two).
  const [writingMode] = useState<Mode>(() => (window.matchMedia("(max-width: 899px)").matches ? "edit" : "live"));
  const [mode, setMode] = useState<Mode>(writingMode);
  const [fullscreen, setFullscreen] = useState(false);
  const [readMode, setReadMode] = useState(false);
  const [panel, setPanel] = useState<Panel>(null);
  const [popup, setPopup] = useState<Popup>(null);
  const [moreTools, setMoreTools] = useState(false);
  const [status, setStatus] = useState("");
  const [offeredDraft, setOfferedDraft] = useState<Draft | null>(null);
  // Every image uploaded here; those whose address is in the text are the form's (so undo brings one back).
  const [uploads, setUploads] = useState<UploadedImage[]>([]);
  const uploading = useRef(0);
  const container = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const pendingSelection = useRef<PendingSelection | null>(
    props.autoFocus ? { selection: history.present.selection, focus: true } : null,
  );
  const lastTyping = useRef(0);
  const edited = useRef(false);
  const present = useRef(history.present);
  present.current = history.present;
  // The page's callbacks, read when called (they need not be stable).
  const callbacks = useRef({ onUploaded: props.onUploaded, onAttachmentRemoved: props.onAttachmentRemoved });
  callbacks.current = { onUploaded: props.onUploaded, onAttachmentRemoved: props.onAttachmentRemoved };

  // The page may show addresses in the preview its own way (the desk: files through its own route).
  const { previewUrl } = props;
  const previewOptions = useMemo(
    () =>
      previewUrl
        ? {
            ...markdownPreviewOptions,
            urlTransform: (url: string) => previewUrl(markdownPreviewOptions.urlTransform(url)),
          }
        : markdownPreviewOptions,
    [previewUrl],
  );

  const textarea = useCallback(() => container.current?.querySelector("textarea") ?? null, []);

  // Put the selection a command asked for once React has written the new text.
  useLayoutEffect(() => {
    const pending = pendingSelection.current;
    const area = textarea();
    if (!pending || !area) return;
    pendingSelection.current = null;
    // An upload finishing while the writer is in another field leaves the focus there.
    if (!pending.focus && document.activeElement !== area) return;
    area.focus();
    area.setSelectionRange(pending.selection.start, pending.selection.end);
  }, [history, mode, textarea]);

  const commit = useCallback((next: text.TextState, merge = false, focus = true) => {
    edited.current = true;
    pendingSelection.current = merge ? null : { selection: next.selection, focus };
    setHistory((h) => record(h, next, merge));
  }, []);

  const currentState = useCallback((): text.TextState => {
    const area = textarea();
    return {
      text: present.current.text,
      selection: area ? { start: area.selectionStart, end: area.selectionEnd } : present.current.selection,
    };
  }, [textarea]);

  const apply = useCallback(
    (command: text.TextCommand) => {
      lastTyping.current = 0;
      commit(command(currentState()));
    },
    [commit, currentState],
  );

  const step = useCallback((move: typeof undo) => {
    edited.current = true;
    lastTyping.current = 0;
    setHistory((h) => {
      const next = move(h);
      pendingSelection.current = { selection: next.present.selection, focus: true };
      return next;
    });
  }, []);

  // The draft: saved DRAFT_DELAY_MS after the last change; offered back when the page opens again.
  useEffect(() => {
    const draft = readDraft(draftKey);
    if (draft && draft.text.trim() && draft.text !== initialValue) setOfferedDraft(draft);
  }, [draftKey, initialValue]);
  useEffect(() => {
    if (!edited.current) return;
    const timer = setTimeout(() => writeDraft(draftKey, value), DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draftKey, value]);
  // A posted form has used the draft.
  useEffect(() => {
    const form = container.current?.closest("form");
    if (!form) return;
    const onSubmit = () => removeDraft(draftKey);
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, [draftKey]);

  // The uploads the text still shows: posted as the form's attachments and listed under the editor.
  const attached = useMemo(() => {
    const urls = text.imageUrlsOf(value);
    return uploads.filter((u) => urls.has(u.url));
  }, [uploads, value]);

  const removeUploaded = useCallback(
    (url: string) => {
      const image = uploads.find((u) => u.url === url);
      if (image) callbacks.current.onAttachmentRemoved?.(image.id);
    },
    [uploads],
  );

  // The toolbar's 上传图片, a paste and a drop all come here: one way to upload and register an image.
  const addImages = async (files: File[]) => {
    if (!uploadUrl || files.length === 0) return;
    const inFlight = files.length;
    const before = uploading.current;
    uploading.current += inFlight;
    try {
      await uploadImages(
        files,
        {
          current: currentState,
          commit: (next, placed) => commit(next, false, placed),
          upload: (file) => uploadImage(uploadUrl, file, uploadField, m.uploadFailed),
          register: (image) => {
            setUploads((list) => [...list, image]);
            callbacks.current.onUploaded?.(image);
          },
          status: setStatus,
        },
        { attached: attached.length + before, limits: imageLimits, messages: m },
      );
    } finally {
      uploading.current -= inFlight;
    }
  };

  const openPopup = (kind: "link" | "image") => {
    const state = currentState();
    setPopup({
      kind,
      selection: state.selection,
      description: state.text.slice(state.selection.start, state.selection.end),
    });
  };

  const toggleMode = (target: Mode, otherwise: Mode) => setMode((current) => (current === target ? otherwise : target));
  const editing = mode !== "preview";

  const toolbar = useMemo((): ICommand[] => {
    const button = (
      commandName: string,
      label: string,
      icon: ReactNode,
      onClick: () => void,
      options: { pressed?: boolean; needsText?: boolean } = {},
    ): ICommand => ({
      name: commandName,
      keyCommand: commandName,
      liProps: PHONE_TOOLS.has(commandName) ? undefined : phoneMore,
      // Named by its title (the icon is hidden): an aria-label would also match the
      // page's own fields in label look-ups (a 标题 field and the 1 级标题 button).
      render: () => (
        <button
          type="button"
          data-name={commandName}
          title={label}
          aria-pressed={options.pressed}
          disabled={options.needsText !== false && !editing && options.pressed === undefined}
          onClick={onClick}
        >
          <span aria-hidden="true">{icon}</span>
        </button>
      ),
    });
    const divider = (key: string): ICommand => ({
      ...mdCommands.divider,
      keyCommand: "divider",
      name: key,
      liProps: phoneMore,
    });
    const edit = (commandName: string, label: string, icon: ReactNode, command: text.TextCommand) =>
      button(commandName, label, icon, () => apply(command));
    const view = (commandName: string, label: string, icon: ReactNode, onClick: () => void, pressed: boolean) =>
      button(commandName, label, icon, onClick, { pressed, needsText: false });

    if (readMode)
      return [
        button(
          "exit-read-mode",
          m.exitReadMode,
          "✕",
          () => {
            setReadMode(false);
            setFullscreen(false);
            setMode(writingMode);
          },
          { needsText: false },
        ),
      ];
    return [
      edit("bold", m.bold, mdCommands.bold.icon, text.bold),
      edit("italic", m.italic, mdCommands.italic.icon, text.italic),
      ...([1, 2, 3, 4, 5, 6] as const).map((level) =>
        edit(`heading${level}`, m.heading(level), `H${level}`, text.heading(level)),
      ),
      edit("underline", m.underline, <u>U</u>, text.underline),
      edit("strikethrough", m.strikethrough, mdCommands.strikethrough.icon, text.strikethrough),
      edit("mark", m.mark, <mark>M</mark>, text.mark),
      edit(
        "superscript",
        m.superscript,
        <>
          x<sup>2</sup>
        </>,
        text.superscript,
      ),
      edit(
        "subscript",
        m.subscript,
        <>
          x<sub>2</sub>
        </>,
        text.subscript,
      ),
      divider("d1"),
      edit("quote", m.quote, mdCommands.quote.icon, text.quote),
      edit("ordered-list", m.orderedList, mdCommands.orderedListCommand.icon, text.orderedList),
      edit("unordered-list", m.unorderedList, mdCommands.unorderedListCommand.icon, text.unorderedList),
      button("link", m.link, mdCommands.link.icon, () => openPopup("link")),
      button("image", m.image, mdCommands.image.icon, () => openPopup("image")),
      edit("code-block", m.codeBlock, mdCommands.codeBlock.icon, text.codeBlock),
      edit("table", m.table, mdCommands.table.icon, text.table(...m.tableHeaders)),
      edit("align-left", m.alignLeft, "⇤", text.align("left")),
      edit("align-center", m.alignCenter, "↔", text.align("center")),
      edit("align-right", m.alignRight, "⇥", text.align("right")),
      ...(uploadUrl
        ? [
            button("upload-image", m.uploadImage, "⇪", () => fileInput.current?.click()),
            button("remove-image", m.removeImage, "⌫", () => {
              const result = text.removeImageAt(currentState());
              if (result.removedUrl === null) setStatus(m.noImageAtCursor);
              else {
                commit(result);
                removeUploaded(result.removedUrl);
              }
            }),
          ]
        : [
            button("remove-image", m.removeImage, "⌫", () => {
              const result = text.removeImageAt(currentState());
              if (result.removedUrl === null) setStatus(m.noImageAtCursor);
              else commit(result);
            }),
          ]),
      divider("d2"),
      button("undo", m.undo, "↶", () => step(undo)),
      button("redo", m.redo, "↷", () => step(redo)),
      edit("clear", m.clear, "⌧", text.clear),
      button(
        "save",
        m.save,
        saveIcon,
        () => {
          if (writeDraft(draftKey, present.current.text)) setStatus(m.saved);
        },
        { needsText: false },
      ),
      divider("d3"),
      view(
        "navigation",
        m.navigation,
        "☰",
        () => setPanel((p) => (p === "navigation" ? null : "navigation")),
        panel === "navigation",
      ),
      view("preview", m.preview, previewIcon, () => toggleMode("preview", writingMode), mode === "preview"),
      // Named by what it does next (单栏 in two columns, 双栏 in one), so not a pressed toggle.
      button(
        "columns",
        mode === "edit" ? m.doubleColumn : m.singleColumn,
        mode === "edit" ? "◫" : "▭",
        () => toggleMode("edit", "live"),
        { needsText: false },
      ),
      view("fullscreen", m.fullscreen, fullscreenIcon, () => setFullscreen((f) => !f), fullscreen),
      view(
        "read-mode",
        m.readMode,
        readModeIcon,
        () => {
          setReadMode(true);
          setFullscreen(true);
          setMode("preview");
          setPanel(null);
        },
        false,
      ),
      view("html-view", m.htmlView, "</>", () => setPanel((p) => (p === "html" ? null : "html")), panel === "html"),
      view("help", m.help, "?", () => setPanel((p) => (p === "help" ? null : "help")), panel === "help"),
      {
        name: "more-tools",
        keyCommand: "more-tools",
        liProps: { "data-phone-only": "" } as ToolPlace,
        render: () => (
          <button
            type="button"
            data-name="more-tools"
            title={m.moreTools}
            aria-expanded={moreTools}
            onClick={() => setMoreTools((open) => !open)}
          >
            <span aria-hidden="true">⋯</span>
          </button>
        ),
      },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [
    m,
    mode,
    editing,
    fullscreen,
    readMode,
    panel,
    moreTools,
    uploadUrl,
    apply,
    step,
    commit,
    currentState,
    removeUploaded,
    draftKey,
  ]);

  return (
    <div
      ref={container}
      role="group"
      aria-label={m.toolbar}
      data-testid="markdown-editor"
      data-more-tools={moreTools ? "open" : "closed"}
      onPaste={(event) => {
        if (!uploadUrl || !editing) return;
        const files = pastedFiles(event.clipboardData);
        if (files.length === 0) return;
        event.preventDefault();
        void addImages(files);
      }}
      onDragOver={(event) => {
        // Taken here, or the browser would open the dropped file in place of the page.
        if (!uploadUrl || !carriesFiles(event.dataTransfer)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = editing ? "copy" : "none";
      }}
      onDrop={(event) => {
        if (!uploadUrl || !carriesFiles(event.dataTransfer)) return;
        event.preventDefault();
        if (editing) void addImages(droppedFiles(event.dataTransfer));
      }}
    >
      {offeredDraft && (
        <p role="status" data-testid="markdown-draft-offer">
          {m.draftFound(new Date(offeredDraft.savedAt).toLocaleString(locale))}{" "}
          <button
            type="button"
            onClick={() => {
              commit({
                text: offeredDraft.text,
                selection: { start: offeredDraft.text.length, end: offeredDraft.text.length },
              });
              setOfferedDraft(null);
            }}
          >
            {m.restoreDraft}
          </button>{" "}
          <button
            type="button"
            onClick={() => {
              removeDraft(draftKey);
              setOfferedDraft(null);
            }}
          >
            {m.discardDraft}
          </button>
        </p>
      )}
      <MDEditor
        value={value}
        onChange={(next, event) => {
          const now = Date.now();
          const merge = now - lastTyping.current < TYPING_BURST_MS;
          lastTyping.current = now;
          const area = event?.target;
          const end = area ? area.selectionEnd : (next ?? "").length;
          commit({ text: next ?? "", selection: { start: area ? area.selectionStart : end, end } }, merge);
        }}
        commands={toolbar}
        extraCommands={[]}
        preview={mode}
        fullscreen={fullscreen}
        height={EDITOR_HEIGHT}
        visibleDragbar={false}
        previewOptions={previewOptions}
        textareaProps={{
          id,
          placeholder: props.placeholder,
          maxLength: props.maxLength,
          "aria-invalid": props.error ? true : undefined,
          "aria-describedby": props.errorId,
          onKeyDown: (event) => {
            if (!(event.ctrlKey || event.metaKey)) return;
            const key = event.key.toLowerCase();
            const run = (action: () => void) => {
              event.preventDefault();
              action();
            };
            if (key === "z" && !event.shiftKey) run(() => step(undo));
            else if (key === "y" || (key === "z" && event.shiftKey)) run(() => step(redo));
            else if (key === "b") run(() => apply(text.bold));
            else if (key === "i") run(() => apply(text.italic));
          },
        }}
      />
      <input type="hidden" name={name} value={value} />
      {attachmentField && attached.map((u) => <input key={u.id} type="hidden" name={attachmentField} value={u.id} />)}
      {uploadUrl && (
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          hidden
          aria-label={m.uploadImage}
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = "";
            void addImages(files);
          }}
        />
      )}
      <p role="status" aria-live="polite" data-testid="markdown-editor-status">
        {status}
      </p>
      {attached.length > 0 && (
        <section aria-label={m.uploadedImages}>
          <ul>
            {attached.map((u) => (
              <li key={u.id}>
                {u.name}{" "}
                <button
                  type="button"
                  onClick={() => {
                    commit(text.removeImagesByUrl(currentState(), u.url));
                    removeUploaded(u.url);
                  }}
                >
                  {m.remove} {u.name}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {panel && (
        <EditorPanel
          panel={panel}
          markdown={value}
          messages={m}
          onClose={() => setPanel(null)}
          onHeading={(offset) => {
            setMode((current) => (current === "preview" ? writingMode : current));
            pendingSelection.current = { selection: { start: offset, end: offset }, focus: true };
            setHistory((h) => ({ ...h }));
          }}
          languagePicker={
            <label>
              {m.language}{" "}
              <select value={locale} onChange={(e) => setLocale(e.target.value as EditorLocale)}>
                {EDITOR_LOCALES.map((l) => (
                  <option key={l} value={l}>
                    {LOCALE_NAMES[l]}
                  </option>
                ))}
              </select>
            </label>
          }
        />
      )}
      {popup && (
        <LinkDialog
          title={popup.kind === "link" ? m.link : m.image}
          initialDescription={popup.description}
          messages={m}
          onClose={() => setPopup(null)}
          onInsert={(description, address) => {
            const state = { text: present.current.text, selection: popup.selection };
            setPopup(null);
            commit((popup.kind === "link" ? text.link : text.image)(description, address)(state));
          }}
        />
      )}
    </div>
  );
}
