import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Flex, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAcceptableImage } from '../../../components/image-upload-field';
import { errorText, notifyError } from '../../../lib/notify';
import { uploadNewsImage } from '../api/news';
import { isSafeLink, LinkModal } from './link-modal';
import './rich-text-editor.css';

/**
 * The article's rich-text editor (TipTap 3 on ProseMirror). Its schema only knows paragraphs,
 * headings 2–3, bold, italic, strike, lists, blockquotes, line breaks, rules, links and images, so
 * what it emits is those elements and nothing else (pasted scripts, handlers and styles are
 * dropped by the schema); links are http(s) or mailto only. The server sanitises again on save.
 */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    // Code is not part of a market article; underline reads as a link on a phone.
    code: false,
    codeBlock: false,
    underline: false,
    // Configured below from its own package.
    link: false,
  }),
  Link.configure({
    openOnClick: false,
    autolink: true,
    defaultProtocol: 'https',
    isAllowedUri: (url, ctx) => isSafeLink(url) && ctx.defaultValidate(url),
    shouldAutoLink: (url) => /^https?:\/\//i.test(url),
    HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
  }),
  Image.configure({ inline: false, allowBase64: false }),
];

/** The editor's HTML, or '' when it holds nothing (an empty paragraph is not content). */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

/** A form control (antd Form.Item): `value` is the article's HTML, `onChange` gets the new HTML. */
export function RichTextEditor({
  value,
  onChange,
  label,
  id,
}: {
  value?: string;
  onChange?: (html: string) => void;
  /** Names the editing area for screen readers (the field's label). */
  label: string;
  id?: string;
}) {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // The value last given to or sent from the editor: only a different one from outside is loaded.
  const known = useRef(value ?? '');
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value ?? '',
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: 'rich-text-editor__content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(id ? { id } : {}),
      },
    },
    onUpdate: ({ editor: e }) => {
      known.current = htmlOf(e);
      onChangeRef.current?.(known.current);
    },
  });
  // A value set from outside (the form reset) replaces the content; the editor's own changes come
  // back as `known` and are left alone (the cursor stays).
  useEffect(() => {
    const next = value ?? '';
    if (!editor || editor.isDestroyed || next === known.current) return;
    known.current = next;
    if (next !== htmlOf(editor)) editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);
  return (
    <div className="rich-text-editor">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const [linkOpen, setLinkOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  const insertImage = async (file: File) => {
    if (!isAcceptableImage(file)) {
      notifyError(t('imageUpload.rule'));
      return;
    }
    setUploading(true);
    try {
      const src = await uploadNewsImage(file);
      // The cursor goes on below the image (typing would otherwise replace the selected image).
      chain().setImage({ src, alt: '' }).createParagraphNear().run();
    } catch (err) {
      // Sent outside the query client: its refusal is shown here (the server's message).
      notifyError(t('news.editor.imageFailed', { reason: errorText(err) }));
    } finally {
      setUploading(false);
    }
  };

  const applyLink = (href: string) => {
    setLinkOpen(false);
    if (!href) {
      chain().extendMarkRange('link').unsetLink().run();
      return;
    }
    if (editor.state.selection.empty && !state.link) {
      chain()
        .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
        .run();
      return;
    }
    chain().extendMarkRange('link').setLink({ href }).run();
  };

  const tool = (
    key: string,
    label: string,
    icon: ReactNode,
    active: boolean,
    run: () => void,
    disabled = false,
  ) => (
    <Tooltip key={key} title={label}>
      <Button
        type={active ? 'primary' : 'text'}
        size="small"
        aria-label={label}
        aria-pressed={active}
        icon={icon}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );
  const textTool = (key: string, label: string, text: string, active: boolean, run: () => void) => (
    <Tooltip key={key} title={label}>
      <Button
        type={active ? 'primary' : 'text'}
        size="small"
        aria-label={label}
        aria-pressed={active}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      >
        {text}
      </Button>
    </Tooltip>
  );

  return (
    <Flex
      className="rich-text-editor__toolbar"
      gap={2}
      wrap
      align="center"
      role="toolbar"
      aria-label={t('news.editor.toolbar')}
    >
      {tool('bold', t('news.editor.bold'), <BoldOutlined />, state.bold, () => chain().toggleBold().run())}
      {tool('italic', t('news.editor.italic'), <ItalicOutlined />, state.italic, () =>
        chain().toggleItalic().run(),
      )}
      <Divider orientation="vertical" />
      {textTool('h2', headingName(2, t('news.editor.h2')), HEADING_MARKS[2], state.h2, () =>
        chain().toggleHeading({ level: 2 }).run(),
      )}
      {textTool('h3', headingName(3, t('news.editor.h3')), HEADING_MARKS[3], state.h3, () =>
        chain().toggleHeading({ level: 3 }).run(),
      )}
      <Divider orientation="vertical" />
      {tool('bullet', t('news.editor.bulletList'), <UnorderedListOutlined />, state.bullet, () =>
        chain().toggleBulletList().run(),
      )}
      {tool('ordered', t('news.editor.orderedList'), <OrderedListOutlined />, state.ordered, () =>
        chain().toggleOrderedList().run(),
      )}
      {textTool('quote', t('news.editor.blockquote'), QUOTE_MARK, state.quote, () =>
        chain().toggleBlockquote().run(),
      )}
      <Divider orientation="vertical" />
      {tool('link', t('news.editor.link'), <LinkOutlined />, state.link, () => setLinkOpen(true))}
      {tool(
        'image',
        t('news.editor.image'),
        <PictureOutlined />,
        false,
        () => fileInput.current?.click(),
        uploading,
      )}
      <Divider orientation="vertical" />
      {tool(
        'undo',
        t('news.editor.undo'),
        <UndoOutlined />,
        false,
        () => chain().undo().run(),
        !state.canUndo,
      )}
      {tool(
        'redo',
        t('news.editor.redo'),
        <RedoOutlined />,
        false,
        () => chain().redo().run(),
        !state.canRedo,
      )}
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        style={{ display: 'none' }}
        aria-label={t('news.editor.image')}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void insertImage(file);
        }}
      />
      <LinkModal open={linkOpen} href={state.href} onCancel={() => setLinkOpen(false)} onSubmit={applyLink} />
    </Flex>
  );
}

/** The heading buttons show the level as HTML names it (not text to translate). */
const HEADING_MARKS = { 2: 'H2', 3: 'H3' } as const;
/** `H2 Heading`: a button's name holds the text it shows (WCAG 2.5.3, so "click H2" works by voice). */
const headingName = (level: 2 | 3, label: string) => `${HEADING_MARKS[level]} ${label}`;
const QUOTE_MARK = '❝';
