import { Button, Tooltip, Typography } from 'antd';
import { CloseOutlined, LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import { DYNAMIC_IMAGES_MAX } from '@cc/contracts';
import { ImageUpload } from '../../../components/image-upload';
import { moveItem } from '../logic';

const TILE = 104;

function Tile({
  url,
  index,
  count,
  onRemove,
  onMove,
}: {
  url: string;
  index: number;
  count: number;
  onRemove: () => void;
  onMove: (to: number) => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: url });
  const n = index + 1;
  return (
    <li
      ref={setNodeRef}
      data-testid="dynamic-image"
      style={{
        position: 'relative',
        width: TILE,
        height: TILE,
        listStyle: 'none',
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        opacity: isDragging ? 0.8 : 1,
      }}
    >
      <div
        {...attributes}
        {...listeners}
        aria-label={t('dynamic.form.imageDrag', { n })}
        style={{ width: TILE, height: TILE, cursor: 'grab', borderRadius: 6, overflow: 'hidden' }}
      >
        <img
          src={url}
          alt={t('dynamic.form.imageAlt', { n })}
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          draggable={false}
        />
      </div>
      <Tooltip title={t('dynamic.form.imageRemove', { n })}>
        <Button
          size="small"
          shape="circle"
          icon={<CloseOutlined />}
          aria-label={t('dynamic.form.imageRemove', { n })}
          data-testid="dynamic-image-remove"
          onClick={onRemove}
          style={{ position: 'absolute', top: 4, right: 4 }}
        />
      </Tooltip>
      <div style={{ position: 'absolute', bottom: 4, left: 4, right: 4, display: 'flex', gap: 4 }}>
        {index > 0 ? (
          <Button
            size="small"
            icon={<LeftOutlined />}
            aria-label={t('dynamic.form.imageMoveLeft', { n })}
            data-testid="dynamic-image-left"
            onClick={() => onMove(index - 1)}
          />
        ) : null}
        <span style={{ flex: 1 }} />
        {index < count - 1 ? (
          <Button
            size="small"
            icon={<RightOutlined />}
            aria-label={t('dynamic.form.imageMoveRight', { n })}
            data-testid="dynamic-image-right"
            onClick={() => onMove(index + 1)}
          />
        ) : null}
      </div>
    </li>
  );
}

/**
 * The images of a dynamic (issue #10: up to 9): thumbnails in order, each removable and movable — dragged
 * (pointer or keyboard, dnd-kit) or with its arrow buttons — and an upload tile while fewer than 9. Uploads go
 * through the generic image upload (API.md §8: type and size checked first); the same image twice is ignored.
 */
export function ImageGrid({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const { t } = useTranslation();
  const sensors = useSensors(
    // a few pixels before a drag starts, so the tile's buttons still click
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = value.indexOf(String(active.id));
    const to = value.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onChange(moveItem(value, from, to));
  };
  return (
    <div>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleDragEnd}>
        <SortableContext items={value} strategy={rectSortingStrategy}>
          <ul
            aria-label={t('dynamic.form.images')}
            style={{ display: 'flex', flexWrap: 'wrap', gap: 8, padding: 0, margin: 0 }}
          >
            {value.map((url, i) => (
              <Tile
                key={url}
                url={url}
                index={i}
                count={value.length}
                onRemove={() => onChange(value.filter((u) => u !== url))}
                onMove={(to) => onChange(moveItem(value, i, to))}
              />
            ))}
            {value.length < DYNAMIC_IMAGES_MAX ? (
              <li style={{ listStyle: 'none' }}>
                <ImageUpload
                  variant="button"
                  onUploaded={(r) => {
                    if (!value.includes(r.url)) onChange([...value, r.url]);
                  }}
                >
                  {/* the upload's own element is the button (keyboard and label); this is its face */}
                  <div
                    data-testid="dynamic-image-add"
                    style={{
                      width: TILE,
                      height: TILE,
                      border: '1px dashed var(--ant-color-border, #d9d9d9)',
                      borderRadius: 6,
                      background: 'var(--ant-color-fill-quaternary, #fafafa)',
                      display: 'flex',
                      flexDirection: 'column',
                      alignItems: 'center',
                      justifyContent: 'center',
                      gap: 4,
                      color: 'var(--ant-color-text-secondary, rgba(0,0,0,0.65))',
                    }}
                  >
                    <PlusOutlined />
                    <span style={{ fontSize: 12 }}>{t('dynamic.form.imageAdd')}</span>
                  </div>
                </ImageUpload>
              </li>
            ) : null}
          </ul>
        </SortableContext>
      </DndContext>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
        <span className="cc-tabular" data-testid="dynamic-image-count">
          {t('dynamic.form.imageCount', { count: value.length, max: DYNAMIC_IMAGES_MAX })}
        </span>
        {' · '}
        {t('dynamic.form.imageHint')}
      </Typography.Text>
    </div>
  );
}
