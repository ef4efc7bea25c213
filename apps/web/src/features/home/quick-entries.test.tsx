import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderAt } from '../../test/render';
import { QuickEntries } from './components/quick-entries';

// Issue #10 / spec §3, §6: the dynamic area shows only when get_dynamic_auth allows it, everywhere it
// appears — the menu (menu.test.ts) and the home page's quick-publish entries (here).
const targets = () => screen.getAllByRole('link').map((a) => a.getAttribute('href'));

describe('QuickEntries', () => {
  it('leaves out the dynamic entry when the author may not post dynamics', () => {
    renderAt(<QuickEntries dynamicShow={0} />);
    expect(targets()).toEqual([
      '/article',
      '/videos/video',
      '/smallVideo/indexv',
      '/releaseImages',
      '/liveShow',
    ]);
  });

  it('shows it when dynamicShow is 1', () => {
    renderAt(<QuickEntries dynamicShow={1} />);
    expect(targets()).toContain('/dynamic/dynamic');
    expect(targets()).toHaveLength(6);
  });
});
