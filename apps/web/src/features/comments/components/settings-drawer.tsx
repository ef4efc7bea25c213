import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { BlockedReaders } from './blocked-readers';
import { BlockedWordsForm } from './blocked-words';
import { WorkSwitches } from './work-switches';

/**
 * The inbox's settings (issue #13): hold-all and the blocked words, comments and barrage per work, and the blocked
 * readers. Open while `open` (the address's `?settings=1`).
 */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={760}
      title={t('comments.settings.title')}
      destroyOnHidden
      data-testid="comment-settings"
    >
      <section className="cc-comment-settings-section" aria-labelledby="cc-comment-settings-words">
        <h2 id="cc-comment-settings-words" className="cc-comment-settings-heading">
          {t('comments.settings.wordsSection')}
        </h2>
        <BlockedWordsForm />
      </section>
      <section className="cc-comment-settings-section" aria-labelledby="cc-comment-settings-works">
        <h2 id="cc-comment-settings-works" className="cc-comment-settings-heading">
          {t('comments.settings.worksTitle')}
        </h2>
        <WorkSwitches />
      </section>
      <section className="cc-comment-settings-section" aria-labelledby="cc-comment-settings-blocked">
        <h2 id="cc-comment-settings-blocked" className="cc-comment-settings-heading">
          {t('comments.settings.blockedTitle')}
        </h2>
        <BlockedReaders />
      </section>
    </Drawer>
  );
}
