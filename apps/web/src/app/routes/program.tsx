import { Result } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PROGRAM_MIN_GRADE, RULE_REFS } from '@cc/contracts';
import { LinkButton } from '../../components/content-table';
import { ListOrEditorPage } from '../../components/list-or-editor-page';
import { withRuleLink } from '../../components/rule-link';
import { ErrorState, LoadingState } from '../../components/states';
import { ProgramEditor, ProgramEditPanel, ProgramList } from '../../features/program';
import { useUserGrade } from '../../features/shell';

/**
 * `program` and `/program` (spec §2, §6; issue #10 "Programs"): one page. Shown only when `rankResult` is 1 (the
 * menu hides it otherwise); an author without it who opens the URL reads why (grade 3 needed) instead of a form the
 * server would refuse. The list of programs; `?new=1` creates one and `?id=N` edits it; `?page=N` pages the list.
 */
export default function ProgramPage() {
  const { t } = useTranslation();
  const grade = useUserGrade();

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

  return (
    <ListOrEditorPage
      testIdPrefix="program"
      createTestId="program-create"
      texts={{
        title: t('program.title'),
        create: t('program.create'),
        back: t('program.backToList'),
        newTitle: t('program.create'),
        editTitle: t('program.editor.editTitle'),
      }}
      list={(page, onPageChange) => <ProgramList page={page} onPageChange={onPageChange} />}
      creator={(hooks) => <ProgramEditor {...hooks} />}
      editor={(id, hooks) => <ProgramEditPanel id={id} {...hooks} />}
    />
  );
}
