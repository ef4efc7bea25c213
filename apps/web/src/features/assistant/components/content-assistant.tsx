import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Spin,
  Typography,
} from 'antd';
import { BulbOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ASSISTANT_TOPIC_MAX,
  type AssistantEngine,
  type ContentListItem,
  type ContentType,
  contentTypes,
  htmlToPlainText,
  TITLE_MAX,
  TITLE_MIN,
} from '@cc/contracts';
import { ErrorState, LoadingState } from '../../../components/states';
import { apiErrorText } from '../../../lib/api-client';
import { fetchWorkDetail, useAssistantCheck, useAssistantState, useSuggestTitles } from '../api';
import { formatTitleLength, measureImage, titleMeter } from '../logic';
import { CheckResults } from './check-results';
import { AssistantNotAllowed } from './not-allowed';
import { TitleSuggestions } from './title-suggestions';
import { WorkPicker } from './work-picker';
import './assistant.css';

/**
 * `/contentAssistant` (issue #14 "Content assistant", spec §6): for an author with the `contentAssistant` permission,
 * the work (pasted, or one of theirs read through `content/detail`), an optional topic (`?topic=` from the trend
 * pages), title suggestions and the check before publishing; for anyone else, what it is and who enables it.
 */
export function ContentAssistantView({ topic }: { topic?: string }) {
  const { t } = useTranslation();
  const state = useAssistantState();
  let body;
  if (state.isPending) body = <LoadingState rows={6} />;
  else if (state.isError) body = <ErrorState error={state.error} onRetry={() => void state.refetch()} />;
  else if (!state.data.allowed) body = <AssistantNotAllowed />;
  else body = <AssistantWorkspace engine={state.data.engine} initialTopic={topic ?? ''} />;
  return (
    <section className="cc-card" aria-labelledby="assistant-title">
      <h1 className="cc-page-title" id="assistant-title">
        {t('assistant.title')}
      </h1>
      <Typography.Paragraph type="secondary">{t('assistant.intro')}</Typography.Paragraph>
      {body}
    </section>
  );
}

/** Sizes of a picked work's covers, once every one has been measured (null while unknown). */
type CoverSizes = { width: number; height: number }[] | null;

