import {
  Alert,
  App,
  Button,
  Input,
  InputNumber,
  Popconfirm,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { AimOutlined, DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatDuration,
  VIDEO_DOT_TITLE_MAX,
  VIDEO_DOTS_MAX,
  type VideoDetail,
  type VideoDot,
} from '@cc/contracts';
import { useLocalDraft, useUnsavedChangesPrompt } from '../../../lib/local-draft';
import { LocalDraftPrompt } from '../../../components/local-draft-prompt';
import { useSaveVideoDots } from '../api/video-api';
import { pickTime, sortDots, validateDots } from '../logic';
import { DotPlayer, type DotPlayerHandle } from './dot-player';

/**
 * Video dots (issue #3 "Pages", `/videodot`): a player to pick the moment, the list of dots (time mm:ss,
 * title) to add, edit and remove, and save (`video/save_dots`). The player's timeline shows the dots as
 * chapter marks. Only published videos take dots (the server refuses others). Unsaved dots are copied to
 * this device and offered back after a reload; leaving unsaved asks first (issue #9).
 */
export function DotsEditor({ video }: { video: VideoDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveVideoDots();
  const player = useRef<DotPlayerHandle>(null);
  const [dots, setDots] = useState<VideoDot[]>(() => sortDots(video.dots));
  const [title, setTitle] = useState('');
  const [dirty, setDirty] = useState(false);
  const duration = video.duration ?? 0;
  const problems = validateDots(dots, duration);
  useUnsavedChangesPrompt(dirty);
  const draft = useLocalDraft<VideoDot[]>({
    key: `videodot:${video.id}`,
    value: dots,
    isDirty: dirty,
    onRestore: (saved) => change(saved),
  });

  const change = (next: VideoDot[]) => {
    setDots(next);
    setDirty(true);
  };

  const handleAdd = () => {
    const time = pickTime(player.current?.currentTime() ?? 0);
    change(sortDots([...dots, { time, title: title.trim() }]));
    setTitle('');
  };

  const handleSave = async () => {
    if (problems.size > 0) return;
    try {
      const result = await save.mutateAsync({ id: video.id, dots: sortDots(dots) });
      setDots(result.dots);
      setDirty(false);
      draft.clear();
      void message.success(t('video.dots.saved'));
    } catch (e) {
      void message.error(t('video.dots.saveFailed', { message: e instanceof Error ? e.message : String(e) }));
    }
  };

  const columns: TableColumnsType<VideoDot & { index: number }> = [
    {
      title: t('video.dots.time'),
      width: 170,
      render: (_, dot) => (
        <Space size={4}>
          <InputNumber
            size="small"
            min={0}
            max={duration}
            step={0.1}
            value={dot.time}
            aria-label={t('video.dots.time')}
            onChange={(v) =>
              change(
                dots.map((d, i) => (i === dot.index ? { ...d, time: typeof v === 'number' ? v : 0 } : d)),
              )
            }
            style={{ width: 80 }}
          />
          <Typography.Text className="cc-tabular">{formatDuration(dot.time)}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('video.dots.title'),
      render: (_, dot) => {
        const problem = problems.get(dot.index);
        return (
          <div>
            <Input
              size="small"
              value={dot.title}
              maxLength={VIDEO_DOT_TITLE_MAX * 2}
              aria-label={t('video.dots.title')}
              status={problem ? 'error' : undefined}
              onChange={(e) =>
                change(dots.map((d, i) => (i === dot.index ? { ...d, title: e.target.value } : d)))
              }
            />
            {problem ? (
              <Typography.Text type="danger" style={{ fontSize: 12 }} role="alert">
                {t(problem.key, problem.values)}
              </Typography.Text>
            ) : null}
          </div>
        );
      },
    },
    {
      title: t('content.columns.actions'),
      width: 150,
      render: (_, dot) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<AimOutlined />}
            aria-label={t('video.dots.seekTo', { time: formatDuration(dot.time), title: dot.title })}
            onClick={() => player.current?.seek(dot.time)}
          >
            {t('video.dots.go')}
          </Button>
          <Popconfirm
            title={t('video.dots.removeConfirm')}
            okText={t('common.delete')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => change(dots.filter((_d, i) => i !== dot.index))}
          >
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('common.delete')}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="cc-video-form" style={{ gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' }}>
      <div>
        {video.videoUrl ? (
          <DotPlayer ref={player} src={video.videoUrl} duration={duration} dots={dots} />
        ) : (
          <Alert type="warning" showIcon title={t('video.dots.noVideo')} />
        )}
      </div>
      <div>
        <LocalDraftPrompt draft={draft} style={{ marginBottom: 12 }} />
        {video.status !== 'published' ? (
          <Alert type="info" showIcon title={t('video.dots.onlyPublished')} style={{ marginBottom: 12 }} />
        ) : null}
        <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
          <Input
            value={title}
            placeholder={t('video.dots.titlePlaceholder', { max: VIDEO_DOT_TITLE_MAX })}
            aria-label={t('video.dots.newTitle')}
            data-testid="dot-title"
            onChange={(e) => setTitle(e.target.value)}
            onPressEnter={() => title.trim() && handleAdd()}
          />
          <Button
            icon={<PlusOutlined />}
            onClick={handleAdd}
            disabled={!title.trim() || dots.length >= VIDEO_DOTS_MAX || video.status !== 'published'}
            data-testid="dot-add"
          >
            {t('video.dots.addAtPlayhead')}
          </Button>
        </Space.Compact>
        <Table
          size="small"
          rowKey={(d) => `${d.index}`}
          columns={columns}
          dataSource={dots.map((d, index) => ({ ...d, index }))}
          pagination={false}
          locale={{ emptyText: t('video.dots.empty') }}
        />
        {problems.get(-1) ? (
          <Typography.Text type="danger">
            {t(problems.get(-1)!.key, problems.get(-1)!.values)}
          </Typography.Text>
        ) : null}
        <Space style={{ marginTop: 12 }}>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={save.isPending}
            disabled={!dirty || problems.size > 0 || video.status !== 'published'}
            onClick={() => void handleSave()}
            data-testid="dots-save"
          >
            {t('video.dots.save')}
          </Button>
          <Typography.Text type="secondary">
            {t('video.dots.count', { count: dots.length, max: VIDEO_DOTS_MAX })}
          </Typography.Text>
        </Space>
      </div>
    </div>
  );
}
