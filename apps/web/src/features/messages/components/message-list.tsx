import { Badge, Button, List, Space, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MessageItem } from '@cc/contracts';
import { formatDate } from '../../../lib/format';
import { useReadMessage } from '../api/read-message';
import { messageText } from '../message-text';
import { messageTarget } from './message-target';

/**
 * A list of messages: unread dot, text in the reader's language, time, and "mark read". Opening a message
 * (its title, or "view") marks it read and goes to what it is about (`messageTarget`, issue #9); the bell
 * and the group counts follow at once (`useReadMessage`). `compact` (home) shows one line of body and no
 * actions.
 */
export function MessageListView({
  messages,
  compact = false,
}: {
  messages: MessageItem[];
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const read = useReadMessage();
  const markRead = (msg: MessageItem) => {
    if (!msg.isRead) read.mutate(msg);
  };
  return (
    <List
      itemLayout="horizontal"
      dataSource={messages}
      renderItem={(msg) => {
        const text = messageText(msg, i18n.language);
        const target = messageTarget(msg);
        const title = <Typography.Text strong={!msg.isRead}>{text.title}</Typography.Text>;
        return (
          <List.Item
            data-testid="message-item"
            data-read={msg.isRead}
            actions={
              compact
                ? undefined
                : [
                    target ? (
                      <Link key="open" to={target} onClick={() => markRead(msg)}>
                        {t('messages.open')}
                      </Link>
                    ) : null,
                    !msg.isRead ? (
                      <Button
                        key="read"
                        size="small"
                        type="link"
                        icon={<CheckOutlined />}
                        onClick={() => markRead(msg)}
                      >
                        {t('messages.markRead')}
                      </Button>
                    ) : (
                      <Typography.Text key="read" type="secondary">
                        {t('messages.read')}
                      </Typography.Text>
                    ),
                  ].filter(Boolean)
            }
          >
            <List.Item.Meta
              title={
                <Space size={8}>
                  {msg.isRead ? null : (
                    <Badge status="processing" role="img" aria-label={t('messages.unread')} />
                  )}
                  {target ? (
                    <Link
                      to={target}
                      onClick={() => markRead(msg)}
                      aria-label={t('account.messages.openTitle', { title: text.title })}
                      data-testid="message-open"
                    >
                      {title}
                    </Link>
                  ) : (
                    title
                  )}
                </Space>
              }
              description={
                <>
                  <Typography.Paragraph
                    ellipsis={compact ? { rows: 1 } : false}
                    style={{ marginBottom: 4 }}
                    type="secondary"
                  >
                    {text.body}
                  </Typography.Paragraph>
                  <Typography.Text type="secondary" className="cc-tabular" style={{ fontSize: 12 }}>
                    {formatDate(msg.createdAt)}
                  </Typography.Text>
                </>
              }
            />
          </List.Item>
        );
      }}
    />
  );
}