function AssistantWorkspace({ engine, initialTopic }: { engine: AssistantEngine; initialTopic: string }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const errorText = (e: unknown) => apiErrorText(e, t, (k) => i18n.exists(k));
  const [mode, setMode] = useState<'paste' | 'pick'>('paste');
  const [type, setType] = useState<ContentType>('article');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [topic, setTopic] = useState(initialTopic.slice(0, ASSISTANT_TOPIC_MAX));
  const [coverCount, setCoverCount] = useState<number | null>(null);
  const [coverSizes, setCoverSizes] = useState<CoverSizes>(null);
  const [picked, setPicked] = useState<{
    state: 'loading' | 'done' | 'error';
    title: string;
    note?: string;
  } | null>(null);
  const suggest = useSuggestTitles();
  const check = useAssistantCheck();

  const handlePick = (work: ContentListItem) => {
    setPicked({ state: 'loading', title: work.title });
    fetchWorkDetail(work.id).then(
      (detail) => {
        setType(detail.type);
        setTitle(detail.title);
        const body = detail.content ?? '';
        setText(body);
        setCoverCount(detail.coverUrls.length);
        setCoverSizes(null);
        setPicked({
          state: 'done',
          title: detail.title,
          note: htmlToPlainText(body) ? undefined : t('assistant.source.noBody'),
        });
        suggest.reset();
        check.reset();
        // the covers' sizes, for the aspect and size rules, once all are known
        if (detail.coverUrls.length > 0)
          void Promise.all(detail.coverUrls.map(measureImage)).then((sizes) => {
            if (sizes.every((s) => s !== null)) setCoverSizes(sizes);
          });
      },
      (e: unknown) => setPicked({ state: 'error', title: work.title, note: errorText(e) }),
    );
  };

  const plainLength = [...htmlToPlainText(text)].length;
  const meter = titleMeter(title);
  const canSuggest = type !== 'dynamic' && plainLength > 0;

  const handleSuggest = () => {
    if (type === 'dynamic') return;
    suggest.mutate({
      text,
      type,
      ...(title.trim() ? { title: title.trim() } : {}),
      ...(topic.trim() ? { topic: topic.trim() } : {}),
    });
  };
  const handleCheck = () =>
    check.mutate({
      title,
      text,
      type,
      ...(coverCount !== null ? { coverCount } : {}),
      ...(coverSizes && coverSizes.length === coverCount ? { coverSizes } : {}),
    });
  const handleUseTitle = (value: string) => {
    setTitle(value);
    void message.success(t('assistant.actions.used'));
  };

  return (
    <>
      <Card
        title={t('assistant.source.label')}
        extra={
          <Typography.Text type="secondary" data-testid="assistant-engine">
            {t('assistant.engine.label', { engine: t(`assistant.engine.${engine}`) })}
          </Typography.Text>
        }
        style={{ marginBottom: 16 }}
      >
        <Form layout="vertical" requiredMark={false} onSubmitCapture={(e) => e.preventDefault()}>
          <Form.Item>
            <Radio.Group
              value={mode}
              onChange={(e) => setMode(e.target.value as 'paste' | 'pick')}
              optionType="button"
              options={[
                { value: 'paste', label: t('assistant.source.paste') },
                { value: 'pick', label: t('assistant.source.pick') },
              ]}
              data-testid="assistant-mode"
            />
          </Form.Item>
          {mode === 'pick' ? (
            <Form.Item label={t('assistant.source.pickLabel')} htmlFor="assistant-work">
              <WorkPicker id="assistant-work" onPick={handlePick} />
              {picked ? (
                <div style={{ marginTop: 8 }} data-testid="assistant-picked" role="status">
                  {picked.state === 'loading' ? (
                    <Spin size="small" />
                  ) : picked.state === 'error' ? (
                    <Typography.Text style={{ color: '#ad2102' }}>
                      {t('assistant.source.loadFailed', { message: picked.note })}
                    </Typography.Text>
                  ) : (
                    <>
                      <Typography.Text>
                        {t('assistant.source.picked', { title: picked.title })}
                      </Typography.Text>
                      {picked.note ? (
                        <Typography.Text type="secondary" style={{ display: 'block' }}>
                          {picked.note}
                        </Typography.Text>
                      ) : null}
                    </>
                  )}
                </div>
              ) : null}
            </Form.Item>
          ) : null}
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item label={t('assistant.fields.type')} htmlFor="assistant-type">
                <Select<ContentType>
                  id="assistant-type"
                  value={type}
                  onChange={setType}
                  data-testid="assistant-type"
                  options={contentTypes.map((v) => ({ value: v, label: t(`assistant.types.${v}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item label={t('assistant.fields.topic')} htmlFor="assistant-topic">
                <Input
                  id="assistant-topic"
                  value={topic}
                  maxLength={ASSISTANT_TOPIC_MAX}
                  onChange={(e) => setTopic(e.target.value)}
                  placeholder={t('assistant.fields.topicPlaceholder')}
                  allowClear
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            label={t('assistant.fields.title')}
            htmlFor="assistant-current-title"
            help={
              type === 'dynamic'
                ? t('assistant.dynamicNoTitle')
                : t('assistant.fields.titleRule', { min: TITLE_MIN, max: TITLE_MAX })
            }
          >
            <Input
              id="assistant-current-title"
              value={title}
              disabled={type === 'dynamic'}
              onChange={(e) => setTitle(e.target.value)}
              placeholder={t('assistant.fields.titlePlaceholder')}
              suffix={
                <span
                  className="cc-tabular"
                  data-testid="assistant-title-count"
                  style={{ color: title.trim() && !meter.ok ? '#ad2102' : 'var(--cc-text-description)' }}
                >
                  {t('assistant.fields.titleCount', {
                    length: formatTitleLength(meter.length),
                    max: TITLE_MAX,
                  })}
                </span>
              }
            />
          </Form.Item>
          <Form.Item
            label={t('assistant.fields.text')}
            htmlFor="assistant-text"
            extra={
              <span className="cc-tabular" data-testid="assistant-text-count">
                {t('assistant.fields.textCount', { count: plainLength })}
              </span>
            }
          >
            <Input.TextArea
              id="assistant-text"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t('assistant.fields.textPlaceholder')}
              autoSize={{ minRows: 6, maxRows: 16 }}
            />
          </Form.Item>
          <Form.Item
            label={t('assistant.fields.covers')}
            htmlFor="assistant-covers"
            extra={
              coverSizes
                ? t('assistant.fields.coverSizes', { count: coverSizes.length })
                : t('assistant.fields.coversHint')
            }
          >
            <InputNumber<number>
              id="assistant-covers"
              min={0}
              max={9}
              precision={0}
              value={coverCount}
              placeholder={t('assistant.fields.coversPlaceholder')}
              onChange={(v) => {
                setCoverCount(v);
                setCoverSizes(null);
              }}
            />
          </Form.Item>
          <div className="cc-assistant-actions">
            <Button
              type="primary"
              icon={<BulbOutlined aria-hidden />}
              onClick={handleSuggest}
              loading={suggest.isPending}
              disabled={!canSuggest}
              data-testid="assistant-suggest"
            >
              {t('assistant.actions.suggest')}
            </Button>
            <Button
              icon={<SafetyCertificateOutlined aria-hidden />}
              onClick={handleCheck}
              loading={check.isPending}
              data-testid="assistant-run-check"
            >
              {t('assistant.actions.check')}
            </Button>
          </div>
        </Form>
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={13}>
          <Card title={t('assistant.suggestions.title')} style={{ marginBottom: 16 }}>
            {suggest.isError ? (
              <Alert
                type="error"
                showIcon
                role="alert"
                title={t('assistant.suggestions.failed', { message: errorText(suggest.error) })}
              />
            ) : suggest.data ? (
              <TitleSuggestions data={suggest.data} onUseTitle={handleUseTitle} />
            ) : (
              <Typography.Text type="secondary">
                {type === 'dynamic' ? t('assistant.dynamicNoTitle') : t('assistant.suggestions.idle')}
              </Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={11}>
          <Card title={t('assistant.check.title')} style={{ marginBottom: 16 }}>
            {check.isError ? (
              <Alert
                type="error"
                showIcon
                role="alert"
                title={t('assistant.check.failed', { message: errorText(check.error) })}
              />
            ) : check.data ? (
              <CheckResults data={check.data} />
            ) : (
              <Typography.Text type="secondary">{t('assistant.check.idle')}</Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}
