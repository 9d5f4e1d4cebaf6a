import '@mantine/tiptap/styles.css';
import { RichTextEditor } from '@mantine/tiptap';
import { type Editor, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

/** A control whose visible text is its name (the spec's toolbar reads BOLD, ITALIC, ...). */
const textIcon = (text: string) =>
  function TextIcon({ style }: { style: React.CSSProperties }) {
    return (
      <span
        style={{ ...style, width: 'auto', height: 'auto', fontSize: 12, fontWeight: 700, padding: '0 6px' }}
      >
        {text}
      </span>
    );
  };
const BoldText = textIcon('BOLD');
const ItalicText = textIcon('ITALIC');
const UnderlineText = textIcon('UNDERLINE');
const LinkText = textIcon('ADD LINK');
const UnlinkText = textIcon('REMOVE LINK');

/** A rich-text editor's state, its content area named `label` for screen readers. */
export function useRichTextEditor(label: string): Editor | null {
  return useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: '',
    editorProps: { attributes: { 'aria-label': label } },
  });
}

/** The editor's HTML, or '' when nothing is written. */
export function richTextHtml(editor: Editor | null): string {
  return !editor || editor.isEmpty ? '' : editor.getHTML();
}

/** A rich-text area with the BOLD, ITALIC, UNDERLINE, ADD LINK and REMOVE LINK controls. */
export function RichTextArea({ editor }: { editor: Editor | null }) {
  return (
    <RichTextEditor
      editor={editor}
      labels={{
        boldControlLabel: 'BOLD',
        italicControlLabel: 'ITALIC',
        underlineControlLabel: 'UNDERLINE',
        linkControlLabel: 'ADD LINK',
        unlinkControlLabel: 'REMOVE LINK',
      }}
    >
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold icon={BoldText} w="auto" />
          <RichTextEditor.Italic icon={ItalicText} w="auto" />
          <RichTextEditor.Underline icon={UnderlineText} w="auto" />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link icon={LinkText} w="auto" />
          <RichTextEditor.Unlink icon={UnlinkText} w="auto" />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={180} />
    </RichTextEditor>
  );
}
