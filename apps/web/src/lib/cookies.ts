/** Reads one cookie by name from `document.cookie`; '' when absent. One reader, owned by the uploader (API.md §5). */
export { readCookie } from '@cc/uploader';
