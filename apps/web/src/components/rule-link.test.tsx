import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderAt } from '../test/render';
import { ApiError } from '../lib/api-client';
import { RuleLink, toastWithRuleLink, withRuleLink } from './rule-link';

// "See the rule" beside a refusal (issue #11): a router link to the section of the rule centre.

describe('RuleLink', () => {
  it('links a publishing rule to its category page with the section as fragment', async () => {
    renderAt(<RuleLink ruleRef="publish-titles#length" />);
    const link = await screen.findByRole('link', { name: /查看规则/ });
    expect(link.getAttribute('href')).toBe('/authoringService/ruleCenter/publish?rule=publish-titles#length');
    expect(link.getAttribute('target')).toBeNull();
    expect(link.getAttribute('data-rule-ref')).toBe('publish-titles#length');
  });

  it('links a certification rule to the rule centre itself', async () => {
    renderAt(<RuleLink ruleRef="certification-standards#person" />);
    expect((await screen.findByRole('link', { name: /查看规则/ })).getAttribute('href')).toBe(
      '/authoringService/ruleCenter?rule=certification-standards#person',
    );
  });

  it('opens in a new tab where a form must keep its input (newTab), under the test id given', async () => {
    renderAt(<RuleLink ruleRef="certification-standards#person" newTab testId="cert-error-idNumber-rule" />);
    const link = await screen.findByTestId('cert-error-idNumber-rule');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener');
  });

  it('renders nothing without a reference', async () => {
    renderAt(
      <div data-testid="box">
        <RuleLink ruleRef={undefined} />
        <RuleLink ruleRef={null} />
        <RuleLink ruleRef="" />
      </div>,
    );
    expect((await screen.findByTestId('box')).innerHTML).toBe('');
  });

  it('withRuleLink puts the link after a text, and leaves a text without a rule (or no text) as it is', async () => {
    expect(withRuleLink('标题需为 6–30 个字', undefined)).toBe('标题需为 6–30 个字');
    expect(withRuleLink(undefined, 'publish-titles#length')).toBeUndefined();
    renderAt(<p data-testid="help">{withRuleLink('标题需为 6–30 个字', 'recommend-quality#low-quality')}</p>);
    const help = await screen.findByTestId('help');
    expect(help.textContent).toBe('标题需为 6–30 个字 查看规则');
    expect(screen.getByRole('link').getAttribute('href')).toBe(
      '/authoringService/ruleCenter/recommend?rule=recommend-quality#low-quality',
    );
  });
});

describe('toastWithRuleLink', () => {
  it('adds a new-tab anchor for an error that applies a rule, and leaves the text alone otherwise', async () => {
    const refused = new ApiError(0, 'at most 500 drafts', 'QUOTA_EXCEEDED', {
      ruleRef: 'publish-works#drafts',
    });
    expect(toastWithRuleLink('保存失败', new Error('network'), '查看规则')).toBe('保存失败');
    renderAt(<p data-testid="toast">{toastWithRuleLink('保存失败：草稿已满', refused, '查看规则')}</p>);
    const link = await screen.findByTestId('toast-rule-link');
    expect(link.getAttribute('href')).toBe('/authoringService/ruleCenter/publish?rule=publish-works#drafts');
    expect(link.getAttribute('target')).toBe('_blank');
    expect((await screen.findByTestId('toast')).textContent).toBe('保存失败：草稿已满 查看规则');
  });
});
