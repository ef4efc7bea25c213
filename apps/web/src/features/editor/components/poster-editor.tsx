import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App, Dropdown, Spin } from 'antd';
import {
  AppstoreOutlined,
  BgColorsOutlined,
  BlockOutlined,
  BorderInnerOutlined,
  CompassOutlined,
  EditOutlined,
  ExpandOutlined,
  FontSizeOutlined,
  HighlightOutlined,
  PictureOutlined,
  StarOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { createEditor, type Editor, type PosterDocument, type SizePreset } from '@cc/canvas-engine';
import { DESIGN_THUMBNAIL_SCENE, type DesignDetail } from '@cc/contracts';
import { saveDesignIn, uploadEditorImage } from '../api/designs';
import { apiErrorText, SaveSession } from '../../../lib/api-client';
import { useLocalDraft, useUnsavedChangesPrompt } from '../../../lib/local-draft';
import { LocalDraftPrompt } from '../../../components/local-draft-prompt';
import { AutosaveScheduler, defaultDesignName, downscaleImage } from '../lib/design-logic';
import { isSlicedFamily, loadSlicesForText, textsOfDocument } from '../lib/cjk-fonts';
import { SHIPPED_FONTS } from '../lib/fonts';
import { AttributesPanel } from './attributes-panel';
import { contextMenuItems } from './canvas-context-menu';
import { EditorToolbar, type SaveStatus } from './editor-toolbar';
import { LayersPanel } from './layers-panel';
import { Rulers } from './rulers';
import { runCommand, useEditorState } from './use-editor-state';
import { BackgroundPanel } from './panels/background-panel';
import { DrawPanel } from './panels/draw-panel';
import { ElementsPanel } from './panels/elements-panel';
import { GridPanel } from './panels/grid-panel';
import { MaterialsPanel } from './panels/materials-panel';
import { NavigationPanel } from './panels/navigation-panel';
import { PalettesPanel } from './panels/palettes-panel';
import { PicturesPanel } from './panels/pictures-panel';
import { SizePanel } from './panels/size-panel';
import { TemplatesPanel } from './panels/templates-panel';
import { TexturesPanel } from './panels/textures-panel';
import './poster-editor.css';

/** The left rail (spec §2 editor panels), in order. */
export const PANELS = [
  { key: 'templates', icon: <AppstoreOutlined /> },
  { key: 'elements', icon: <FontSizeOutlined /> },
  { key: 'draw', icon: <EditOutlined /> },
  { key: 'background', icon: <BgColorsOutlined /> },
  { key: 'size', icon: <ExpandOutlined /> },
  { key: 'grid', icon: <BorderInnerOutlined /> },
  { key: 'navigation', icon: <CompassOutlined /> },
  { key: 'palettes', icon: <HighlightOutlined /> },
  { key: 'textures', icon: <BlockOutlined /> },
  { key: 'materials', icon: <StarOutlined /> },
  { key: 'pictures', icon: <PictureOutlined /> },
] as const;
export type PanelKey = (typeof PANELS)[number]['key'];

const AUTOSAVE_DEBOUNCE_MS = 3_000;
const AUTOSAVE_INTERVAL_MS = 30_000;
/** Longest side of a design's thumbnail, pixels (the designs grid shows them at about 240). */
const THUMBNAIL_SIDE = 480;

/** What the local copy of a design holds (issue #9): its name and document. */
interface PosterCopy {
  name: string;
  document: PosterDocument;
}

export interface PosterEditorProps {
  /** the saved design to open; undefined for a new one */
  initial?: DesignDetail;
  /** the size of a new design */
  preset: SizePreset;
  /** same-origin path of the cover flow ("use as cover" returns there) */
  returnTo: string | null;
  /** a first save created the design: the page puts `?id=` in the URL */
  onCreated: (id: number) => void;
  /** leave the editor (after saving) */
  onBack: () => void;
  /** the cover was exported and uploaded: go back with it */
  onCover: (url: string) => void;
}

/**
 * The poster editor (issue #4): top bar, left rail with panels, the canvas with rulers and a
 * right-click menu, the attributes panel and the layer manager. The engine (`@cc/canvas-engine`) does
 * all the work through commands; this component renders its state. Designs autosave (debounced after
 * a change and every 30 s) with the JSON and a small PNG thumbnail. Unsaved changes are also copied to
 * this device and offered back after a reload or crash; leaving unsaved asks first (issue #9).
 */
export function PosterEditor({ initial, preset, returnTo, onCreated, onBack, onCover }: PosterEditorProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const hostRef = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<Editor | null>(null);
  const [loading, setLoading] = useState(true);
  const state = useEditorState(editor);
  const [panel, setPanel] = useState<PanelKey>('templates');
  const [rulers, setRulers] = useState(true);
  const [name, setName] = useState(
    () => initial?.name ?? defaultDesignName(t('editor.ui.untitled'), new Date()),
  );
  const [saveStatus, setSaveStatus] = useState<SaveStatus>(
    initial ? { kind: 'saved', at: new Date(initial.updatedAt) } : { kind: 'idle' },
  );
  const [menuItems, setMenuItems] = useState<ReturnType<typeof contextMenuItems>>([]);
  const [menuAt, setMenuAt] = useState<{ x: number; y: number } | null>(null);
  const idRef = useRef<number | undefined>(initial?.id);
  // idRef for the save logic, this state for rendering (the local copy's key)
  const [designId, setDesignId] = useState<number | undefined>(initial?.id);
  const [savedName, setSavedName] = useState<string | null>(initial?.name ?? null);
  // the design's saves: one idempotency key for its create, reused by retries (issue #8 item 10)
  const [session] = useState(() => new SaveSession(initial?.id));
  const nameRef = useRef(name);
  const savedNameRef = useRef(initial?.name ?? null);
  const schedulerRef = useRef<AutosaveScheduler | null>(null);
  const editorRef = useRef<Editor | null>(null);

  const report = useCallback(
    (e: unknown) => void message.error(e instanceof Error ? e.message : String(e)),
    [message],
  );
  const run = useCallback(
    (id: string, args?: unknown) => runCommand(editor, id, args, report),
    [editor, report],
  );

  const isDirty = useCallback(() => {
    const ed = editorRef.current;
    if (!ed) return false;
    return ed.getState().dirty || (idRef.current !== undefined && nameRef.current !== savedNameRef.current);
  }, []);

  /** Saves the design: JSON, a thumbnail (small PNG, uploaded) and the name. Throws on failure. */
  const save = useCallback(async () => {
    const ed = editorRef.current;
    if (!ed) return;
    setSaveStatus({ kind: 'saving' });
    const revision = ed.history.headRevision;
    const doc = ed.toDocument();
    const nameNow = nameRef.current.trim() || defaultDesignName(t('editor.ui.untitled'), new Date());
    try {
      let thumbnailUrl: string | undefined;
      try {
        const png = await downscaleImage(
          await ed.exportImage({ format: 'png', multiplier: 1 }),
          THUMBNAIL_SIDE,
        );
        thumbnailUrl = (await uploadEditorImage(png, 'thumbnail.png', DESIGN_THUMBNAIL_SCENE)).url;
      } catch {
        // A missing thumbnail must not lose the design: save without it (the list shows a placeholder).
      }
      const result = await saveDesignIn(session, {
        name: nameNow,
        width: doc.width,
        height: doc.height,
        document: JSON.stringify(doc),
        ...(thumbnailUrl ? { thumbnailUrl } : {}),
      });
      savedNameRef.current = nameNow;
      setSavedName(nameNow);
      // Changes made while saving stay dirty, so the next autosave picks them up.
      if (ed.history.headRevision === revision) ed.markSaved();
      if (idRef.current !== result.id) {
        idRef.current = result.id;
        setDesignId(result.id);
        onCreated(result.id);
      }
      setSaveStatus({ kind: 'saved', at: new Date(result.updatedAt) });
    } catch (e) {
      // a refusal with an ercd (QUOTA_EXCEEDED, issue #8 item 10) reads in the user's language
      setSaveStatus({ kind: 'error', message: apiErrorText(e, t, i18n.exists.bind(i18n)) });
      throw e;
    }
  }, [onCreated, t, i18n, session]);

  // Mount the engine on a fresh <canvas> (fabric wraps it), load the design, wire keys and autosave.
  useEffect(() => {
    const host = hostRef.current!;
    const el = document.createElement('canvas');
    host.appendChild(el);
    const ed = createEditor({
      canvasElement: el,
      width: initial?.width ?? preset.width,
      height: initial?.height ?? preset.height,
      viewportWidth: Math.max(100, host.clientWidth),
      viewportHeight: Math.max(100, host.clientHeight),
      assetResolver: { upload: async (blob) => (await uploadEditorImage(blob, 'picture.png')).url },
      fonts: SHIPPED_FONTS,
    });
    editorRef.current = ed;
    let disposed = false;
    const scheduler = new AutosaveScheduler({
      isDirty,
      save,
      debounceMs: AUTOSAVE_DEBOUNCE_MS,
      intervalMs: AUTOSAVE_INTERVAL_MS,
    });
    schedulerRef.current = scheduler;
    // CJK fonts come in slices: load the ones the design's text needs before it is measured, and again
    // when text is typed or added (debounced); a newly loaded slice re-measures that family's text.
    let fontTimer: ReturnType<typeof setTimeout> | undefined;
    const ensureFonts = async (doc: unknown) => {
      const byFamily = new Map<string, string>();
      for (const { family, text } of textsOfDocument(doc))
        if (isSlicedFamily(family)) byFamily.set(family, (byFamily.get(family) ?? '') + text);
      for (const [family, text] of byFamily)
        if ((await loadSlicesForText(family, text)) && !disposed && editorRef.current === ed)
          await ed.loadFont(family);
    };
    const scheduleFonts = () => {
      clearTimeout(fontTimer);
      fontTimer = setTimeout(() => void ensureFonts(ed.toDocument()), 300);
    };
    ed.canvas.on('text:changed', scheduleFonts);
    void (async () => {
      try {
        if (initial) {
          await ensureFonts(JSON.parse(initial.document)).catch(() => undefined);
          await ed.load(initial.document);
        }
      } catch (e) {
        report(e);
      }
      if (disposed) return;
      ed.zoomToFit();
      setEditor(ed);
      setLoading(false);
      scheduler.start();
    })();
    let layerCount = -1;
    const unsubscribe = ed.subscribe((s) => {
      if (s.dirty) scheduler.changed();
      if (s.layers.length !== layerCount) {
        layerCount = s.layers.length;
        scheduleFonts();
      }
    });
    const ro = new ResizeObserver(() => {
      if (host.clientWidth > 0 && host.clientHeight > 0)
        ed.setViewportSize(host.clientWidth, host.clientHeight);
    });
    ro.observe(host);
    const detach = ed.attachInteractions();
    const onKey = (e: KeyboardEvent) => {
      if (document.querySelector('.ant-modal-wrap')) return; // a dialog has the keyboard
      ed.handleKeyDown(e);
    };
    const onPaste = (e: ClipboardEvent) => {
      if (ed.handlePaste(e)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('paste', onPaste);
    // Right-click selects what is under the pointer first, like design tools do.
    ed.canvas.on('mouse:down', (opt) => {
      const e = opt.e as MouseEvent;
      const target = opt.target as { id?: string } | undefined;
      if (e.button === 2 && target?.id && !ed.getState().selection.ids.includes(target.id))
        ed.selectIds([target.id]);
    });
    return () => {
      disposed = true;
      clearTimeout(fontTimer);
      scheduler.stop();
      unsubscribe();
      ro.disconnect();
      detach();
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('paste', onPaste);
      editorRef.current = null;
      void ed.dispose().finally(() => host.replaceChildren());
    };
    // Mounted once per design: the page remounts the editor (key) when the design changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useUnsavedChangesPrompt(isDirty);
  // The copy follows the engine's history (headRevision names the content) and the name.
  const revision = state && editor ? editor.history.headRevision : null;
  const copy = useMemo<PosterCopy | null>(
    () => (revision !== null && editor ? { name, document: editor.toDocument() } : null),
    [revision, editor, name],
  );
  const draft = useLocalDraft<PosterCopy | null>({
    key: editor && !loading ? `poster:${designId ?? 'new'}` : null,
    value: copy,
    isDirty: !!state?.dirty || (designId !== undefined && name !== savedName),
    serverSavedAt: initial?.updatedAt,
    onRestore: (saved) => {
      if (!saved) return;
      onNameChange(saved.name);
      // one undoable step that leaves the design dirty, so autosave stores it on the server
      void run('document.importJson', { json: saved.document });
    },
  });

  const onNameChange = (value: string) => {
    setName(value);
    nameRef.current = value;
    schedulerRef.current?.changed();
  };

  const saveNow = async () => {
    try {
      await save();
      void message.success(t('editor.ui.saved', { time: '' }).trim());
    } catch (e) {
      void message.error(t('editor.ui.saveFailed', { message: apiErrorText(e, t, i18n.exists.bind(i18n)) }));
    }
  };

  const back = async () => {
    await schedulerRef.current?.flush();
    onBack();
  };

  const makeCover = async () => {
    const ed = editorRef.current;
    if (!ed) return;
    const key = 'cc-cover';
    void message.open({ key, type: 'loading', content: t('editor.ui.usingAsCover'), duration: 0 });
    try {
      const png = await ed.exportImage({ format: 'png', multiplier: 1 });
      const cover = await uploadEditorImage(png, 'cover.png', 'cover');
      await save().catch(() => undefined);
      message.destroy(key);
      onCover(cover.url);
    } catch (e) {
      void message.open({
        key,
        type: 'error',
        content: t('editor.ui.coverFailed', { message: e instanceof Error ? e.message : String(e) }),
      });
    }
  };

  const panelProps = editor && state ? { editor, state, run } : null;
  const renderPanel = () => {
    if (!panelProps) return null;
    switch (panel) {
      case 'templates':
        return <TemplatesPanel {...panelProps} />;
      case 'elements':
        return <ElementsPanel {...panelProps} />;
      case 'draw':
        return <DrawPanel {...panelProps} />;
      case 'background':
        return <BackgroundPanel {...panelProps} />;
      case 'size':
        return <SizePanel key={`${state!.size.width}x${state!.size.height}`} {...panelProps} />;
      case 'grid':
        return <GridPanel {...panelProps} rulers={rulers} onRulers={setRulers} />;
      case 'navigation':
        return <NavigationPanel {...panelProps} />;
      case 'palettes':
        return <PalettesPanel {...panelProps} />;
      case 'textures':
        return <TexturesPanel {...panelProps} />;
      case 'materials':
        return <MaterialsPanel {...panelProps} />;
      case 'pictures':
        return <PicturesPanel {...panelProps} />;
    }
  };

  return (
    <div className="cc-poster" data-testid="poster-editor">
      <EditorToolbar
        editor={editor}
        state={state}
        run={run}
        name={name}
        onNameChange={onNameChange}
        saveStatus={saveStatus}
        dirty={!!state?.dirty}
        onSave={() => void saveNow()}
        onBack={() => void back()}
        onUseAsCover={returnTo ? () => void makeCover() : undefined}
      />
      <LocalDraftPrompt draft={draft} style={{ margin: '8px 12px 0' }} />
      <div className="cc-poster-body">
        <nav className="cc-rail" aria-label={t('editor.ui.rail')}>
          {PANELS.map((p) => (
            <button
              key={p.key}
              type="button"
              className={panel === p.key ? 'is-active' : undefined}
              aria-pressed={panel === p.key}
              data-panel={p.key}
              onClick={() => setPanel(p.key)}
            >
              {p.icon}
              <span>{t(`editor.ui.panels.${p.key}`)}</span>
            </button>
          ))}
        </nav>
        <aside className="cc-panel" aria-label={t(`editor.ui.panels.${panel}`)}>
          <h2 className="cc-panel-heading">{t(`editor.ui.panels.${panel}`)}</h2>
          {renderPanel()}
        </aside>
        <div
          className={`cc-stage${rulers ? ' has-rulers' : ''}`}
          role="region"
          aria-label={t('editor.ui.editorLabel')}
          // Capture phase: fabric stops the contextmenu event at its canvas, so listen before it does.
          onContextMenuCapture={(e) => {
            e.preventDefault();
            if (!editor) return;
            const rect = e.currentTarget.getBoundingClientRect();
            setMenuItems(contextMenuItems(editor, t));
            setMenuAt({ x: e.clientX - rect.left, y: e.clientY - rect.top });
          }}
        >
          {rulers && editor && state ? <Rulers editor={editor} state={state} /> : null}
          <div ref={hostRef} className="cc-stage-canvas" data-testid="canvas-host" />
          <Dropdown
            open={menuAt !== null}
            onOpenChange={(open) => !open && setMenuAt(null)}
            trigger={['contextMenu']}
            menu={{
              items: menuItems,
              'aria-label': t('editor.ui.context.label'),
              onClick: ({ key }) => {
                setMenuAt(null);
                void run(key);
              },
            }}
          >
            <span className="cc-menu-anchor" style={{ left: menuAt?.x ?? 0, top: menuAt?.y ?? 0 }} />
          </Dropdown>
          {loading ? (
            <div className="cc-stage-loading" role="status">
              <Spin />
              <span>{t('editor.msg.loadingData')}</span>
            </div>
          ) : null}
        </div>
        <aside className="cc-inspector" aria-label={t('editor.ui.attrs.title')}>
          <div className="cc-inspector-attrs">
            <h2 className="cc-panel-heading">{t('editor.ui.attrs.title')}</h2>
            {editor && state ? <AttributesPanel editor={editor} state={state} run={run} /> : null}
          </div>
          {editor && state ? <LayersPanel editor={editor} state={state} run={run} /> : null}
        </aside>
      </div>
    </div>
  );
}
