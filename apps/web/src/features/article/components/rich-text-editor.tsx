import { App, Button, Divider, Tooltip } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MIME_TYPES } from '@cc/contracts';
import { uploadImage } from '../../../lib/api-client';
import { checkImageFile, toUploadResult, uploadFailureText } from '../../../components/image-upload';

function ToolButton({
  label,
  active,
  onClick,
  children,
  disabled,
  tour,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
  /** the toolbar tour's anchor (`/article/toolbarTips`) */
  tour?: string;
}) {
  return (
    <Tooltip title={label}>
      <Button
        data-tour={tour}
        type={active ? 'primary' : 'text'}
        ghost={false}
        size="small"
        aria-label={label}
        aria-pressed={active}
        onClick={onClick}
        disabled={disabled}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

function Toolbar({
  editor,
  onImage,
  uploading,
  extra,
}: {
  editor: Editor;
  onImage: () => void;
  uploading: number | null;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div className="cc-editor-toolbar" role="toolbar" aria-label={t('article.toolbar.label')}>
      <ToolButton
        label={t('article.toolbar.h2')}
        tour="heading"
        active={s.h2}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      >
        H2
      </ToolButton>
      <ToolButton
        label={t('article.toolbar.h3')}
        active={s.h3}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        H3
      </ToolButton>
      <Divider orientation="vertical" />
      <ToolButton
        label={t('article.toolbar.bold')}
        tour="bold"
        active={s.bold}
        onClick={() => chain().toggleBold().run()}
      >
        <BoldOutlined />
      </ToolButton>
      <ToolButton
        label={t('article.toolbar.italic')}
        tour="italic"
        active={s.italic}
        onClick={() => chain().toggleItalic().run()}
      >
        <ItalicOutlined />
      </ToolButton>
      <Divider orientation="vertical" />
      <ToolButton
        label={t('article.toolbar.bulletList')}
        tour="bulletList"
        active={s.bullet}
        onClick={() => chain().toggleBulletList().run()}
      >
        <UnorderedListOutlined />
      </ToolButton>
      <ToolButton
        label={t('article.toolbar.orderedList')}
        tour="orderedList"
        active={s.ordered}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <OrderedListOutlined />
      </ToolButton>
      <ToolButton
        label={t('article.toolbar.quote')}
        tour="quote"
        active={s.quote}
        onClick={() => chain().toggleBlockquote().run()}
      >
        <span aria-hidden style={{ fontWeight: 700, fontSize: 16, lineHeight: 1 }}>
          “
        </span>
      </ToolButton>
      <ToolButton
        label={t('article.toolbar.image')}
        tour="image"
        onClick={onImage}
        disabled={uploading !== null}
      >
        <PictureOutlined />
        {uploading !== null ? <span className="cc-tabular"> {uploading}%</span> : null}
      </ToolButton>
      <Divider orientation="vertical" />
      <ToolButton
        label={t('article.toolbar.undo')}
        tour="undo"
        onClick={() => chain().undo().run()}
        disabled={!s.canUndo}
      >
        <UndoOutlined />
      </ToolButton>
      <ToolButton
        label={t('article.toolbar.redo')}
        tour="redo"
        onClick={() => chain().redo().run()}
        disabled={!s.canRedo}
      >
        <RedoOutlined />
      </ToolButton>
      {extra ? (
        <>
          <Divider orientation="vertical" />
          {extra}
        </>
      ) : null}
    </div>
  );
}

/**
 * The article body: TipTap with headings (2, 3), bold, italic, lists, quotes and images (uploaded with
 * the generic image upload, API.md §8). Emits HTML on every change.
 */
export function RichTextEditor({
  initialHtml,
  onChange,
  isEmpty,
  editorRef,
  toolbarExtra,
}: {
  initialHtml: string;
  onChange: (html: string) => void;
  /** shows the placeholder (drawn here, not by a TipTap extension, to stay on the declared packages) */
  isEmpty: boolean;
  /** receives the TipTap editor, for the helpers that insert at the cursor or replace the body (issue #15) */
  editorRef?: RefObject<Editor | null>;
  /** more buttons at the end of the toolbar (the helpers menu) */
  toolbarExtra?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        // links are kept (the sanitizer keeps http(s), mailto and same-site links): pasted, imported or mixed in
        link: { openOnClick: false, autolink: false, linkOnPaste: false },
        underline: false,
        code: false,
        codeBlock: false,
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: initialHtml,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: { 'aria-label': t('article.bodyLabel'), role: 'textbox', 'aria-multiline': 'true' },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current(e.getHTML()),
  });

  const handleImage = async (file: File) => {
    const problem = checkImageFile(file);
    if (problem) {
      void message.error(t(problem));
      return;
    }
    setUploading(0);
    try {
      const result = toUploadResult(await uploadImage({ file, onProgress: setUploading }));
      editor?.chain().focus().setImage({ src: result.url, alt: '' }).run();
    } catch (e) {
      // a refusal with an ercd (IMAGE_TOO_MANY_PIXELS, IMAGE_BUSY) reads in the user's language (issue #8 item 10)
      void message.error(uploadFailureText(e, t, i18n.exists.bind(i18n)));
    } finally {
      setUploading(null);
    }
  };

  useEffect(() => {
    if (!editorRef) return;
    editorRef.current = editor;
    return () => {
      editorRef.current = null;
    };
  }, [editor, editorRef]);

  if (!editor) return null;
  return (
    <div>
      <Toolbar
        editor={editor}
        onImage={() => fileInput.current?.click()}
        uploading={uploading}
        extra={toolbarExtra}
      />
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_MIME_TYPES.join(',')}
        style={{ display: 'none' }}
        aria-hidden
        tabIndex={-1}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void handleImage(file);
        }}
      />
      <div className="cc-editor-wrap">
        {isEmpty ? (
          <div className="cc-editor-placeholder" aria-hidden>
            {t('article.bodyPlaceholder')}
          </div>
        ) : null}
        <EditorContent editor={editor} className="cc-editor" />
      </div>
    </div>
  );
}
