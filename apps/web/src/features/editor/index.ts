export { PosterEditor, type PosterEditorProps } from './components/poster-editor';
export { DesignsGrid } from './components/designs-grid';
export { getDesign, useDesignList, useDesignActions, DESIGNS_KEY } from './api/designs';
export { presetFromParam, safeReturnTo, withCoverUrl, coverDesignPath } from './lib/poster-params';
