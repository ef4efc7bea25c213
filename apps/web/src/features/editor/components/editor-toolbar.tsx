import { useRef, useState } from 'react';
import { App, Button, Divider, Dropdown, Input, Modal, Tooltip, Typography } from 'antd';
import {
  ArrowLeftOutlined,
  CheckOutlined,
  CompressOutlined,
  DownloadOutlined,
  ImportOutlined,
  PlusOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Editor, EditorState } from '@cc/canvas-engine';
import { DESIGN_NAME_MAX } from '@cc/contracts';
import { formatDate } from '../../../lib/format';
import { exportFileName } from '../lib/design-logic';
import { reportAction } from '../../../lib/tracking';

export type SaveStatus =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'error'; message: string };

interface Props {
  editor: Editor | null;
  state: EditorState | null;
  run: (id: string, args?: unknown) => Promise<boolean>;
  name: string;
  onNameChange: (name: string) => void;
  saveStatus: SaveStatus;
  dirty: boolean;
  onSave: () => void;
  onBack: () => void;
  /** present in the cover flow */
  onUseAsCover?: () => void;
}

/** Saves a Blob as a file through a temporary link (the browser's download). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * The editor's top bar (issue #4): back, name and save status; undo/redo (Ctrl/⌘+Z, Ctrl/⌘+Shift+Z
 * are handled by the engine's key handler); zoom; insert picture / SVG element / SVG string; import a
 * JSON file; export PNG/JPEG at 1×–3×, SVG, JSON or to the clipboard; save; "use as cover".
 */
