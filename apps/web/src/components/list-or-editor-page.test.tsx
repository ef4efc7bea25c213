import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt } from '../test/render';
import { ListOrEditorPage } from './list-or-editor-page';

// The list-or-editor page of live shows and programs (issue #10): the URL is the state; leaving an editor with
// unsaved input asks first.
function page() {
  return (
    <ListOrEditorPage
      testIdPrefix="x"
      createTestId="x-create"
      texts={{ title: '列表', create: '新建', back: '返回', newTitle: '新建作品', editTitle: '编辑作品' }}
      list={(p) => <p data-testid="list">page {p}</p>}
      creator={(hooks) => (
        <div>
          <button onClick={() => hooks.onDirtyChange(true)}>type</button>
          <button onClick={() => hooks.onSaved(7)}>save</button>
        </div>
      )}
      editor={(id) => <p data-testid="editor">editing {id}</p>}
    />
  );
}

describe('ListOrEditorPage', () => {
  it('lists, creates, moves to ?id= once saved, and goes back without asking when nothing is unsaved', async () => {
    const { router } = renderAt(page(), '/works?page=2');
    expect((await screen.findByTestId('list')).textContent).toBe('page 2');
    fireEvent.click(screen.getByTestId('x-create'));
    expect(await screen.findByRole('heading', { name: '新建作品' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    expect((await screen.findByTestId('editor')).textContent).toBe('editing 7');
    expect(router.state.location.search).toContain('id=7');
    fireEvent.click(screen.getByTestId('x-back'));
    expect((await screen.findByTestId('list')).textContent).toBe('page 2');
  });

  it('asks before leaving an editor with unsaved input, and stays when the author cancels', async () => {
    renderAt(page(), '/works?new=1');
    fireEvent.click(await screen.findByRole('button', { name: 'type' }));
    fireEvent.click(screen.getByTestId('x-back'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('离开');
    fireEvent.click(screen.getByRole('button', { name: /^留\s?下$/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: '新建作品' })).toBeTruthy();
  });
});
