import type { Jieba, TfIdf } from '@node-rs/jieba';

/*
 * @node-rs/jieba (Chinese segmentation), imported on first use (issue #16 "server peak RSS < 200 MiB"): the native
 * module and its shipped dictionary and IDF table (`dict.js` reads `dict.txt` and `idf.txt` when it loads) hold
 * ≈ 12 MiB of resident memory, plus the dictionary's trie once a `Jieba` is built, which a server that segments no
 * text until a request asks does not need at start.
 */

/** What the package and its `dict.js` export, as the server uses them. */
export interface JiebaPackage {
  Jieba: typeof Jieba;
  TfIdf: typeof TfIdf;
  /** the shipped dictionary (`dict.txt`, bytes) */
  dict: Uint8Array;
  /** the shipped IDF table (`idf.txt`, bytes) */
  idf: Uint8Array;
}

let jiebaPackage: Promise<JiebaPackage> | undefined;
let sharedJieba: Promise<Jieba> | undefined;

/**
 * The package and its shipped dictionaries, imported once (a memoised promise: concurrent first calls share one
 * import). For a segmenter with words of its own (the assistant's car-domain dictionary); plain segmentation uses
 * `loadJieba`.
 * @returns the `Jieba` and `TfIdf` classes and the `dict` and `idf` tables
 */
export function loadJiebaPackage(): Promise<JiebaPackage> {
  return (jiebaPackage ??= Promise.all([import('@node-rs/jieba'), import('@node-rs/jieba/dict.js')]).then(
    ([{ Jieba, TfIdf }, { dict, idf }]) => ({ Jieba, TfIdf, dict, idf }),
  ));
}

/**
 * The process's one plain segmenter, jieba with its shipped dictionary only, built on first use and shared by
 * every module that segments without words of its own (the rule search, the trends' title keywords): one
 * dictionary trie in memory, not one per module (issue #16). Callers must not `loadDict` into it.
 * @returns the shared `Jieba` instance
 */
export function loadJieba(): Promise<Jieba> {
  return (sharedJieba ??= loadJiebaPackage().then(({ Jieba, dict }) => Jieba.withDict(dict)));
}