export function EditorToolbar({
  editor,
  state,
  run,
  name,
  onNameChange,
  saveStatus,
  dirty,
  onSave,
  onBack,
  onUseAsCover,
}: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const pictureInput = useRef<HTMLInputElement>(null);
  const svgInput = useRef<HTMLInputElement>(null);
  const [svgOpen, setSvgOpen] = useState(false);
  const [svgText, setSvgText] = useState('');
  const [importOpen, setImportOpen] = useState(false);
  const [importFile, setImportFile] = useState<File | null>(null);
  const [exporting, setExporting] = useState(false);
  const fail = (key: string, e: unknown) =>
    void message.error(t(key, { message: e instanceof Error ? e.message : String(e) }));

  const status =
    saveStatus.kind === 'saving'
      ? t('editor.ui.saving')
      : saveStatus.kind === 'error'
        ? t('editor.ui.saveFailed', { message: saveStatus.message })
        : dirty
          ? t('editor.ui.unsaved')
          : saveStatus.kind === 'saved'
            ? t('editor.ui.saved', { time: formatDate(saveStatus.at, 'HH:mm:ss') })
            : '';

  const doExport = async (key: string) => {
    if (!editor) return;
    setExporting(true);
    try {
      if (key === 'copy') {
        const result = await editor.copyImageToClipboard();
        if (result.ok) {
          void message.success(t('editor.msg.copySucceeded'));
          reportAction('export', { contentTitle: name }); // issue #15 tracking points
        } else void message.error(t('editor.msg.copyFailed'));
        return;
      }
      if (key === 'svg') {
        const svg = await editor.exportSvg({ embedFonts: true });
        downloadBlob(new Blob([svg], { type: 'image/svg+xml' }), exportFileName(name, 'svg'));
        reportAction('export', { contentTitle: name });
        return;
      }
      if (key === 'json') {
        const json = JSON.stringify(editor.exportJson(), null, 2);
        downloadBlob(new Blob([json], { type: 'application/json' }), exportFileName(name, 'json'));
        reportAction('export', { contentTitle: name });
        return;
      }
      const [format, scale] = key.split('@') as ['png' | 'jpeg', string];
      const multiplier = Number(scale) as 1 | 2 | 3;
      const blob = await editor.exportImage({ format, multiplier, quality: 0.92 });
      downloadBlob(blob, exportFileName(name, format === 'jpeg' ? 'jpg' : 'png', multiplier));
      reportAction('export', { contentTitle: name });
    } catch (e) {
      if (key === 'copy') void message.error(t('editor.msg.copyFailed'));
      else fail('editor.ui.exportFailed', e);
    } finally {
      setExporting(false);
    }
  };

  const exportItems = [
    ...([1, 2, 3] as const).map((s) => ({ key: `png@${s}`, label: t('editor.ui.exportPng', { scale: s }) })),
    { type: 'divider' as const },
    ...([1, 2, 3] as const).map((s) => ({
      key: `jpeg@${s}`,
      label: t('editor.ui.exportJpeg', { scale: s }),
    })),
    { type: 'divider' as const },
    { key: 'svg', label: t('editor.ui.exportSvg') },
    { key: 'json', label: t('editor.ui.exportJson') },
    { type: 'divider' as const },
    { key: 'copy', label: t('editor.ui.copyImage') },
  ];

  const insertSvgString = async () => {
    if (!svgText.trim()) return void message.warning(t('editor.ui.svgEmpty'));
    try {
      await editor?.run('insert.svg', { svg: svgText });
      setSvgOpen(false);
      setSvgText('');
    } catch (e) {
      fail('editor.ui.svgInvalid', e);
    }
  };

  const importJson = async () => {
    if (!importFile) return void message.warning(t('editor.msg.chooseFile'));
    try {
      const json = await importFile.text();
      await editor?.run('document.importJson', { json });
      editor?.zoomToFit();
      setImportOpen(false);
      setImportFile(null);
    } catch (e) {
      fail('editor.ui.importFailed', e);
    }
  };

  const zoomPercent = Math.round((state?.zoom ?? 1) * 100);
  const iconButton = (id: string, label: string, icon: React.ReactNode, shortcut?: string) => (
    <Tooltip title={shortcut ? `${label} (${shortcut})` : label}>
      <Button
        type="text"
        aria-label={label}
        icon={icon}
        disabled={!editor || !editor.canRun(id)}
        onClick={() => void run(id)}
      />
    </Tooltip>
  );

  return (
    <header className="cc-poster-bar">
      <div className="cc-bar-group">
        <Tooltip title={t('editor.ui.back')}>
          <Button
            type="text"
            aria-label={t('editor.ui.back')}
            icon={<ArrowLeftOutlined />}
            onClick={onBack}
          />
        </Tooltip>
        <Input
          className="cc-name-input"
          aria-label={t('editor.ui.nameLabel')}
          value={name}
          maxLength={DESIGN_NAME_MAX}
          variant="borderless"
          onChange={(e) => onNameChange(e.target.value)}
        />
        <Typography.Text
          className="cc-save-status"
          type={saveStatus.kind === 'error' ? 'danger' : 'secondary'}
          aria-live="polite"
          data-testid="save-status"
          data-state={saveStatus.kind === 'saved' && !dirty ? 'saved' : saveStatus.kind}
        >
          {saveStatus.kind === 'saved' && !dirty ? <CheckOutlined /> : null} {status}
        </Typography.Text>
      </div>
      <div className="cc-bar-group">
        {iconButton('edit.undo', t('editor.cmd.undo'), <UndoOutlined />, 'Ctrl/⌘+Z')}
        {iconButton('edit.redo', t('editor.cmd.redo'), <RedoOutlined />, 'Ctrl/⌘+Shift+Z')}
        <Divider orientation="vertical" />
        {iconButton('view.zoomOut', t('editor.cmd.zoomOut'), <ZoomOutOutlined />)}
        <Button
          type="text"
          className="cc-zoom-label cc-tabular"
          onClick={() => void run('view.zoomTo', { zoom: 1 })}
        >
          {zoomPercent}%
        </Button>
        {iconButton('view.zoomIn', t('editor.cmd.zoomIn'), <ZoomInOutlined />)}
        {iconButton('view.zoomToFit', t('editor.cmd.zoomToFit'), <CompressOutlined />)}
        <Divider orientation="vertical" />
        <Dropdown
          menu={{
            items: [
              { key: 'picture', label: t('editor.ui.insertPicture') },
              { key: 'svgFile', label: t('editor.ui.insertSvgElement') },
              { key: 'svgString', label: t('editor.ui.insertSvgString') },
            ],
            onClick: ({ key }) => {
              if (key === 'picture') pictureInput.current?.click();
              else if (key === 'svgFile') svgInput.current?.click();
              else setSvgOpen(true);
            },
          }}
        >
          <Button type="text" icon={<PlusOutlined />} disabled={!editor}>
            {t('editor.ui.insert')}
          </Button>
        </Dropdown>
        <Button type="text" icon={<ImportOutlined />} disabled={!editor} onClick={() => setImportOpen(true)}>
          {t('editor.ui.importJson')}
        </Button>
      </div>
      <div className="cc-bar-group">
        <Dropdown disabled={!editor} menu={{ items: exportItems, onClick: ({ key }) => void doExport(key) }}>
          <Button icon={<DownloadOutlined />} loading={exporting} data-testid="export-button">
            {t('editor.ui.export')}
          </Button>
        </Dropdown>
        <Button
          icon={<SaveOutlined />}
          data-testid="save-button"
          onClick={onSave}
          disabled={!editor}
          loading={saveStatus.kind === 'saving'}
        >
          {t('editor.ui.save')}
        </Button>
        {onUseAsCover ? (
          <Button type="primary" onClick={onUseAsCover} disabled={!editor}>
            {t('editor.ui.useAsCover')}
          </Button>
        ) : null}
      </div>
      <input
        ref={pictureInput}
        type="file"
        hidden
        accept="image/jpeg,image/png,image/gif,image/webp"
        data-testid="insert-picture-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void run('insert.uploadImage', { blob: file });
        }}
      />
      <input
        ref={svgInput}
        type="file"
        hidden
        accept=".svg,image/svg+xml"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          try {
            await editor?.run('insert.svg', { svg: await file.text() });
          } catch (err) {
            fail('editor.ui.svgInvalid', err);
          }
        }}
      />
      <Modal
        title={t('editor.ui.svgModalTitle')}
        open={svgOpen}
        onCancel={() => setSvgOpen(false)}
        onOk={() => void insertSvgString()}
        okText={t('editor.ui.insert')}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        <Input.TextArea
          aria-label={t('editor.ui.svgModalTitle')}
          rows={8}
          value={svgText}
          placeholder={t('editor.ui.svgPlaceholder')}
          onChange={(e) => setSvgText(e.target.value)}
          className="cc-code"
        />
      </Modal>
      <Modal
        title={t('editor.ui.importJson')}
        open={importOpen}
        onCancel={() => {
          setImportOpen(false);
          setImportFile(null);
        }}
        onOk={() => void importJson()}
        okText={t('editor.ui.importJson')}
        cancelText={t('common.cancel')}
      >
        <input
          type="file"
          accept=".json,application/json"
          aria-label={t('editor.ui.importJson')}
          data-testid="import-json-input"
          onChange={(e) => setImportFile(e.target.files?.[0] ?? null)}
        />
        {!importFile ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('editor.msg.chooseFile')}
          </Typography.Paragraph>
        ) : null}
      </Modal>
    </header>
  );
}
