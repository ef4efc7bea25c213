/**
 * The upload bench's browser client (issue #16: "measure the web uploader"): the real `@cc/uploader` that the
 * web app uses (createUpload over XMLHttpRequest, SparkMD5 `content-md5` per shard, 5 workers), bundled by
 * esbuild into one script that bench/upload/run.ts evaluates in Debian Chromium on a page of the server's own
 * origin, so the session cookies and same-origin requests are exactly the web app's.
 *
 * It defines `window.__ccBenchUpload(token, userGuid)`, which uploads the file chosen in
 * `<input id="cc-bench-file">` and resolves `{ shards, merge }` in seconds: shards = from the `uploading`
 * state to the `merging` state (every shard confirmed), merge = from then to success. The workers' random
 * start delay (< 1 s, spec §9) is turned off (`random: () => 0`) so the shards' time compares with the bench
 * client's, whose workers start at once; everything else is the product's code path.
 */
import { createUpload } from '@cc/uploader';

declare global {
  interface Window {
    __ccBenchUpload(token: string, userGuid: string): Promise<{ shards: number; merge: number }>;
  }
}

window.__ccBenchUpload = (token, userGuid) =>
  new Promise((resolve, reject) => {
    const input = document.getElementById('cc-bench-file') as HTMLInputElement | null;
    const file = input?.files?.[0];
    if (!file) return reject(new Error('no file chosen'));
    let uploadingAt = 0;
    let mergingAt = 0;
    const upload = createUpload({
      file,
      use: 'video',
      getToken: () => Promise.resolve({ token }),
      userGuid: () => userGuid,
      random: () => 0,
      onStateChange: (state) => {
        if (state === 'uploading') uploadingAt = performance.now();
        if (state === 'merging' && !mergingAt) mergingAt = performance.now();
      },
      onSuccess: () => {
        const done = performance.now();
        resolve({ shards: (mergingAt - uploadingAt) / 1000, merge: (done - mergingAt) / 1000 });
      },
      onFailure: (failure) => reject(new Error(`${failure.message} ${failure.serverMessage ?? ''}`)),
    });
    void upload.start();
  });
