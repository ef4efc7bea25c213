import { Popover, Tooltip } from 'antd';
import { CustomerServiceOutlined, FormOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommonMaterial } from '../api/get-common-material';

/**
 * The floating panel at the bottom right (spec §1): contact support shows the support QR image on
 * hover (`common_material {groupName:'contact_support'}`, fetched on first hover); feedback opens the
 * survey from config in a new tab.
 */
export function SidePanel({ feedbackUrl }: { feedbackUrl?: string }) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const material = useCommonMaterial('contact_support', wanted);
  const qr = material.data?.[0];
  return (
    <aside className="cc-side-panel" aria-label={t('sidePanel.contact')}>
      <Popover
        placement="left"
        onOpenChange={(open) => open && setWanted(true)}
        content={
          <div className="cc-qr" data-testid="support-qr">
            {qr ? (
              <img src={qr.url} alt={qr.name || t('sidePanel.contactHint')} width={140} height={140} />
            ) : (
              <div className="cc-qr-placeholder" />
            )}
            <div>{t('sidePanel.contactHint')}</div>
          </div>
        }
      >
        <button
          type="button"
          className="cc-side-button"
          aria-label={t('sidePanel.contact')}
          onFocus={() => setWanted(true)}
        >
          <CustomerServiceOutlined />
          <span>{t('sidePanel.contact')}</span>
        </button>
      </Popover>
      {feedbackUrl ? (
        <Tooltip placement="left" title={t('sidePanel.feedback')}>
          <a
            className="cc-side-button"
            href={feedbackUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('sidePanel.feedback')}
          >
            <FormOutlined />
            <span>{t('sidePanel.feedback')}</span>
          </a>
        </Tooltip>
      ) : null}
    </aside>
  );
}
