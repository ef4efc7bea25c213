import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import { setLanguage } from '../../../lib/i18n';
import { RichTextEditor } from './rich-text-editor';

// The article body's image upload shows a refusal in the user's language (issue #8 item 10).
vi.setConfig({ testTimeout: 30_000 });

/** An XMLHttpRequest that answers every upload with `FakeXhr.respond`. */
class FakeXhr {
  static respond = { status: 200, text: '' };
  status = 0;
  responseText = '';
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  withCredentials = false;
  open() {}
  setRequestHeader() {}
  abort() {}
  send() {
    queueMicrotask(() => {
      this.status = FakeXhr.respond.status;
      this.responseText = FakeXhr.respond.text;
      this.onload?.();
    });
  }
}

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width: 9000, height: 9000, close() {} })),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh-CN'));
});

const refusal = (ercd: string, message: string) => ({
  status: 413,
  text: JSON.stringify({ status: 10007, message, data: null, ercd }),
});

describe('RichTextEditor image upload failure', () => {
  it.each([
    ['zh-CN', 'IMAGE_TOO_MANY_PIXELS', /5000 万像素/],
    ['en-US', 'IMAGE_TOO_MANY_PIXELS', /at most 50 megapixels/],
    ['zh-CN', 'IMAGE_BUSY', /服务器正忙于处理图片/],
    ['en-US', 'IMAGE_BUSY', /busy resizing images/],
  ] as const)('%s: %s reads as errors.<ercd>, not the raw server message', async (lng, ercd, text) => {
    await act(() => setLanguage(lng));
    FakeXhr.respond = refusal(ercd, 'raw server text');
    const { container } = renderAt(<RichTextEditor initialHtml="" onChange={() => {}} isEmpty />);
    const input = container.querySelector('input[type="file"]')!;
    const file = new File([new Uint8Array([1, 2, 3])], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByText(/raw server text/)).toBeNull();
  });
});
