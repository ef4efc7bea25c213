import { Button, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, HolderOutlined } from '@ant-design/icons';
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
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import { ContentCover, StatusTag } from '../../../components/content-table';
import { moveItem, type EpisodeItem } from '../logic';

/** One row: the drag handle (also the keyboard handle: Space to lift, arrows to move, Space to drop), its number, cover, title, type, status and remove. */
function EpisodeRow({
  episode,
  index,
  onRemove,
}: {
  episode: EpisodeItem;
  index: number;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: episode.id });
  const title = episode.title || t('content.untitled');
  return (
    <li
      ref={setNodeRef}
      className="cc-episode"
      data-testid="program-episode"
      data-id={episode.id}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        padding: '8px 12px',
        border: '1px solid var(--cc-border, #e5e6eb)',
        borderRadius: 6,
        background: isDragging ? '#f0f5ff' : '#fff',
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      <Button
        ref={setActivatorNodeRef}
        type="text"
        size="small"
        icon={<HolderOutlined />}
        style={{ cursor: 'grab', touchAction: 'none' }}
        aria-label={t('program.episodes.dragHandle', { index: index + 1, title })}
        data-testid="program-episode-handle"
        {...attributes}
        {...listeners}
      />
      <span
        className="cc-tabular"
        style={{ width: 28, textAlign: 'right', color: 'var(--cc-text-description)' }}
      >
        {index + 1}
      </span>
      <ContentCover url={episode.coverUrl} shape="table" />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text strong ellipsis={{ tooltip: title }} style={{ display: 'block' }}>
          {title}
        </Typography.Text>
        <Space size={4}>
          <Tag>{t(`program.types.${episode.type}`)}</Tag>
          {episode.status !== 'published' ? <StatusTag status={episode.status} /> : null}
        </Space>
      </div>
      <Button
        type="text"
        danger
        size="small"
        icon={<DeleteOutlined />}
        onClick={onRemove}
        aria-label={t('program.episodes.remove', { title })}
      />
    </li>
  );
}

/**
 * The episodes of a program in order (issue #10 "drag to order"): a sortable list (@dnd-kit) moved with the
 * mouse or the keyboard (Tab to a handle, Space to lift, arrow keys, Space to drop; announced to screen readers
 * in the UI language), each with a remove button.
 */
export function EpisodeList({
  episodes,
  onChange,
}: {
  episodes: EpisodeItem[];
  onChange: (episodes: EpisodeItem[]) => void;
}) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const titleOf = (id: number | string) => {
    const e = episodes.find((x) => x.id === id);
    return e?.title || t('content.untitled');
  };
  const positionOf = (id: number | string) => episodes.findIndex((x) => x.id === id) + 1;

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = episodes.findIndex((e) => e.id === active.id);
    const to = episodes.findIndex((e) => e.id === over.id);
    if (from >= 0 && to >= 0) onChange(moveItem(episodes, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('program.episodes.instructions') },
        announcements: {
          onDragStart: ({ active }) => t('program.episodes.lifted', { title: titleOf(active.id) }),
          onDragOver: ({ active, over }) =>
            over
              ? t('program.episodes.moved', { title: titleOf(active.id), index: positionOf(over.id) })
              : undefined,
          onDragEnd: ({ active, over }) =>
            over
              ? t('program.episodes.dropped', { title: titleOf(active.id), index: positionOf(over.id) })
              : undefined,
          onDragCancel: ({ active }) => t('program.episodes.cancelled', { title: titleOf(active.id) }),
        },
      }}
    >
      <SortableContext items={episodes.map((e) => e.id)} strategy={verticalListSortingStrategy}>
        <ol
          data-testid="program-episodes"
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'flex',
            flexDirection: 'column',
            gap: 8,
          }}
        >
          {episodes.map((episode, index) => (
            <EpisodeRow
              key={episode.id}
              episode={episode}
              index={index}
              onRemove={() => onChange(episodes.filter((e) => e.id !== episode.id))}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
