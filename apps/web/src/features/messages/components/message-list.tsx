import { Badge, Button, List, Space, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MessageItem } from '@cc/contracts';
import { formatDate } from '../../../lib/format';
import { messageText } from '../message-text';

/** A list of messages: unread dot, text in the reader's language, time, link and "mark read". */
export function MessageListView({
  messages,
  onMarkRead,
  compact = false,
}: {
  messages: MessageItem[];
  onMarkRead?: (id: number) => void;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <List
      itemLayout="horizontal"
      dataSource={messages}
      renderItem={(msg) => {
        const text = messageText(msg, t, i18n);
        return (
          <List.Item
            data-testid="message-item"
            actions={
              compact
                ? undefined
                : [
                    msg.link ? (
                      <Link key="open" to={msg.link}>
                        {t('messages.open')}
                      </Link>
                    ) : null,
                    !msg.isRead && onMarkRead ? (
                      <Button
                        key="read"
                        size="small"
                        type="link"
                        icon={<CheckOutlined />}
                        onClick={() => onMarkRead(msg.id)}
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
                  {msg.isRead ? null : <Badge status="processing" aria-label={t('messages.unread')} />}
                  <Typography.Text strong={!msg.isRead}>{text.title}</Typography.Text>
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
