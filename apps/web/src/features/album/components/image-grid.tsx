import { Button, Input, Progress, Radio, Tooltip, Typography } from 'antd';
import { DeleteOutlined, HolderOutlined, StarFilled } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import {
  ALBUM_CAPTION_MAX,
  ALBUM_IMAGE_MIN_SIDE,
  codePointLength,
  EDITOR_THUMBNAIL_WIDTH,
  imageUrlAtSize,
} from '@cc/contracts';
import { moveCard, type AlbumImageCard } from '../logic';

/** An image still uploading: its file name and percent. */
export interface PendingUpload {
  key: string;
  name: string;
  percent: number;
}

export interface ImageGridProps {
  images: AlbumImageCard[];
  /** the cover in use (a card's url) */
  coverUrl: string | null;
  pending: PendingUpload[];
  /** errors by card key (the server's `images.<i>.*`, the schema's) */
  errors: Record<string, string>;
  onChange(images: AlbumImageCard[]): void;
  onCover(url: string): void;
}

/**
 * The images of an album as cards (issue #10 "reorder by drag, caption per image, cover choice"): each shows its
 * place, a drag handle, the cover choice (a radio: exactly one cover), a remove button and its caption with a
 * counter (≤ 200). Cards reorder by dragging the handle with a pointer, or from the keyboard (focus the handle,
 * Space to lift, arrows to move, Space to drop, Escape to cancel; @dnd-kit's keyboard sensor, announced to
 * screen readers in the UI language). Images still uploading follow as cards with their progress.
 */
export function ImageGrid({ images, coverUrl, pending, errors, onChange, onCover }: ImageGridProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const indexOf = (key: string | number) => images.findIndex((i) => i.key === key);
  const place = (key: string | number) => indexOf(key) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('album.grid.announce.start', { index: place(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('album.grid.announce.over', { index: place(active.id), to: place(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('album.grid.announce.end', { index: place(active.id), to: place(over.id) })
        : t('album.grid.announce.cancel', { index: place(active.id) }),
    onDragCancel: ({ active }) => t('album.grid.announce.cancel', { index: place(active.id) }),
  };
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange(moveCard(images, indexOf(active.id), indexOf(over.id)));
  };
  const update = (key: string, patch: Partial<AlbumImageCard>) =>
    onChange(images.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('album.grid.instructions') },
      }}
    >
      <SortableContext items={images.map((i) => i.key)} strategy={rectSortingStrategy}>
        <Radio.Group
          name="album-cover"
          value={coverUrl}
          onChange={(e) => onCover(e.target.value as string)}
          className="cc-album-grid"
          data-testid="album-images"
          aria-label={t('album.form.images')}
        >
          {images.map((image, index) => (
            <SortableCard
              key={image.key}
              image={image}
              index={index}
              isCover={image.url === coverUrl}
              error={errors[image.key]}
              onCaption={(caption) => update(image.key, { caption })}
              onRemove={() => onChange(images.filter((i) => i.key !== image.key))}
            />
          ))}
          {pending.map((p) => (
            <div key={p.key} className="cc-album-card is-pending" data-testid="album-pending">
              <div className="cc-album-thumb">
                <Progress type="circle" size={56} percent={p.percent} />
              </div>
              <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                {t('album.grid.uploadingName', { name: p.name })}
              </Typography.Text>
            </div>
          ))}
        </Radio.Group>
      </SortableContext>
    </DndContext>
  );
}

function SortableCard({
  image,
  index,
  isCover,
  error,
  onCaption,
  onRemove,
}: {
  image: AlbumImageCard;
  index: number;
  isCover: boolean;
  error: string | undefined;
  onCaption(caption: string): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: image.key });
  const n = index + 1;
  const small =
    image.width !== undefined &&
    image.height !== undefined &&
    (image.width < ALBUM_IMAGE_MIN_SIDE || image.height < ALBUM_IMAGE_MIN_SIDE);
  const shownError =
    error ??
    (small
      ? t('album.grid.tooSmall', { width: image.width, height: image.height, min: ALBUM_IMAGE_MIN_SIDE })
      : undefined);
  const captionId = `album-caption-${image.key}`;
  return (
    <div
      ref={setNodeRef}
      className={`cc-album-card${isDragging ? ' is-dragging' : ''}${error ? ' has-error' : shownError ? ' has-warning' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="album-card"
      data-url={image.url}
    >
      <div className="cc-album-thumb">
        <img
          src={imageUrlAtSize(image.url, EDITOR_THUMBNAIL_WIDTH, 0)}
          alt={t('album.grid.imageAlt', { index: n })}
        />
        <span className="cc-album-index cc-tabular" aria-hidden>
          {n}
        </span>
        {isCover ? (
          <span className="cc-album-cover-badge">
            <StarFilled /> {t('album.grid.cover')}
          </span>
        ) : null}
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="cc-album-handle"
          aria-label={t('album.grid.drag', { index: n })}
          data-testid="album-drag-handle"
          {...attributes}
          {...listeners}
        >
          <HolderOutlined />
        </button>
      </div>
      <div className="cc-album-card-actions">
        <Radio
          value={image.url}
          data-testid="album-cover-radio"
          aria-label={t('album.grid.setCoverOf', { index: n })}
        >
          {t('album.grid.setCover')}
        </Radio>
        <Tooltip title={t('album.grid.remove')}>
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('album.grid.removeOf', { index: n })}
            onClick={onRemove}
          />
        </Tooltip>
      </div>
      <label htmlFor={captionId} className="cc-album-sr-only">
        {t('album.grid.captionOf', { index: n })}
      </label>
      <Input.TextArea
        id={captionId}
        data-testid="album-caption"
        value={image.caption}
        autoSize={{ minRows: 2, maxRows: 4 }}
        placeholder={t('album.grid.captionPlaceholder')}
        status={error ? 'error' : undefined}
        count={{ show: true, max: ALBUM_CAPTION_MAX, strategy: (s) => codePointLength(s) }}
        onChange={(e) => onCaption(e.target.value)}
      />
      {shownError ? (
        <Typography.Text
          type={error ? 'danger' : undefined}
          className={`cc-album-card-error${error ? '' : ' is-warning'}`}
          role="alert"
        >
          {shownError}
        </Typography.Text>
      ) : null}
    </div>
  );
}
