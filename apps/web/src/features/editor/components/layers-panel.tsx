import { useState } from 'react';
import { Button, Input, Tooltip, Typography } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  GroupOutlined,
  HolderOutlined,
  LockOutlined,
  UngroupOutlined,
  UnlockOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignTopOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Editor, EditorState } from '@cc/canvas-engine';
import { layerTypeKey, listIndexToStackIndex } from '../lib/design-logic';

interface Props {
  editor: Editor;
  state: EditorState;
  run: (id: string, args?: unknown) => Promise<boolean>;
}

/**
 * The layer manager (spec §2): top-most first; click selects (Shift/⌘ adds), double-click renames,
 * hide and lock per row, drag a row to reorder (`arrange.moveTo`), group / ungroup and
 * up / down / top / bottom for the selection.
 */
export function LayersPanel({ editor, state, run }: Props) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const selected = new Set(state.selection.ids);
  const count = state.layers.length;
  const typeName = (type: string) => t(layerTypeKey(type));

  const tool = (id: string, label: string, icon: React.ReactNode) => (
    <Tooltip title={label}>
      <Button
        size="small"
        aria-label={label}
        icon={icon}
        disabled={!editor.canRun(id)}
        onClick={() => void run(id)}
      />
    </Tooltip>
  );

  return (
    <section className="cc-layers" aria-label={t('editor.ui.layers.title')}>
      <header className="cc-layers-head">
        <h3>{t('editor.ui.layers.title')}</h3>
        <div className="cc-btn-row">
          {tool('object.group', t('editor.cmd.group'), <GroupOutlined />)}
          {tool('object.ungroup', t('editor.cmd.ungroup'), <UngroupOutlined />)}
          {tool('arrange.bringForward', t('editor.cmd.bringForward'), <ArrowUpOutlined />)}
          {tool('arrange.sendBackward', t('editor.cmd.sendBackward'), <ArrowDownOutlined />)}
          {tool('arrange.bringToFront', t('editor.cmd.bringToFront'), <VerticalAlignTopOutlined />)}
          {tool('arrange.sendToBack', t('editor.cmd.sendToBack'), <VerticalAlignBottomOutlined />)}
        </div>
      </header>
      {count === 0 ? (
        <Typography.Text type="secondary" className="cc-layers-empty">
          {t('editor.ui.layers.empty')}
        </Typography.Text>
      ) : (
        <ul className="cc-layer-list" data-testid="layer-list">
          {state.layers.map((layer, index) => (
            <li
              key={layer.id}
              data-layer-id={layer.id}
              className={[
                'cc-layer',
                selected.has(layer.id) ? 'is-selected' : '',
                !layer.visible ? 'is-hidden' : '',
                over === index && dragging ? 'is-drop' : '',
              ].join(' ')}
              draggable={renaming !== layer.id}
              onDragStart={(e) => {
                setDragging(layer.id);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', layer.id);
              }}
              onDragOver={(e) => {
                e.preventDefault();
                setOver(index);
              }}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
              onDrop={(e) => {
                e.preventDefault();
                const id = e.dataTransfer.getData('text/plain') || dragging;
                setDragging(null);
                setOver(null);
                if (id) void run('arrange.moveTo', { id, index: listIndexToStackIndex(index, count) });
              }}
              onClick={(e) => {
                const ids =
                  e.shiftKey || e.metaKey || e.ctrlKey
                    ? selected.has(layer.id)
                      ? state.selection.ids.filter((x) => x !== layer.id)
                      : [...state.selection.ids, layer.id]
                    : [layer.id];
                editor.selectIds(ids);
              }}
            >
              <HolderOutlined
                className="cc-layer-handle"
                aria-hidden
                title={t('editor.ui.layers.dragHint')}
              />
              {renaming === layer.id ? (
                <Input
                  size="small"
                  autoFocus
                  defaultValue={layer.name}
                  maxLength={100}
                  aria-label={t('editor.ui.layers.rename')}
                  onClick={(e) => e.stopPropagation()}
                  onKeyDown={(e) => {
                    e.stopPropagation();
                    if (e.key === 'Escape') setRenaming(null);
                  }}
                  onPressEnter={(e) => {
                    const name = (e.target as HTMLInputElement).value.trim();
                    setRenaming(null);
                    if (name && name !== layer.name) void run('object.rename', { id: layer.id, name });
                  }}
                  onBlur={(e) => {
                    const name = e.target.value.trim();
                    setRenaming(null);
                    if (name && name !== layer.name) void run('object.rename', { id: layer.id, name });
                  }}
                />
              ) : (
                <button
                  type="button"
                  className="cc-layer-name"
                  title={t('editor.ui.layers.rename')}
                  onDoubleClick={(e) => {
                    e.stopPropagation();
                    setRenaming(layer.id);
                  }}
                >
                  <span>{layer.name || typeName(layer.type)}</span>
                  <span className="cc-muted">{typeName(layer.type)}</span>
                </button>
              )}
              <Tooltip title={layer.visible ? t('editor.ui.layers.hide') : t('editor.ui.layers.show')}>
                <Button
                  size="small"
                  type="text"
                  aria-label={layer.visible ? t('editor.ui.layers.hide') : t('editor.ui.layers.show')}
                  icon={layer.visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
                  onClick={(e) => {
                    e.stopPropagation();
                    void run('object.toggleVisible', { ids: [layer.id] });
                  }}
                />
              </Tooltip>
              <Tooltip title={layer.locked ? t('editor.ui.layers.unlock') : t('editor.ui.layers.lock')}>
                <Button
                  size="small"
                  type="text"
                  aria-label={layer.locked ? t('editor.ui.layers.unlock') : t('editor.ui.layers.lock')}
                  icon={layer.locked ? <LockOutlined /> : <UnlockOutlined />}
                  onClick={(e) => {
                    e.stopPropagation();
                    void run('object.toggleLock', { ids: [layer.id] });
                  }}
                />
              </Tooltip>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
