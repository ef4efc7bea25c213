import { Col, Row } from 'antd';
import {
  CameraOutlined,
  FileTextOutlined,
  MessageOutlined,
  PictureOutlined,
  PlaySquareOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';

const ENTRIES: { key: string; to: string; icon: ReactNode; dynamic?: true }[] = [
  { key: 'article', to: '/article', icon: <FileTextOutlined /> },
  { key: 'video', to: '/videos/video', icon: <VideoCameraOutlined /> },
  { key: 'smallVideo', to: '/smallVideo/indexv', icon: <PlaySquareOutlined /> },
  { key: 'images', to: '/releaseImages', icon: <PictureOutlined /> },
  { key: 'dynamic', to: '/dynamic/dynamic', icon: <MessageOutlined />, dynamic: true },
  { key: 'live', to: '/liveShow', icon: <CameraOutlined /> },
];

/**
 * Quick entries to publish, three to a row with the icon beside the word, so the longest word
 * ("Short video") fits on one line in the half-width card (issue #9). The unbuilt ones lead to their
 * spec routes ("coming soon"). The dynamic entry shows only when the author may post dynamics, as in the menu
 * (spec §3, §6; issue #10).
 * @param dynamicShow `dynamic/get_dynamic_auth`'s flag (or the copy kept in localStorage): 1 shows dynamics
 */
export function QuickEntries({ dynamicShow }: { dynamicShow: number }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[12, 12]}>
      {ENTRIES.filter((e) => !e.dynamic || dynamicShow === 1).map((e) => (
        <Col span={8} key={e.key}>
          <Link to={e.to} className="cc-quick-entry">
            <span className="cc-quick-icon">{e.icon}</span>
            <span>{t(`home.publish.${e.key}`)}</span>
          </Link>
        </Col>
      ))}
    </Row>
  );
}
