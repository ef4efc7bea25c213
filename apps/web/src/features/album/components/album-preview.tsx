import { Button, Empty, Modal, Space, Tag, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_WIDTH, imageUrlAtSize, type CarSeriesItem } from '@cc/contracts';

/** A horizontal swipe at least this long (CSS px) turns the page. */
const SWIPE_PX = 40;

export interface AlbumPreviewProps {
  open: boolean;
  onClose(): void;
  title: string;
  images: { url: string; caption: string }[];
  carSeries?: CarSeriesItem[];
  topicName?: string | null;
}

/**
 * An album as a reader sees it (issue #10 "preview"): the title, one image at a time at reading width (800 px,
 * spec §9) with its caption and place (`3 / 12`), previous / next by the buttons, the arrow keys or a swipe, and
 * the thumbnails to jump. Car series and topic as tags under the title.
 */
export function AlbumPreview({ open, onClose, title, images, carSeries = [], topicName }: AlbumPreviewProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const start = useRef<number | null>(null);
  const total = images.length;
  const at = Math.min(index, Math.max(0, total - 1));
  const current = images[at];
  const go = (to: number) => setIndex(Math.max(0, Math.min(total - 1, to)));
  // the arrow keys turn the page while the preview is open (wherever the focus is inside the dialog)
  useEffect(() => {
    if (!open) return;
    const handleKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'ArrowLeft') setIndex((i) => Math.max(0, Math.min(i, total - 1) - 1));
      else if (e.key === 'ArrowRight') setIndex((i) => Math.min(total - 1, i + 1));
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [open, total]);
  const handlePointerUp = (e: PointerEvent) => {
    if (start.current === null) return;
    const dx = e.clientX - start.current;
    start.current = null;
    if (dx <= -SWIPE_PX) go(at + 1);
    else if (dx >= SWIPE_PX) go(at - 1);
  };
  return (
    <Modal
      open={open}
      onCancel={onClose}
      afterOpenChange={(isOpen) => !isOpen && setIndex(0)}
      footer={null}
      width={880}
      title={t('album.preview.title')}
      destroyOnHidden
    >
      <div className="cc-album-preview" data-testid="album-preview">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {title || t('content.untitled')}
        </Typography.Title>
        {carSeries.length > 0 || topicName ? (
          <Space wrap size={[4, 4]} style={{ marginBottom: 12 }}>
            {topicName ? <Tag color="blue">#{topicName}</Tag> : null}
            {carSeries.map((s) => (
              <Tag key={s.id}>{`${s.brand} ${s.series}`}</Tag>
            ))}
          </Space>
        ) : null}
        {current ? (
          <>
            <div
              className="cc-album-stage"
              onPointerDown={(e) => (start.current = e.clientX)}
              onPointerUp={handlePointerUp}
              onPointerCancel={() => (start.current = null)}
            >
              <img
                src={imageUrlAtSize(current.url, IMAGE_MAX_WIDTH, 0)}
                alt={current.caption || t('album.grid.imageAlt', { index: at + 1 })}
                draggable={false}
              />
              <Button
                className="cc-album-stage-prev"
                shape="circle"
                icon={<LeftOutlined />}
                aria-label={t('album.preview.prev')}
                disabled={at === 0}
                onClick={() => go(at - 1)}
              />
              <Button
                className="cc-album-stage-next"
                shape="circle"
                icon={<RightOutlined />}
                aria-label={t('album.preview.next')}
                disabled={at >= total - 1}
                onClick={() => go(at + 1)}
              />
            </div>
            <div className="cc-album-stage-caption" aria-live="polite">
              <span className="cc-tabular" data-testid="album-preview-counter">
                {t('album.preview.counter', { index: at + 1, total })}
              </span>
              <span data-testid="album-preview-caption">{current.caption}</span>
            </div>
            <div className="cc-album-strip" role="list">
              {images.map((img, i) => (
                <button
                  key={`${img.url}-${i}`}
                  type="button"
                  role="listitem"
                  className={i === at ? 'is-current' : undefined}
                  aria-label={t('album.preview.goTo', { index: i + 1 })}
                  aria-current={i === at || undefined}
                  onClick={() => go(i)}
                >
                  <img src={imageUrlAtSize(img.url, 120, 120)} alt="" />
                </button>
              ))}
            </div>
          </>
        ) : (
          <Empty description={t('album.preview.empty')} />
        )}
      </div>
    </Modal>
  );
}
