import { App, Button, Result } from 'antd';
import { ArrowLeftOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROGRAM_MIN_GRADE, RULE_REFS } from '@cc/contracts';
import { LinkButton } from '../../components/content-table';
import { withRuleLink } from '../../components/rule-link';
import { ErrorState, LoadingState } from '../../components/states';
import { ProgramEditor, ProgramEditPanel, ProgramList } from '../../features/program';
import { useUserGrade } from '../../features/shell';
import { useQueryState } from '../../lib/use-query-state';

/**
 * `program` and `/program` (spec §2, §6; issue #10 "Programs"): one page. Shown only when `rankResult` is 1 (the
 * menu hides it otherwise); an author without it who opens the URL reads why (grade 3 needed) instead of a form the
 * server would refuse. The list of programs; `?new=1` creates one and `?id=N` edits it; `?page=N` pages the list.
 */
export default function ProgramPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const grade = useUserGrade();
  const qs = useQueryState({ page: '1', id: '', new: '' });
  const id = Number(qs.get('id')) || undefined;
  const isNew = qs.get('new') === '1' && !id;
  const page = Math.max(1, Number(qs.get('page')) || 1);
  const [dirty, setDirty] = useState(false);

  if (grade.isPending) return <LoadingState rows={6} />;
  if (grade.isError) return <ErrorState error={grade.error} onRetry={() => void grade.refetch()} />;
  if (grade.data.rankResult !== 1)
    return (
      <section className="cc-card" data-testid="program-locked">
        <Result
          icon={<LockOutlined />}
          title={
            <h1 className="cc-result-title">{t('program.locked.title', { grade: PROGRAM_MIN_GRADE })}</h1>
          }
          subTitle={withRuleLink(
            t('program.locked.body', { grade: grade.data.grade, min: PROGRAM_MIN_GRADE }),
            RULE_REFS.PROGRAM_GRADE_REQUIRED,
          )}
          extra={[
            <LinkButton key="grade" to="/growUp/myGrade" type="primary">
              {t('program.locked.myGrade')}
            </LinkButton>,
            <LinkButton key="home" to="/">
              {t('common.backHome')}
            </LinkButton>,
          ]}
        />
      </section>
    );

  const backToList = () => {
    const go = () => {
      setDirty(false);
      qs.set({ id: undefined, new: undefined });
    };
    if (!dirty) return go();
    modal.confirm({
      title: t('drafts.leave.title'),
      content: t('drafts.leave.content'),
      okText: t('drafts.leave.ok'),
      cancelText: t('drafts.leave.cancel'),
      okButtonProps: { danger: true },
      onOk: go,
    });
  };

  if (isNew || id)
    return (
      <section className="cc-card">
        <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 16 }}>
          <Button icon={<ArrowLeftOutlined />} onClick={backToList} data-testid="program-back">
            {t('program.backToList')}
          </Button>
          <h1 className="cc-page-title" style={{ margin: 0 }}>
            {isNew ? t('program.create') : t('program.editor.editTitle')}
          </h1>
        </div>
        {isNew ? (
          <ProgramEditor
            onSaved={(saved) => qs.set({ new: undefined, id: saved }, { replace: true })}
            onDirtyChange={setDirty}
          />
        ) : (
          <ProgramEditPanel id={id!} onSaved={() => undefined} onDirtyChange={setDirty} />
        )}
      </section>
    );
  return (
    <section className="cc-card">
      <div
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16 }}
      >
        <h1 className="cc-page-title" style={{ margin: 0 }}>
          {t('program.title')}
        </h1>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => qs.set({ new: '1' })}
          data-testid="program-create"
        >
          {t('program.create')}
        </Button>
      </div>
      <ProgramList page={page} onPageChange={(p) => qs.set({ page: String(p) })} />
    </section>
  );
}
